/** The APIs' error answer, which the BFF passes on and the browser shows: one shape everywhere. */
export type FieldIssue = { path: string; message: string };
export type ApiErrorBody = { message: string; code?: string; issues?: FieldIssue[] };
