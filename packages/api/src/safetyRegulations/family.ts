import { safetyRegulationResource, safetyRegulationScreens } from '@cp/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { businessToday } from '../clock';
import { businessError } from '../http/errors';
import { defineServerResource, type WriteContext } from '../resource/family';
import { safetyRegulations as regulations } from './tables';

/** Today in Beijing, read when the statement runs (a list's statement is prepared once). */
const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
/** The row's own columns inside a correlated subquery, where drizzle would write them unqualified. */
const own = (column: string) => sql.raw(`"safety_regulations"."${column}"`);
const laterVersions = sql`from ${regulations} r where r.tenant_id = ${own('tenant_id')} and r.title = ${own('title')} and r.effective_date > ${own('effective_date')}`;

/** 待生效 before its day, 废止 once withdrawn or once a later version's day has come, 生效 in between. */
const status = sql<number>`(case when ${own('validity')} = 0 then 2 when ${own('effective_date')} > ${today} then 0 when exists (select 1 ${laterVersions} and r.effective_date <= ${today}) then 2 else 1 end)`;
/** The day it stops: withdrawn by hand, or the next version's effective date (also one still to come). */
const endsOn = sql<string | null>`coalesce(${own('repealed_on')}, (select min(r.effective_date) ${laterVersions}))`;

const day = (value: unknown) => String(value);

/**
 * A version's day and label against the other versions of its 制度, under the 制度's lock so two saves at once
 * cannot both pass: a label and a day once each, and each new version later than every other.
 */
async function versionProblem(ctx: WriteContext, row: Record<string, unknown>) {
  const { tx, auth } = ctx;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`safety_regulations:${auth.tenantId}:${row.title}`}))`);
  const others = await tx
    .select({ edition: regulations.edition, effectiveDate: regulations.effectiveDate })
    .from(regulations)
    .where(
      and(
        eq(regulations.tenantId, auth.tenantId),
        eq(regulations.title, String(row.title)),
        row.id ? ne(regulations.id, Number(row.id)) : undefined,
      ),
    );
  const sameLabel = others.find((other) => other.edition === row.edition);
  if (sameLabel) return `制度版本：「${sameLabel.edition}」已存在，请填写新的版本号`;
  const sameDay = others.find((other) => other.effectiveDate === day(row.effectiveDate));
  if (sameDay) return `生效日期：与版本「${sameDay.edition}」相同，同一制度的两个版本不能同日生效`;
  const latest = others.reduce<(typeof others)[number] | undefined>(
    (last, other) => (!last || other.effectiveDate > last.effectiveDate ? other : last),
    undefined,
  );
  if (latest && latest.effectiveDate > day(row.effectiveDate)) {
    return `生效日期：应晚于版本「${latest.edition}」的生效日期（${latest.effectiveDate}）`;
  }
  return null;
}

export const regulationFamily = defineServerResource({
  resource: safetyRegulationResource,
  table: regulations,
  screens: Object.values(safetyRegulationScreens),
  computed: { status, endsOn },
  filters: { status: (value) => sql`${status} = ${value}` },
  async prepare(values, ctx, before) {
    if (before && day(before.effectiveDate) <= businessToday()) {
      // In force, a version keeps what it is; its department, category or summary may still be corrected.
      const same = (name: 'title' | 'edition' | 'effectiveDate' | 'file') =>
        !(name in values) || JSON.stringify(values[name]) === JSON.stringify(before[name]);
      if (!(['title', 'edition', 'effectiveDate', 'file'] as const).every(same)) {
        throw businessError('制度已生效，名称、版本、生效日期和文件不能修改；如需修订请新增版本');
      }
      return values;
    }
    const problem = await versionProblem(ctx, { ...before, ...values, id: before?.id });
    if (problem) throw businessError(problem);
    return values;
  },
  beforeRemove(row) {
    if (day(row.effectiveDate) <= businessToday()) throw businessError('制度已生效，不能删除；如不再执行请废止');
  },
  actions: {
    repeal: {
      async run(_ctx, row) {
        if (Number(row.status) === 0) throw businessError('制度尚未生效，不能废止；可修改或删除');
        if (Number(row.status) === 2) throw businessError('该版本已被新版本替代，无需废止');
        return null;
      },
      patch: (body) => ({ repealReason: body.reason, repealedOn: businessToday() }),
    },
  },
});
