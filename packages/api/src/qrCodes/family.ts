import { randomBytes } from 'node:crypto';
import { qrCodeResource, qrCodeScreens, qrTemplateResource, qrTemplateScreens } from '@cp/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { storageFor } from '../files/storage';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { backgroundSize, layoutProblem } from './poster';
import { qrCodes, qrTemplates } from './tables';

const enabled = 2;

/** The background's real size and the layout checked against it; a template may be drafted without one. */
async function checkedLayout(values: Row, ctx: WriteContext): Promise<Row> {
  const [location] = (values.background as string[] | null | undefined) ?? [];
  if (!location) return { backgroundWidth: null, backgroundHeight: null };
  const { width, height } = await ctx.memo(`background:${location}`, () =>
    backgroundSize(storageFor(ctx.request.server.config.dataDir), location),
  );
  const problem = layoutProblem(values, width, height);
  if (problem) throw businessError(problem);
  return { backgroundWidth: width, backgroundHeight: height };
}

/** 模板管理: the layout is checked against the uploaded image, review is four-eyes, a template in use stays. */
export const qrTemplateFamily = defineServerResource({
  resource: qrTemplateResource,
  table: qrTemplates,
  screens: Object.values(qrTemplateScreens),
  computed: {
    // Qualified by hand: inside the subquery a bare "id" would be the QR code's.
    qrCodeCount: sql<number>`(select count(*)::int from qr_codes q where q.template_id = "qr_templates"."id")`,
  },
  async prepare(values, ctx, before) {
    const merged = { ...before, ...values };
    // An edit of a stopped template is reviewed again before it prints posters.
    const back = before && Number(before.status) === 3 ? { status: 0 } : {};
    return { ...values, ...(await checkedLayout(merged, ctx)), ...back };
  },
  async beforeRemove(row, ctx) {
    const [used] = await ctx.tx
      .select({ n: count() })
      .from(qrCodes)
      .where(eq(qrCodes.templateId, Number(row.id)));
    if (used && used.n > 0) throw businessError(`模板「${row.name}」已被${used.n}个二维码使用，不能删除`);
  },
  actions: {
    submit: {
      async run(ctx, row) {
        if (!(row.background as string[]).length) throw businessError('请先上传背景图再提交');
        await checkedLayout(row, ctx);
        return null;
      },
      patch: (_body, _row, ctx) => ({ submittedBy: ctx.auth.userId, reviewNote: null }),
    },
    approve: {
      async run(ctx, row) {
        if (Number(row.submittedBy) === ctx.auth.userId) throw businessError('不能审核自己提交的模板，请由其他人审核');
        return null;
      },
    },
    reject: { patch: (body) => ({ reviewNote: body.reason }) },
  },
});

defineServerLookup('qrTemplate', {
  // Every template names the QR codes drawn on it; only enabled ones are offered for new codes.
  all: (db, tenantId) =>
    db
      .select({ id: qrTemplates.id, name: qrTemplates.name })
      .from(qrTemplates)
      .where(eq(qrTemplates.tenantId, tenantId))
      .orderBy(asc(qrTemplates.id)),
  options: async (db, tenantId) => {
    const rows = await db
      .select({ id: qrTemplates.id, name: qrTemplates.name })
      .from(qrTemplates)
      .where(and(eq(qrTemplates.tenantId, tenantId), eq(qrTemplates.status, enabled)))
      .orderBy(asc(qrTemplates.id));
    return rows.map((row) => ({ label: row.name, value: String(row.id) }));
  },
});

/** An opaque code nobody guesses: 96 random bits, URL-safe. */
export const newQrCode = () => randomBytes(12).toString('base64url');

export const signUpUrlOf = (base: string, code: string) => `${base}/signup?c=${encodeURIComponent(code)}`;

/** 二维码管理: a new code gets its opaque code and sign-up link, on an enabled template only. */
export const qrCodeFamily = defineServerResource({
  resource: qrCodeResource,
  table: qrCodes,
  screens: Object.values(qrCodeScreens),
  async prepare(values, ctx) {
    const [template] = await ctx.tx
      .select({ name: qrTemplates.name, status: qrTemplates.status })
      .from(qrTemplates)
      .where(and(eq(qrTemplates.id, Number(values.templateId)), eq(qrTemplates.tenantId, ctx.auth.tenantId)));
    if (template?.status !== enabled) throw businessError(`海报模板「${template?.name ?? ''}」未启用，不能使用`);
    const code = newQrCode();
    return { ...values, code, signUpUrl: signUpUrlOf(ctx.request.server.config.qrCodes.signUpBaseUrl, code) };
  },
});
