import { keepPreviousData } from "@tanstack/react-query";
import type * as z from "zod/mini";
import type {
  ClassItem,
  ClassPage,
  ClassTypeItem,
  ClassTypeList,
  classFormSchema,
  classTypeFormSchema,
  classTypeUpdateSchema,
  classUpdateSchema,
  standardSetSchema,
  StandardSetReview,
} from "../contract/classes";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

/** The class list is asked for 100 at a time. */
export const CLASS_PAGE_SIZE = 100;

/** What the forms send once their contract schema has parsed them (an arm upper-cased, an empty teacher null). */
export type ClassBody = z.output<typeof classFormSchema>;
export type ClassUpdateBody = z.output<typeof classUpdateSchema>;
export type ClassTypeBody = z.output<typeof classTypeFormSchema>;
export type ClassTypeUpdateBody = z.output<typeof classTypeUpdateSchema>;
export type StandardSetBody = z.output<typeof standardSetSchema>;

/** The list's filters, as the page's URL and GET /class/view-all name them ("" for all). */
export type ClassFilters = { school: string; classType: string };
const classFilterKeys = ["school", "classType"] as const;
export const noClassFilters: ClassFilters = { school: "", classType: "" };

/** The filters and page as a query string, in a fixed order with empty ones (and page 1) left out. */
export function classFilterQuery(filters: ClassFilters, page = 1): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of classFilterKeys) if (filters[key]) query.set(key, filters[key]);
  if (page > 1) query.set("page", String(page));
  return query;
}

/** The filters and page as the URL holds them, so a filtered list can be bookmarked (the server page reads it too). */
export function classFiltersFromQuery(query: URLSearchParams): { filters: ClassFilters; page: number } {
  const filters: ClassFilters = { school: query.get("school") ?? "", classType: query.get("classType") ?? "" };
  const page = Number(query.get("page"));
  return { filters, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** Query keys of classes; class types live under the same root, since a new class changes their counts. */
export const classKeys = {
  all: ["classes"] as const,
  list: (filters: ClassFilters, page: number) => ["classes", "list", filters.school, filters.classType, page] as const,
  detail: (id: string) => ["classes", "detail", id] as const,
  types: ["classes", "types"] as const,
  ofSchool: (school: string) => ["classes", "of-school", school] as const,
};

export const classReads = {
  /** GET /class/view-all: a page of the classes in the caller's scope, by school and class type. */
  list: (filters: ClassFilters, page: number) => {
    const query = classFilterQuery(filters);
    query.set("limit", String(CLASS_PAGE_SIZE));
    query.set("page", String(page));
    return apiRead<ClassPage>(classKeys.list(filters, page), `class/view-all?${query}`);
  },
  detail: (id: string) => apiRead<ClassItem>(classKeys.detail(id), `class/view/${id}`),
  /** GET /class-arm/list-of-class-types: every class type of the district, in order, with how many classes use it. */
  types: () => apiRead<ClassTypeList>(classKeys.types, "class-arm/list-of-class-types"),
  /** A form's choice of class: one school's classes ("": every class in the caller's scope), up to 1,000 in order. */
  ofSchool: (school: string) =>
    apiRead<ClassPage>(classKeys.ofSchool(school), `class/view-all?${new URLSearchParams({ ...(school ? { school } : {}), limit: "1000" })}`),
};

// A new page or filter keeps the current rows on screen until the next ones arrive: nothing jumps.
export const useClassList = (filters: ClassFilters, page: number) => useApiRead(classReads.list(filters, page), { placeholderData: keepPreviousData });
export const useClass = (id: string) => useApiRead(classReads.detail(id));
export const useClassTypes = () => useApiRead(classReads.types(), { select: (answer) => answer.classTypes });
export const useSchoolClasses = (school: string, enabled = true) =>
  useApiRead(classReads.ofSchool(school), { select: (answer) => answer.classes, staleTime: 300_000, enabled });

type Message = { message: string };

export const classMutations = {
  create: (values: ClassBody) => clientApi<Message & { class: ClassItem }>(districtApi("class/add"), { method: "POST", json: values }),
  update: (id: string, values: ClassUpdateBody) =>
    clientApi<Message & { class: ClassItem }>(districtApi(`class/update/${id}`), { method: "PATCH", json: values }),
  /** What the standard set would create for a school, and what it already has (skipped). */
  reviewStandardSet: (values: StandardSetBody) => clientApi<StandardSetReview>(districtApi("class/standard-set-review"), { method: "POST", json: values }),
  createStandardSet: (values: StandardSetBody) =>
    clientApi<Message & { created: unknown }>(districtApi("class/add-standard-set"), { method: "POST", json: values }),
  createType: (values: ClassTypeBody) =>
    clientApi<Message & { classType: ClassTypeItem }>(districtApi("class-arm/add-class-type"), { method: "POST", json: values }),
  updateType: (id: string, values: ClassTypeUpdateBody) =>
    clientApi<Message & { classType: ClassTypeItem }>(districtApi(`class-arm/update-class-type/${id}`), { method: "PATCH", json: values }),
  removeType: (id: string) => clientApi<Message>(districtApi(`class-arm/delete-class-type/${id}`), { method: "POST" }),
};
