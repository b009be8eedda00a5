import type { z } from 'zod';

type Values = Readonly<Record<string, unknown>>;

/**
 * A rule across fields of a resource (an end after its start), declared once in `defineResource({ checks })`:
 * the server's create / update schemas refuse a body breaking it, naming `field` (`结束日期：应晚于开始日期`),
 * the kit checks an edit against the row's stored values for the fields the body leaves out, imports check each
 * row, and the web form shows the message under `field` before anything is sent.
 */
export interface Check<K extends string = string> {
  /** The field the message goes under (the later date, the smaller amount, the one required). */
  field: K;
  /** The other fields the rule reads: the form checks `field` again when one of them changes. */
  reads: readonly K[];
  /** What is wrong, worded to follow the field's title (`应晚于开始日期`). */
  message: string;
  /** Whether the values keep to the rule; an empty value (null, missing, '', []) is for the rule to judge. */
  test(values: Values): boolean;
}

/** No value: what an optional field left empty holds, in a body, a row or a form. */
export const isEmptyValue = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A day (`2025-06-01`), a moment (ISO text, or a Date as a row holds it) as milliseconds since the epoch. */
const instant = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value)));

/** A rule comparing two filled values; either empty, it holds (a required field says so itself). */
const comparing =
  <K extends string>(compare: (a: number, b: number) => boolean, read: (value: unknown) => number) =>
  (field: K, other: K, message: string): Check<K> => ({
    field,
    reads: [other],
    message,
    test: (values) =>
      isEmptyValue(values[field]) || isEmptyValue(values[other]) || compare(read(values[field]), read(values[other])),
  });

/** The values a `requiredWhen` condition names: a field holding one of these values (an enumeration's). */
export interface WhenValues<K extends string> {
  field: K;
  values: readonly (number | string | boolean)[];
}

const holds = (when: WhenValues<string>, values: Values) => when.values.includes(values[when.field] as never);

/** Builders of the common cross-field rules; anything else is a `Check` written out with its `test`. */
export const check = {
  /** A date or moment later than another (an end after its start). */
  after: <K extends string>(field: K, other: K, message: string) =>
    comparing<K>((a, b) => a > b, instant)(field, other, message),
  /** A date or moment the same as or later than another. */
  notBefore: <K extends string>(field: K, other: K, message: string) =>
    comparing<K>((a, b) => a >= b, instant)(field, other, message),
  /** A number (an amount) not above another. */
  notAbove: <K extends string>(field: K, other: K, message: string) =>
    comparing<K>((a, b) => a <= b, Number)(field, other, message),
  /** A number below another (a down payment below the price). */
  below: <K extends string>(field: K, other: K, message: string) =>
    comparing<K>((a, b) => a < b, Number)(field, other, message),
  /** A number not below another (the end of a range of days). */
  notBelow: <K extends string>(field: K, other: K, message: string) =>
    comparing<K>((a, b) => a >= b, Number)(field, other, message),
  /** Two references (or values) that may not be the same one. */
  differs: <K extends string>(field: K, other: K, message: string): Check<K> => ({
    field,
    reads: [other],
    message,
    test: (values) =>
      isEmptyValue(values[field]) || isEmptyValue(values[other]) || String(values[field]) !== String(values[other]),
  }),
  /** A field that must be filled while another holds one of some values (首付款 when paid in instalments). */
  requiredWhen: <const K extends string>(field: K, when: WhenValues<K>, message: string): Check<K> => ({
    field,
    reads: [when.field],
    message,
    test: (values) => !holds(when, values) || !isEmptyValue(values[field]),
  }),
  /** Two fields filled together or not at all (a promise's day and amount). */
  together: <K extends string>(field: K, other: K, message: string): Check<K> => ({
    field,
    reads: [other],
    message,
    test: (values) => isEmptyValue(values[field]) === isEmptyValue(values[other]),
  }),
};

/** The fields a check involves: its own and those it reads. */
export const checkFields = (rule: Check) => [rule.field, ...rule.reads];

/** The first check `values` break, or undefined. */
export function brokenCheck(checks: readonly Check[], values: Values): Check | undefined {
  return checks.find((rule) => !rule.test(values));
}

/**
 * A body schema that also keeps to `checks` — each broken one an issue at its field, so the refusal names it
 * as any field's problem is named. `partial`: a field left out of the body is left as it is (an edit), so a
 * check involving one is left to whoever knows the stored row.
 */
export function withChecks<S extends z.ZodObject>(schema: S, checks: readonly Check[], partial = false): S {
  if (checks.length === 0) return schema;
  return schema.superRefine((values: Values, ctx) => {
    for (const rule of checks) {
      if (partial && !checkFields(rule).every((name) => name in values)) continue;
      if (!rule.test(values)) ctx.addIssue({ code: 'custom', path: [rule.field], message: rule.message });
    }
  }) as S;
}
