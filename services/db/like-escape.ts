/** `50%_off` must match itself, not any text: LIKE's wildcards and its escape character are escaped. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, "\\$&");
