import * as z from "zod/mini";
import { versionField } from "./fields";
import {
  admissionPatternCharacters,
  configurationMessages as m,
  maxAdmissionPatternLength,
  maxLowBalanceThreshold,
  maxPupilTeacherThreshold,
  maxReportCardPrice,
  minPupilTeacherThreshold,
  nairaToKobo,
  sequenceTokensIn,
  hasYearToken,
  sessionBounds,
  termNames,
  type AcademicTerm,
} from "./configuration-values";
import { isoDay } from "./local-formats";
import { isCalendarDay } from "./staff-values";

export * from "./configuration-values";

/** A term's day as YYYY-MM-DD, or day/month/year as typed (isoDay), one message for every way it can be wrong. */
const termDay = z.pipe(
  z.pipe(z.string({ error: m.termDate }), z.transform(isoDay)),
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.termDate, abort: true }), z.refine(isCalendarDay, m.termDate)),
);

/** The term at `index`: its name is fixed (First Term, Second Term, Third Term, in that order). */
const termAt = (index: 0 | 1 | 2) =>
  z.object({ name: z.literal(termNames[index], { error: m.termsRequired }), startDate: termDay, endDate: termDay }, { error: m.termsRequired });

/** {YYYY}, {YY} and one {SEQ:n} among letters, digits and / - _ . */
const patternField = z.string({ error: m.patternFormat }).check(
  z.trim(),
  z.maxLength(maxAdmissionPatternLength, { error: m.patternFormat, abort: true }),
  z.regex(admissionPatternCharacters, { error: m.patternFormat, abort: true }),
  z.refine((v) => sequenceTokensIn(v) === 1, { error: m.patternSequence, abort: true }),
  z.refine(hasYearToken, m.patternYear),
);

/**
 * Terms in order, each ending after it starts, none overlapping the one before, all inside the session.
 * Days that are not valid dates have their own message already and are not compared.
 */
const termsInSession = z.superRefine((v: { academicSession: string; terms: AcademicTerm[] }, ctx) => {
  const bounds = sessionBounds(v.academicSession);
  v.terms.forEach((term, i) => {
    const at = (field: "startDate" | "endDate", message: string) => ctx.addIssue({ code: "custom", path: ["terms", i, field], message, input: term[field] });
    const start = isCalendarDay(term.startDate) ? term.startDate : null;
    const end = isCalendarDay(term.endDate) ? term.endDate : null;
    if (start && end && end <= start) at("endDate", m.termOrder);
    const previous = v.terms[i - 1];
    if (start && previous && isCalendarDay(previous.endDate) && start <= previous.endDate) at("startDate", m.termOverlap);
    if (bounds && start && (start < bounds.start || start > bounds.end)) at("startDate", m.termOutsideSession);
    if (bounds && end && (end < bounds.start || end > bounds.end)) at("endDate", m.termOutsideSession);
  });
});

/** Kobo as the API takes it: a whole number from 0 to `max` (no coercion: a missing price is not ₦0). */
const kobo = (message: string, max: number) =>
  z
    .number({ error: message })
    .check(z.minimum(0, { error: message, abort: true }), z.maximum(max, { error: message, abort: true }), z.refine(Number.isInteger, message));

/** Naira as the form takes it (two decimals at most, commas allowed), handed on in kobo. */
const naira = (message: string, max: number) =>
  z.pipe(
    z.string({ error: message }).check(
      z.refine((v) => {
        const value = nairaToKobo(v);
        return value !== null && value <= max;
      }, message),
    ),
    z.transform((v) => nairaToKobo(v) ?? 0),
  );

/** Pupils per teacher as the API takes it: a whole number within the bounds (no coercion). */
const pupilTeacherThreshold = z
  .number({ error: m.pupilTeacherRange })
  .check(
    z.minimum(minPupilTeacherThreshold, { error: m.pupilTeacherRange, abort: true }),
    z.maximum(maxPupilTeacherThreshold, { error: m.pupilTeacherRange, abort: true }),
    z.refine(Number.isInteger, m.pupilTeacherRange),
  );

/** Pupils per teacher as the form takes it ("40", spaces allowed), handed on as a number. */
const pupilTeacherThresholdText = z.pipe(
  z.string({ error: m.pupilTeacherRange }).check(
    z.refine((v) => {
      const text = v.trim();
      return /^\d{1,3}$/.test(text) && Number(text) >= minPupilTeacherThreshold && Number(text) <= maxPupilTeacherThreshold;
    }, m.pupilTeacherRange),
  ),
  z.transform((v) => Number(v.trim())),
);

const sessionField = z.string({ error: m.sessionFormat }).check(
  z.trim(),
  z.refine((v) => sessionBounds(v) !== null, m.sessionFormat),
);
const termsField = z.tuple([termAt(0), termAt(1), termAt(2)], { error: m.termsRequired });

/**
 * PATCH /district-configuration/update (architecture 'Configuration'): the session and its three terms,
 * the report-card price per pupil per term and the low-balance threshold in kobo, the admission-number pattern,
 * and the pupils per teacher above which the statistics list a school first.
 */
export const configurationUpdateSchema = z
  .object({
    academicSession: sessionField,
    terms: termsField,
    reportCardPrice: kobo(m.priceRange, maxReportCardPrice),
    admissionNumberPattern: patternField,
    lowBalanceThreshold: kobo(m.thresholdRange, maxLowBalanceThreshold),
    pupilTeacherThreshold,
    version: versionField,
  })
  .check(termsInSession);
export type ConfigurationUpdate = z.input<typeof configurationUpdateSchema>;

/**
 * The configuration form: the same rules and messages, with the two amounts typed in naira ("500.00")
 * and handed on in kobo and the threshold typed as text, so its output is the update's body.
 */
export const configurationFormSchema = z
  .object({
    academicSession: sessionField,
    terms: termsField,
    reportCardPrice: naira(m.priceRange, maxReportCardPrice),
    admissionNumberPattern: patternField,
    lowBalanceThreshold: naira(m.thresholdRange, maxLowBalanceThreshold),
    pupilTeacherThreshold: pupilTeacherThresholdText,
    version: versionField,
  })
  .check(termsInSession);
export type ConfigurationFormInput = z.input<typeof configurationFormSchema>;
export type ConfigurationFormOutput = z.output<typeof configurationFormSchema>;

/** GET /district-configuration/get and the update's answer. */
export type DistrictConfiguration = {
  districtId: string;
  academicSession: string;
  terms: AcademicTerm[];
  reportCardPrice: number;
  admissionNumberPattern: string;
  lowBalanceThreshold: number;
  pupilTeacherThreshold: number;
  version: number;
};
