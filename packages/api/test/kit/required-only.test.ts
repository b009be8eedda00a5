import {
  addDays,
  beijingDay,
  type FieldDef,
  isEmptyValue,
  isListKind,
  itemLookup,
  type LookupOption,
  lookupOf,
  lookups,
  type UploadResult,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { families } from '../../src/families';
import { badDebtLevels, overdueCases, transactionNames } from '../../src/finance/tables';
import type { ServerResource } from '../../src/resource/family';
import { multipart, samples } from '../files-support';
import { startTestApp, type TestContext } from '../harness';

/**
 * Every family that can be created, saved as a user who fills in only the starred fields would save it — the
 * values generated from the declarations, nothing written per family. A family added later is tried too.
 */

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  // Enough demo vehicles for drivers at 正常 (the driver lookup offers only those), their referrals, and lease
  // orders in force with receivables still to bill (新增账单's order).
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  // Configuration that holds one row per kind or range refuses any new row beside the demo's complete set
  // (交易名称 per transaction type and kind; 坏账分级's ranges cover every overdue day): start those empty.
  await ctx.database.db.delete(transactionNames);
  await ctx.database.db.delete(badDebtLevels);
  // 坏账回款 is registered against an open bad-debt account; the demo's overdue accounts are recent (none past
  // 60 days), so one counts as bad debt here, as a level covering its days would make it.
  await ctx.database.db
    .update(overdueCases)
    .set({ badDebt: true })
    .where(sql`${overdueCases.id} = (select min(id) from overdue_cases where status = 1)`);
});
afterAll(() => ctx.close());

/** The rows a lookup offers, at the depth a field chooses from (a model is a leaf of the catalogue). */
function choices(options: readonly LookupOption[], level: number | undefined, depth = 1): string[] {
  return options.flatMap((option) =>
    level === depth || (level === undefined && !option.children?.length)
      ? [option.value]
      : choices(option.children ?? [], level, depth + 1),
  );
}

/**
 * A row of the field's lookup: the first, or the nth for the nth field of a form naming the same lookup (a
 * posting's 借方 and 贷方 accounts), as a user picks two different ones.
 */
async function choiceOf(def: Pick<FieldDef, 'lookup'>, nth = 0): Promise<string> {
  const lookup = lookupOf(def.lookup ?? '');
  const answer = await ctx.request<LookupOption[]>({ method: 'GET', url: lookup.endpoint, token: admin });
  const offered = choices(answer.data, lookup.shape === 'tree' ? lookup.level : 1);
  const value = offered[Math.min(nth, offered.length - 1)];
  if (!value) throw new Error(`lookup ${lookup.key} offers nothing to choose`);
  return value;
}

let serial = 0;

/**
 * One item of an `items` field, from its schema: each choice field (an enumeration) takes the first value
 * whose id fields name a declared lookup, each id field that lookup's first row, the rest stay empty.
 */
async function itemOf(def: FieldDef): Promise<Record<string, unknown>> {
  const item = (def.input as unknown as z.ZodArray<z.ZodObject>).element;
  const shape = Object.entries(item.shape) as [string, z.ZodType][];
  const choices = shape.filter(([, schema]) => schema instanceof z.ZodLiteral);
  const ids = shape.filter(([name]) => itemLookup(item, name, {}) !== undefined || choices.length > 0);
  const combos: Record<string, unknown>[] = [{}];
  for (const [name, schema] of choices) {
    const values = [...(schema as z.ZodLiteral).values];
    combos.splice(0, combos.length, ...combos.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value }))));
  }
  for (const combo of combos) {
    const named = ids.map(([name]) => [name, itemLookup(item, name, combo)] as const).filter(([, key]) => key);
    if (!named.every(([, key]) => key && key in lookups)) continue;
    const value: Record<string, unknown> = { ...combo };
    for (const [name, key] of named) value[name] = await choiceOf({ lookup: key });
    // A number of the item (a coupon stage's month and amount): its least value, or 1.
    for (const [name, schema] of shape) {
      if (value[name] === undefined && schema instanceof z.ZodNumber) value[name] = schema.minValue ?? 1;
    }
    if (item.safeParse(value).success) return value;
  }
  throw new Error(`no sample item for ${def.title}`);
}

/**
 * A file uploaded as the form's upload control would, for a required files field (到账凭证): a PNG, or a sample
 * of the first kind the field accepts when it takes no PNG (a 制度's PDF).
 */
async function uploaded(def: FieldDef): Promise<string> {
  const accept = def.upload?.accept ?? [];
  const kind = (accept.length === 0 || accept.includes('png') ? 'png' : accept.find((ext) => ext in samples)) as
    | keyof typeof samples
    | undefined;
  if (!kind) throw new Error(`no sample file for ${def.title}: add one of ${accept.join(', ')} to samples`);
  const body = multipart([{ name: `样例.${kind}`, content: samples[kind] }]);
  const response = await ctx.request<UploadResult>({
    method: 'POST',
    url: '/api/gateway/storage/file/private',
    token: admin,
    ...body,
  });
  return response.data.fileLocation;
}

/** A value the field's own schema takes, as the form would send it. */
async function sampleOf(name: string, def: FieldDef, nth: number): Promise<unknown> {
  serial += 1;
  const candidates: Record<FieldDef['kind'], unknown[]> = {
    text: [def.import?.example, `T${serial}x`, `测试${serial}`, `https://www.example.com/${serial}.html`],
    richText: [`<p>测试正文${serial}</p>`],
    // The field's own least value last: a QR code's side starts at 60 pixels.
    integer: [12, 1, 2, (def.input as { minValue?: number | null }).minValue ?? undefined],
    money: [100],
    // Past days later in declaration order (a policy's end after its start); a day still to come where the
    // field takes no past one (an offer's validity).
    date: [addDays('2025-06-01', serial), beijingDay(new Date(Date.now() + 30 * 86_400_000))],
    // Moments later in declaration order (a period's end after its start), in the future unless the field
    // refuses one (a violation has happened).
    datetime: [new Date(Date.now() + 86_400_000 + serial * 60_000).toISOString(), '2025-06-01T08:30:00+08:00'],
    enum: [def.enumDef?.values[0]],
    boolean: [true],
    ref: [await (def.kind === 'ref' ? choiceOf(def, nth) : undefined)],
    refs: [def.kind === 'refs' ? [await choiceOf(def)] : undefined],
    files: [def.required ? [await uploaded(def)] : []],
    tags: [[]],
    enums: [def.enumDef ? [def.enumDef.values[0]] : undefined],
    items: [def.kind === 'items' ? [await itemOf(def)] : undefined],
  };
  const value = candidates[def.kind].find(
    (candidate) => candidate !== undefined && def.input.safeParse(candidate).success,
  );
  if (value === undefined) throw new Error(`no sample value for ${name}: declare an import example`);
  return value;
}

/** The form of a family: required fields filled in, every other editable field empty (null, or [] for lists). */
async function requiredOnly(family: ServerResource): Promise<Record<string, unknown>> {
  const { resource } = family;
  const form: Record<string, unknown> = {};
  const named = new Map<string, number>();
  for (const [name, def] of resource.entries) {
    if (!def.form || name === resource.lifecycle?.field) continue;
    const nth = named.get(def.lookup ?? '') ?? 0;
    if (def.lookup) named.set(def.lookup, nth + 1);
    form[name] = def.required ? await sampleOf(name, def, nth) : isListKind(def.kind) ? [] : null;
  }
  // A field a check makes required for these values (a suggestion's level) is one the form requires too.
  for (const rule of resource.checks) {
    if (rule.test(form)) continue;
    const def = resource.fields[rule.field];
    if (def?.form && isEmptyValue(form[rule.field])) form[rule.field] = await sampleOf(rule.field, def, 0);
  }
  return form;
}

const creatable = families.filter((family) => family.resource.permissions.create);

describe('a form with only its required fields filled in', () => {
  it('is offered by the vehicle, violation, maintenance and user families (and any added later)', () => {
    expect(creatable.map((family) => family.resource.key)).toEqual(
      expect.arrayContaining(['vehicle', 'violation', 'maintenance', 'userAccount']),
    );
  });

  // In declaration order: a vehicle is created before the records that name one.
  for (const family of creatable) {
    const { resource } = family;
    it(`${resource.title}: saves, and an edit emptying every optional field saves too`, async () => {
      const form = await requiredOnly(family);
      const created = await ctx.request<{ id: string; version?: number }>({
        method: 'POST',
        url: resource.endpoint,
        token: admin,
        payload: form,
      });
      expect(created, `${JSON.stringify(form)} ${created.msg}`).toMatchObject({ status: 200, code: 0 });
      // A row made in another branch company (新增公司) is edited there, not from the session that made it.
      if (!resource.permissions.update || family.createsElsewhere) return;
      const updatable = Object.fromEntries(Object.entries(form).filter(([name]) => !resource.fields[name]?.createOnly));
      const edited = await ctx.request({
        method: 'PUT',
        url: `${resource.endpoint}/${created.data.id}`,
        token: admin,
        payload: { ...updatable, version: created.data.version ?? 1 },
      });
      expect(edited, JSON.stringify(updatable)).toMatchObject({ status: 200, code: 0 });
    });
  }
});
