/** Where lib/form-draft.ts keeps a form's draft in the tab's sessionStorage (a module of its own, so a page can ask without the draft's code). */
export const draftStorageKey = (key: string) => `portal.draft.${key}`;
