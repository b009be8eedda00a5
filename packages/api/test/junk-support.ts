import fc from 'fast-check';

/** The part of an OpenAPI 3.0 schema (as fastify-type-provider-zod writes it) that junk is generated from. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Text a database or a parser may choke on: NUL, lone surrogates, impossible dates, numbers past every column. */
export const hostileTexts: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '',
  ' ',
  'x'.repeat(5000),
  '字'.repeat(3000),
  '😀',
  "'; drop table vehicles;--",
  '%_\\',
  '../../etc/passwd',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '32768',
  '2147483648',
  '9007199254740993',
  '9223372036854775808',
  '99999999999999999999',
  '9999999999',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '2026-02-30,2026-03-01',
  '9999-99-99,0000-00-00',
  '2026-02-30T10:00:00+08:00',
  '2026-01-01T25:61:00Z',
  '+275760-09-13T00:00:00Z',
  '1,2,abc',
  ',',
  'true',
  'null',
  '[]',
  '{}',
];

const hostileNumbers: readonly number[] = [
  -1,
  -2147483649,
  0,
  0.5,
  1.5,
  32768,
  2147483648,
  2 ** 53 + 2,
  1e20,
  1e308,
  -1e308,
];

const wrongTypes: readonly unknown[] = [
  true,
  false,
  null,
  [],
  [1, 2],
  ['\u0000'],
  [1e20],
  {},
  { a: { b: { c: [{}] } } },
  [[[]]],
];

/** Any JSON value that has no business in a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileTexts),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(...wrongTypes),
  fc.jsonValue({ maxDepth: 3 }),
);

function validDate(): fc.Arbitrary<Date> {
  return fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true });
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** A value the schema describes, as well as fast-check can tell from it. */
function describedValue(
  schema: JsonSchema,
  hints: Readonly<Record<string, readonly unknown[]>> = {},
): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => describedValue(alternative, hints)));
  if (schema.allOf?.[0]) return describedValue(schema.allOf[0], hints);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const base = baseValue(schema, hints);
  return schema.nullable ? fc.option(base, { nil: null, freq: 6 }) : base;
}

function baseValue(schema: JsonSchema, hints: Readonly<Record<string, readonly unknown[]>>): fc.Arbitrary<unknown> {
  switch (typeOf(schema)) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? describedValue(schema.items, hints) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return objectOf(schema, hints);
    default:
      return textOf(schema);
  }
}

function textOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') return validDate().map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return validDate().map((date) => date.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // a pattern fast-check cannot generate from: any text below
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
}

/** One field: mostly what the schema describes, sometimes junk, so a body gets past validation to the database. */
export function fieldOf(
  schema: JsonSchema,
  hints: Readonly<Record<string, readonly unknown[]>>,
  name = '',
): fc.Arbitrary<unknown> {
  const hinted = hints[name];
  const valid = hinted?.length
    ? fc.oneof(fc.constantFrom(...hinted), describedValue(schema, hints))
    : describedValue(schema, hints);
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
}

/** A body of the schema's fields, each mostly valid; a schema without fields gets junk under known names. */
export function objectOf(
  schema: JsonSchema,
  hints: Readonly<Record<string, readonly unknown[]>>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) {
    return fc.dictionary(fc.constantFrom(...Object.keys(hints), 'x'), hostileValue, { maxKeys: 3 });
  }
  const required = (schema.required ?? []).filter((name) => names.includes(name));
  return fc.record(Object.fromEntries(names.map((name) => [name, fieldOf(properties[name] ?? {}, hints, name)])), {
    requiredKeys: required,
  });
}

/** A query-string or path value, already percent-encoded: a lone surrogate cannot be encoded, so it goes raw. */
export function encodedText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^\w%-]/g, (c) => encodeURIComponent(c));
  }
}

/** Percent-encodings that decode to nothing sensible. */
export const rawEncodings: readonly string[] = ['%00', '%ED%A0%80', '%FF', '%', '%zz', '%E4%B8', 'a%00b'];

/** What one generated request looks like before it is sent. */
export interface JunkRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A multipart body whose parts are junk: a field, a file, or nothing well-formed at all. */
export const multipartBody: fc.Arbitrary<{ contentType: string; payload: string }> = fc.oneof(
  fc
    .tuple(fc.constantFrom('file', 'name', 'kind', 'x\u0000'), fc.constantFrom(...hostileTexts), fc.boolean())
    .map(([name, content, asFile]) => {
      const boundary = 'junkboundary';
      const disposition = asFile
        ? `form-data; name="file"; filename="${name}.xlsx"\r\nContent-Type: application/octet-stream`
        : `form-data; name="${name}"`;
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: `--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${content}\r\n--${boundary}--\r\n`,
      };
    }),
  fc.constantFrom(...hostileTexts).map((payload) => ({ contentType: 'multipart/form-data', payload })),
);
