import {
  actionPath,
  actionResult,
  bulkInput,
  bulkResult,
  emptyEnvelope,
  envelope,
  historyEntry,
  idString,
  importBatchResult,
  importResult,
  maxBulkRows,
  offeredAction,
  pageOf,
  rowSchema,
  type Screen,
  screenRowSchema,
  sensitiveValue,
  type Transition,
  tabCount,
} from '@cp/contracts';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db';
import { uploadPolicy } from '../files/routes';
import { storageFor } from '../files/storage';
import { headerProblem, importTemplate } from '../files/templates';
import { discardStaged, receiveFiles } from '../files/upload';
import { access, sessionOf } from '../http/access';
import { badRequest, businessError } from '../http/errors';
import { fileForm } from '../http/openapi';
import { ok } from '../http/reply';
import type { ZodApp } from '../http/schemas';
import { acceptMultipart } from '../http/uploads';
import { readSheetRows, XlsxError } from '../xlsx/reader';
import { takeBulkAction } from './bulk';
import { keptFilters } from './exports';
import type { Row, ServerResource } from './family';
import { importRows, maxImportFileMb, maxRowsOf } from './import';
import { importBatch } from './import-batch';
import { offeredActions, takeAction } from './lifecycle';
import { getRow, listRows, rowHistory } from './read';
import { wholeValue } from './sensitive';
import { tabCounts } from './tab-counts';
import { createRow, removeRow, updateRow } from './write';

export const idParams = z.strictObject({ id: idString });
export const idOf = (params: z.output<typeof idParams>) => Number(params.id);

export interface RouteDeps {
  db: Db;
  config: Config;
}

/**
 * The API of a screen family, from its declaration: a list per screen (the screen's fixed filters kept on
 * the server), the row, its history and offered actions, create / update / delete where the family's page
 * has the buttons, each lifecycle action, and the import. Every route checks the button the catalogue
 * gives it; every query is the session's tenant's.
 */
export function resourceRoutes(app: ZodApp, family: ServerResource, { db, config }: RouteDeps) {
  const { resource } = family;
  const { endpoint, permissions, title } = resource;
  const tags = [title];
  const view = access.permission(...family.viewKeys);
  const row = envelope(rowSchema(resource, 'detail'));

  for (const screen of family.screens) {
    app.get(
      screen.endpoint,
      {
        config: { access: access.permission(screen.route.menuKey) },
        schema: {
          summary: `${screen.title}列表`,
          tags,
          querystring: screen.listQuery,
          response: { 200: envelope(pageOf(screenRowSchema(screen))) },
        },
      },
      async (request) => {
        const auth = sessionOf(request);
        const kept = keptFilters(screen, auth.userId);
        const query = Object.keys(kept).length === 0 ? request.query : { ...request.query, ...kept };
        return ok(await listRows(db, family, auth.tenantId, query, screen));
      },
    );
    if (screen.tabs) tabCountsRoute(app, family, screen, db);
  }

  app.get(
    `${endpoint}/:id`,
    { config: { access: view }, schema: { summary: `${title}详情`, tags, params: idParams, response: { 200: row } } },
    async (request) => ok(await getRow(db, family, sessionOf(request).tenantId, idOf(request.params))),
  );
  app.get(
    `${endpoint}/:id/history`,
    {
      config: { access: view },
      schema: {
        summary: `${title}变更历史`,
        tags,
        params: idParams,
        response: { 200: envelope(z.array(historyEntry)) },
      },
    },
    async (request) => ok(await rowHistory(db, family, sessionOf(request).tenantId, idOf(request.params))),
  );

  if (permissions.viewSensitive) sensitiveRoute(app, family, permissions.viewSensitive, db);

  if (permissions.create) {
    app.post(
      endpoint,
      {
        config: { access: access.permission(permissions.create) },
        schema: { summary: `新增${title}`, tags, body: resource.createInput, response: { 200: row } },
      },
      async (request) => ok(await createRow(db, family, request, request.body)),
    );
  }
  if (permissions.update) {
    app.put(
      `${endpoint}/:id`,
      {
        config: { access: access.permission(permissions.update) },
        schema: {
          summary: `编辑${title}（需带版本号）`,
          tags,
          params: idParams,
          body: resource.updateInput,
          response: { 200: row },
        },
      },
      async (request) => ok(await updateRow(db, family, request, idOf(request.params), request.body)),
    );
  }
  if (permissions.remove) {
    app.delete(
      `${endpoint}/:id`,
      {
        config: { access: access.permission(permissions.remove) },
        schema: { summary: `删除${title}`, tags, params: idParams, response: { 200: emptyEnvelope } },
      },
      async (request) => {
        await removeRow(db, family, request, idOf(request.params));
        return ok(null);
      },
    );
  }

  const lifecycle = resource.lifecycle;
  if (lifecycle) {
    app.get(
      `${endpoint}/:id/actions`,
      {
        config: { access: view },
        schema: {
          summary: `当前用户可对该${title}执行的操作`,
          tags,
          params: idParams,
          response: { 200: envelope(z.array(offeredAction)) },
        },
      },
      async (request) => ok(await offeredActions(db, family, request, idOf(request.params))),
    );
    for (const transition of lifecycle.transitions.filter((candidate) => !candidate.internal)) {
      const path = `${endpoint}/:id/${actionPath(transition.action)}`;
      const options = { config: { access: access.permission(transition.button) } };
      const schema = { summary: transition.title, tags, params: idParams, response: { 200: envelope(actionResult) } };
      const { action, body } = transition;
      // An action without a body schema takes no input: whatever a request carries is not passed on.
      if (body) {
        app.post(path, { ...options, schema: { ...schema, body } }, async (request) =>
          ok(await takeAction(db, family, request, idOf(request.params), action, request.body)),
        );
      } else {
        app.post(path, { ...options, schema }, async (request) =>
          ok(await takeAction(db, family, request, idOf(request.params), action)),
        );
      }
    }
    for (const transition of lifecycle.bulk) bulkRoute(app, family, transition, db);
  }

  if (permissions.import && resource.import) importRoute(app, family, permissions.import, { db, config });
}

/** `GET …/:id/sensitive/:field`: a masked field's whole value, for the page's `…:viewSensitive`, audited. */
function sensitiveRoute(app: ZodApp, family: ServerResource, button: string, db: Db) {
  const { endpoint, title, sensitiveFields } = family.resource;
  const titles = sensitiveFields.map((name) => family.resource.fields[name]?.title ?? name).join('、');
  app.get(
    `${endpoint}/:id/sensitive/:field`,
    {
      config: { access: access.permission(button) },
      schema: {
        summary: `查看${title}的完整${titles}`,
        description: '列表、详情与导出中这些字段均为脱敏值；此接口返回完整值，每次查看都记入审计日志。',
        tags: [title],
        params: z.strictObject({
          id: idString,
          field: z.enum(sensitiveFields as [string, ...string[]]).meta({ title: '字段' }),
        }),
        response: { 200: envelope(sensitiveValue) },
      },
    },
    async (request) => ok(await wholeValue(db, family, request, idOf(request.params), request.params.field)),
  );
}

/** `POST …/bulk/<action>`: one lifecycle action on many rows, each done or refused on its own. */
function bulkRoute(app: ZodApp, family: ServerResource, transition: Transition, db: Db) {
  const { action, button, title } = transition;
  app.post(
    `${family.resource.endpoint}/bulk/${actionPath(action)}`,
    {
      config: { access: access.permission(button) },
      schema: {
        summary: `批量${title}`,
        description:
          `ids：所选数据的编号（最多${maxBulkRows}个）` +
          (transition.body ? '；body：操作的内容，对每一行相同' : '') +
          '。每行单独执行（各自校验状态与所属分公司），data.done 为完成的行数，data.refused 列出未执行的行及原因。',
        tags: [family.resource.title],
        body: bulkInput(transition),
        response: { 200: envelope(bulkResult) },
      },
    },
    async (request) => {
      const { ids, body } = request.body;
      return ok(await takeBulkAction(db, family, request, ids.map(Number), action, body));
    },
  );
}

/** `GET …/tab-counts`: the count of each status tab of a screen for the filters the list shows, in one answer. */
function tabCountsRoute(app: ZodApp, family: ServerResource, screen: Screen, db: Db) {
  const paging = { page: true, limit: true, sort: true, order: true, tab: true } as const;
  const querystring = (screen.listQuery as unknown as z.ZodObject).omit(paging) as z.ZodType<Row>;
  app.get(
    `${screen.endpoint}/tab-counts`,
    {
      config: { access: access.permission(screen.route.menuKey) },
      schema: {
        summary: `${screen.title}各页签条数（超过上限时为上限）`,
        tags: [family.resource.title],
        querystring,
        response: { 200: envelope(z.array(tabCount)) },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      const query = { ...request.query, ...keptFilters(screen, auth.userId) };
      return ok(await tabCounts(db, family, screen, auth.tenantId, query));
    },
  );
}

/** `POST …/import`: a filled-in template (xlsx), imported whole or refused with every problem. */
function importRoute(app: ZodApp, family: ServerResource, button: string, { db, config }: RouteDeps) {
  const { resource } = family;
  const template = importTemplate(resource.key);
  if (!template) throw new Error(`${resource.key} has no import template`);
  const storage = storageFor(config.dataDir);
  const maxRows = maxRowsOf(resource);
  const batches = resource.import?.mode === 'rows';
  const answer = batches
    ? '成功时 data 为批次 { batchId, rows, imported, duplicates, refused }：每行单独校验，通过的保存、重复的跳过、有错误的不导入，每行的结果见该批次的明细。'
    : '成功时 data 为 { imported, skipped }（与已有数据重复的行跳过）；有错误时 code 1000，data.problems 列出每处错误（row 行号、field 列名、message）。';
  // The multipart parser only in this route's scope (http/uploads.ts).
  app.register(async (scope) => {
    await acceptMultipart(scope, config.files);
    scope.post(
      `${resource.endpoint}/import`,
      {
        config: { access: access.permission(button), form: fileForm(false) },
        schema: {
          summary: `导入${resource.title}（按模板填写的xlsx，${batches ? '逐行校验并保存' : '全部通过校验才保存'}）`,
          description: `表单字段 file：一个 .xlsx，不超过${maxImportFileMb}MB、${maxRows}条。${answer}`,
          tags: [resource.title],
          response: { 200: envelope(batches ? importBatchResult : importResult) },
        },
      },
      async (request) => {
        const policy = {
          ...uploadPolicy(config, ['xlsx']),
          maxFiles: 1,
          maxFileMb: Math.min(maxImportFileMb, config.files.maxFileMb),
        };
        if (policy.extensions.length === 0) throw badRequest('文件格式不正确!');
        const { staged } = await receiveFiles(request, policy, storage.stagingDir);
        const file = staged[0];
        // The rows are all the import needs: the upload is not kept, whatever the outcome.
        const sheet = await Promise.resolve(file && readSheetRows(file.localPath, { maxRows: maxRows + 2 }))
          .catch((error: unknown) => {
            // The reader says what is wrong with a file it refuses; anything else is a file it could not read.
            throw badRequest(error instanceof XlsxError ? error.message : '无法读取该Excel文件，请使用模板填写');
          })
          .finally(() => discardStaged(staged));
        if (!file || !sheet) throw badRequest('无法读取该Excel文件，请使用模板填写');
        const [header, ...rows] = sheet.rows;
        const problem = headerProblem(template, header?.cells ?? []);
        if (problem) throw badRequest(problem);
        const example = template.columns.map((column) => column.example ?? '').join('\u0000');
        const data = rows.filter(
          (row) => template.columns.map((_, i) => row.cells[i] ?? '').join('\u0000') !== example,
        );
        if (sheet.more || data.length > maxRows) throw businessError(`一次最多导入${maxRows}条，请分批导入`);
        if (data.length === 0) throw businessError('模板中没有数据');
        if (batches) return ok(await importBatch(db, family, request, data, file.attachmentName));
        return ok(await importRows(db, family, request, data, file.attachmentName));
      },
    );
  });
}
