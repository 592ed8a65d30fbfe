/** Spreadsheet import and export (architecture 'Spreadsheets'): the shapes the preview grid works with. */

export const MAX_SPREADSHEET_BYTES = 20 * 1024 * 1024;
export const SPREADSHEET_ACCEPT = ".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv";

export const importMessages = {
  formulaWithoutValue:
    "This cell holds a formula with no saved result. Type the value, or open the file in a spreadsheet program, save it, and upload it again.",
  fileRequired: "Choose a spreadsheet to upload.",
  tooLarge: "The file is larger than 20 MB. Split it into smaller files.",
  notSpreadsheet: "This file is not a spreadsheet. Upload an .xlsx or .csv file.",
  image: "This file is an image, not a spreadsheet. Upload an .xlsx or .csv file.",
  pdf: "This file is a PDF, not a spreadsheet. Upload an .xlsx or .csv file.",
  protectedOrOld: "This workbook is password-protected or in the old .xls format. Save it as an unprotected .xlsx (or .csv) and upload it again.",
  notWorkbook: "This zip file is not an Excel workbook. Upload an .xlsx or .csv file.",
  corrupt: "The workbook could not be read; it may be damaged. Open it in a spreadsheet program, save it again, and upload that.",
  zipBomb: "The file expands to far more than its own size, so it was not opened. Upload an ordinary .xlsx or .csv file.",
  empty: "The spreadsheet has no rows below its header.",
  missingColumns: (names: string[]) =>
    `The spreadsheet is missing ${names.length === 1 ? "the column" : "the columns"} ${names.join(", ")}. Download the template to see them.`,
  tooManyRows: "The spreadsheet has more than 1,000,000 rows. Split it into smaller files.",
  duplicateInFile: (row: number) => `Duplicate of row ${row} in this file.`,
  fixFirst: (count: number) => `Fix or drop the ${count} row${count === 1 ? "" : "s"} with errors first.`,
  nothingToCreate: "There are no rows left to create.",
  importNotFound: "This upload was not found. Upload the spreadsheet again.",
  rowDropped: "Row dropped",
  rowsDropped: (count: number) => `${count} row${count === 1 ? "" : "s"} dropped`,
  nothingToChange: "Nothing to create or change: every row is the same as its record.",
  changedSinceUpload: "Someone changed this record after the upload, so this row was not applied. Upload the spreadsheet again to see their change.",
  addedSinceUpload: "A record with this value was added after the upload, so this row was not applied. Upload the spreadsheet again to see it.",
  matchesTwo: "This row names two different existing records.",
  mayNotUpdate: "You may add records but not change existing ones. Choose to skip the updates.",
  staffPostingFixed:
    "An upload does not change a staff member's school or staff type (a transfer changes the school). Put back the record's value, or drop this row.",
  ownContactFixed: "Change your own e-mail or phone number on your profile, where your password is asked.",
} as const;

/** What confirming does with rows that name an existing record: apply their changes, skip them, or hold them as errors. */
export const existingModes = ["update", "skip", "error"] as const;
export type ExistingMode = (typeof existingModes)[number];

export type ImportColumn = { key: string; header: string; required: boolean };
/**
 * `kind`: a new record, or a row naming an existing one with changes (`before`: the record's value of each
 * changed cell, the row's being in `data`) or without.
 */
export type StagedRow = {
  id: string;
  rowNumber: number;
  data: Record<string, string>;
  errors: Record<string, string>;
  valid: boolean;
  kind: "new" | "update" | "unchanged";
  before: Record<string, string>;
};
/** POST …/upload-multiple: the staged import, its counts and first page. */
export type ImportSummary = {
  importId: string;
  filename: string;
  columns: ImportColumn[];
  totalRows: number;
  validRows: number;
  invalidRows: number;
  /** Of the valid rows: new records, updates of existing ones, and rows the same as their record. */
  newRows: number;
  updateRows: number;
  unchangedRows: number;
  existing: ExistingMode;
  /** Whether the caller may apply updates (the edit form's permission). */
  mayUpdate: boolean;
  status: "staged" | "confirmed";
};
export type ImportRowsPage = ImportSummary & { rows: StagedRow[]; page: number; limit: number; shownRows: number };
/** POST …/create-multiple: how many were created; a retried confirm reports the first one's count. */
export type ImportConfirmed = { message: string; created: number; updated: number; alreadyConfirmed: boolean };

/**
 * The longest cell the importer keeps: longer ones are cut to one character past it, so the column's
 * own limit refuses them with its message, and no huge value is stored, indexed or sent back.
 */
export const MAX_CELL_CHARS = 1_000;
