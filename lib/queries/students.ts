// The students' reads, keys and mutations (README 'Adding a resource', step 8). Two parts are built side
// by side: the register's reads (search, total, summary, download) and the record's changes (add, update,
// duplicates, upload, group moves); each adds to its own section below.

import { keepPreviousData } from "@tanstack/react-query";
import type * as z from "zod/mini";
import type {
  NewStudent,
  StudentDuplicates,
  StudentMoveInput,
  StudentMovePage,
  StudentMoved,
  StudentMoveReview,
  StudentRecord,
  StudentSaved,
  StudentSearchAnswer,
  StudentSearchTotal,
  StudentSummary,
  studentUpdateSchema,
} from "../contract/students";
import type { Location } from "../contract/user";
import { clientApi, districtApi } from "../client-api";
import { registerFilterQuery, registerFromQuery, type RegisterFilters } from "../register-url";
import { apiRead, useApiRead } from "./api-read";
import { spreadsheetApi } from "./imports";

export const studentKeys = {
  all: ["students"] as const,
};

// ---- the register: search, total, summary, download ----

/** Spec §9: the admission register asks for 1,000 pupils at a time; the table draws only the rows on screen. */
export const STUDENT_PAGE_SIZE = 1000;

/** The admission register's filters (studentFiltersSchema), as the page's URL and GET /student/search name them, in this order. */
export const studentFilterKeys = [
  "searchTerm",
  "startDate",
  "endDate",
  "stateOfResidence",
  "localGovernmentOfResidence",
  "stateOfOrigin",
  "localGovernmentOfOrigin",
  "accountStatus",
  "enrolmentStatus",
  "school",
  "class",
  "gender",
] as const;
export type StudentFilterKey = (typeof studentFilterKeys)[number];
export type StudentFilters = RegisterFilters<StudentFilterKey>;
/** The enrolment status the register lists when none is asked for (the API's default too); "all" lists every one. */
export const DEFAULT_ENROLMENT_STATUS = "Enrolled";
export const ALL_ENROLMENT_STATUSES = "all";

/** The filters as a query string, in a fixed order with empty ones (and the default enrolment status) left out: one cache entry per filter. */
export function studentFilterQuery(filters: StudentFilters): URLSearchParams {
  const query = registerFilterQuery(studentFilterKeys, filters);
  if (query.get("enrolmentStatus") === DEFAULT_ENROLMENT_STATUS) query.delete("enrolmentStatus");
  return query;
}
/** The filters and page as the URL holds them (a bookmark opens the list as it was shared; the server page reads it too). */
export function studentFiltersFromQuery(query: URLSearchParams): { filters: StudentFilters; page: number } {
  const read = registerFromQuery(studentFilterKeys, query);
  if (read.filters.enrolmentStatus === DEFAULT_ENROLMENT_STATUS) delete read.filters.enrolmentStatus;
  return read;
}

/** The filters for the API: the register's query with the district it is of. */
function apiQuery(districtId: string, filters: StudentFilters): URLSearchParams {
  const query = studentFilterQuery(filters);
  query.set("district[0]", districtId);
  return query;
}

/** GET /student/download with the filters on screen (saved as students.xlsx). */
export function studentDownloadHref(districtId: string, filters: StudentFilters): string {
  return `${districtApi("student/download")}?${apiQuery(districtId, filters)}`;
}

const filterKey = (filters: StudentFilters) => studentFilterQuery(filters).toString();

/** Keys of the register's reads, all under `studentKeys.all`, so any change to pupils reads them anew. */
export const studentRegisterKeys = {
  register: (districtId: string, filters: StudentFilters, page: number) => ["students", "register", districtId, filterKey(filters), page] as const,
  /** One total per filter, whatever the page: paging never counts again. */
  total: (districtId: string, filters: StudentFilters) => ["students", "total", districtId, filterKey(filters)] as const,
  summary: (districtId: string) => ["students", "summary", districtId] as const,
};

export const studentRegisterReads = {
  /** GET /student/search: a page of the admission register, 1,000 pupils. */
  register: (districtId: string, filters: StudentFilters, page: number) => {
    const query = apiQuery(districtId, filters);
    query.set("limit", String(STUDENT_PAGE_SIZE));
    query.set("page", String(page));
    return apiRead<StudentSearchAnswer>(studentRegisterKeys.register(districtId, filters, page), `student/search?${query}`);
  },
  /** GET /student/search-total: how many the filter finds, asked once per filter. */
  total: (districtId: string, filters: StudentFilters) =>
    apiRead<StudentSearchTotal>(studentRegisterKeys.total(districtId, filters), `student/search-total?${apiQuery(districtId, filters)}`),
  /** GET /student/summary: the students area's counts (Enrolled pupils in the caller's scope). */
  summary: (districtId: string) =>
    apiRead<StudentSummary>(studentRegisterKeys.summary(districtId), `student/summary?${new URLSearchParams({ "district[0]": districtId })}`),
};

// A new page or filter keeps the current rows on screen until the next ones arrive: nothing jumps.
export const useStudentRegister = (districtId: string, filters: StudentFilters, page: number) =>
  useApiRead(studentRegisterReads.register(districtId, filters, page), { placeholderData: keepPreviousData });
export const useStudentTotal = (districtId: string, filters: StudentFilters) =>
  useApiRead(studentRegisterReads.total(districtId, filters), { placeholderData: keepPreviousData });
export const useStudentSummary = (districtId: string) => useApiRead(studentRegisterReads.summary(districtId));

// ---- the record: add, view, update, duplicates, upload, group moves ----

/** What PATCH /student/update/{id} takes once the contract schema has parsed the form (the version included). */
export type StudentUpdate = z.output<typeof studentUpdateSchema>;
/** Who the duplicate check asks about: both names, gender and date of birth (and, editing, the pupil to leave out). */
export type DuplicateQuestion = { firstName: string; lastName: string; gender: string; dob: string; exceptId?: string };
/** The list of group moves is asked for 20 at a time. */
export const STUDENT_MOVE_PAGE_SIZE = 20;
/** The list of moves' page as its URL names it (`?page=`): the first when it names none or something else. */
export function movesPageFrom(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** Keys of the record's reads, all under `studentKeys.all`, so any change to pupils reads them anew. */
export const studentRecordKeys = {
  record: (id: string) => ["students", "record", id] as const,
  duplicates: (q: DuplicateQuestion) => ["students", "possible-duplicates", q.firstName, q.lastName, q.gender, q.dob, q.exceptId ?? ""] as const,
  moves: (page: number) => ["students", "moves", page] as const,
};

export const studentRecordReads = {
  /** GET /student/view-by-id/{id}: the whole record, read again after every change to it. */
  record: (id: string) => apiRead<StudentRecord>(studentRecordKeys.record(id), `student/view-by-id/${encodeURIComponent(id)}`),
  /** GET /student/possible-duplicates: pupils of the district with the same names, gender and date of birth. */
  duplicates: (q: DuplicateQuestion) => {
    const query = new URLSearchParams({ firstName: q.firstName, lastName: q.lastName, gender: q.gender, dob: q.dob });
    if (q.exceptId) query.set("exceptId", q.exceptId);
    return apiRead<StudentDuplicates>(studentRecordKeys.duplicates(q), `student/possible-duplicates?${query}`);
  },
  /** GET /student/moves: the group moves, newest first, a page at a time. */
  moves: (page: number) =>
    apiRead<StudentMovePage>(
      studentRecordKeys.moves(page),
      `student/moves?${new URLSearchParams({ limit: String(STUDENT_MOVE_PAGE_SIZE), page: String(page) })}`,
    ),
};

export const useStudentRecord = (id: string) => useApiRead(studentRecordReads.record(id));
/** Asked once the question is whole (null until then); a warning, so a failure simply shows none. */
export const useStudentDuplicates = (q: DuplicateQuestion | null) =>
  useApiRead(studentRecordReads.duplicates(q ?? { firstName: "", lastName: "", gender: "", dob: "" }), {
    enabled: q !== null,
    retry: false,
    staleTime: 30_000,
  });
export const useStudentMoves = (page: number) => useApiRead(studentRecordReads.moves(page), { placeholderData: keepPreviousData });

type Message = { message: string };

export const studentRecordMutations = {
  create: (values: NewStudent) => clientApi<StudentSaved>(districtApi("student/add"), { method: "POST", json: values }),
  /** The form's values with the version they were read at: 409 when someone changed the pupil since. */
  update: (id: string, values: StudentUpdate) =>
    clientApi<StudentSaved>(districtApi(`student/update/${encodeURIComponent(id)}`), { method: "PATCH", json: values }),
  /** POST /student/upload-photo/{id}: a cropped JPEG as the pupil's photo. */
  setPhoto: (id: string, photo: Blob) => {
    const form = new FormData();
    form.append("file", photo, "student-photo.jpg");
    return clientApi<Location>(districtApi(`student/upload-photo/${encodeURIComponent(id)}`), { method: "POST", body: form });
  },
  /** Each selected pupil's place now and after the move; nothing changes. */
  reviewMove: (input: StudentMoveInput) => clientApi<StudentMoveReview>(districtApi("student/move-review"), { method: "POST", json: input }),
  /** Moves them in one transaction (pupils already there are skipped); the answer names the move, for undoing it. */
  move: (input: StudentMoveInput) => clientApi<StudentMoved>(districtApi("student/move"), { method: "POST", json: input }),
  /** Undoes a group move as a whole (within a day, if none of its pupils changed since; 409 otherwise). */
  reverseMove: (id: string) => clientApi<Message>(districtApi(`student/moves/${encodeURIComponent(id)}/reverse`), { method: "POST" }),
};

/** The student upload through the spreadsheet engine: template, upload, preview, fix or drop, confirm (all or nothing). */
export const studentSpreadsheets = spreadsheetApi("student", { path: "student/create-multiple/:id", invalidates: studentKeys.all });
