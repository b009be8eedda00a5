import {
  accountRow,
  baseUser,
  consoleAppId,
  emptyEnvelope,
  envelope,
  loginBody,
  loginResult,
  roleMenu,
  roleMenuQuery,
  switchAccountBody,
  type UserInfo,
  userInfo,
} from '@cp/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../audit/service';
import type { Config } from '../config';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ApiError, businessError } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { acceptMultipart } from '../http/uploads';
import { parseWith } from '../http/validation';
import type { PendingRegistry } from './pending';
import { accountRows, roleMenu as menuOf, passwordLogin, profile, switchAccount, tokenLogin } from './service';
import { resolveSession, revokeSession, type SessionContext } from './sessions';
import { reserveLoginAttempt, settleLoginAttempt } from './throttle';
import { tokenFromHeaders } from './tokens';

export interface IdentityDeps {
  db: Db;
  config: Config;
  pending: PendingRegistry;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Login forms arrive as multipart (as the unified-account service takes them) or as JSON. */
async function formFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return isRecord(request.body) ? request.body : {};
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts({ limits: { files: 0, fields: 10, fieldSize: 4096 } })) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
  }
  return fields;
}

const client = (request: FastifyRequest) => ({ address: request.ip, userAgent: request.headers['user-agent'] });

const tags = ['登录与用户'];
const formTypes = ['multipart/form-data', 'application/json'];
const tokenForm = z.object({
  token: z.string().optional().meta({
    title: '令牌',
    description: '页面地址携带的令牌，换取后即失效；不填时换取 Authorization: Bearer 的令牌',
  }),
});
const login = envelope(loginResult);
const count = (description: string) => z.number().int().meta({ description });

export const identityRoutes: RoutePlugin<IdentityDeps> = async (app, { db, config, pending }) => {
  await acceptMultipart(app, config.files);
  app.post(
    '/api/auth/login',
    {
      config: { access: access.public, form: { body: loginBody, mediaTypes: formTypes } },
      schema: { summary: '账号密码登录（multipart 或 JSON）', tags, response: { 200: login } },
    },
    async (request) => {
      const input = parseWith(loginBody, await formFields(request));
      const { result, actor } = await passwordLogin(db, config, input, client(request));
      await recordAudit(db, request, { action: 'login', entity: 'user', entityId: actor.userId }, actor);
      return ok(result);
    },
  );

  app.post(
    '/api/auth/token-login',
    {
      config: { access: access.public, form: { body: tokenForm, mediaTypes: formTypes, optional: true } },
      schema: {
        summary:
          '令牌登录：以有效令牌换取新会话。表单字段 token（页面地址携带的令牌）换取后即失效；Authorization: Bearer 的令牌保留，新会话随其结束。新会话不晚于原会话的绝对有效期',
        tags,
        response: { 200: login },
      },
    },
    async (request) => {
      const fields = await formFields(request);
      // The form field is the token a page was opened with (consumed); a header token is kept.
      const formToken = typeof fields.token === 'string' && fields.token ? fields.token : undefined;
      const consume = Boolean(formToken);
      const token = formToken ?? tokenFromHeaders(request.headers);
      if (!token) throw ApiError.of('tokenInvalid');
      const address = request.ip;
      let auth: SessionContext;
      try {
        auth = await resolveSession(db, config, token);
      } catch (error) {
        // A token that does not work counts against the address like a wrong password.
        await reserveLoginAttempt(db, config, { loginId: '#token', address, method: 2 });
        throw error;
      }
      const attemptId = await reserveLoginAttempt(db, config, {
        loginId: auth.loginId.toLowerCase(),
        address,
        method: 2,
      });
      request.auth = auth;
      const result = await tokenLogin(db, config, auth, client(request), { consume });
      await settleLoginAttempt(db, attemptId);
      await recordAudit(db, request, { action: 'token-login', entity: 'user', entityId: auth.userId });
      return ok(result);
    },
  );

  app.post(
    '/api/auth/im-login',
    {
      config: { access: access.public },
      schema: {
        summary: '企业消息平台授权码登录',
        description: '未配置企业消息平台时总是返回 code 1000。',
        tags,
        response: { 200: login },
      },
    },
    async () => {
      throw businessError('未配置企业消息平台登录');
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: access.session },
      schema: { summary: '退出登录，注销服务端会话', tags, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      const auth = sessionOf(request);
      await revokeSession(db, auth.sessionId, 'logout');
      await recordAudit(db, request, { action: 'logout', entity: 'user', entityId: auth.userId });
      return ok(null);
    },
  );

  app.get(
    '/api/auth/base-user',
    {
      config: { access: access.session },
      schema: { summary: '当前会话的基础用户信息', tags, response: { 200: envelope(baseUser) } },
    },
    async (request) => {
      const auth = sessionOf(request);
      return ok({
        id: String(auth.userId),
        loginId: auth.loginId,
        userName: auth.userName,
        tenantId: String(auth.tenantId),
        tenantName: auth.tenantName,
      });
    },
  );

  app.get(
    '/api/user/info',
    {
      config: { access: access.session },
      schema: { summary: '登录用户信息（含菜单与按钮权限）', tags, response: { 200: envelope(userInfo) } },
    },
    async (request) => {
      const auth = sessionOf(request);
      const [{ user, roleCodes }, menu, pendingNum] = await Promise.all([
        profile(db, auth),
        menuOf(db, auth, consoleAppId),
        pending.total(db, auth),
      ]);
      const info: UserInfo = {
        id: String(user.id),
        userName: user.userName,
        name: user.userName,
        code: user.code,
        loginId: user.loginId,
        roleCodes,
        mobile: user.mobile ?? '',
        companyName: auth.tenantName,
        email: user.email ?? '',
        avatar: user.avatar ?? '',
        menuData: menu.menuData,
        authBtnData: menu.authBtnData,
        pendingNum,
      };
      return ok(info);
    },
  );

  app.get(
    '/api/user/role-menu',
    {
      config: { access: access.session },
      schema: {
        summary: '角色菜单：menuData 与 authBtnData',
        tags,
        querystring: roleMenuQuery,
        response: { 200: envelope(roleMenu) },
      },
    },
    async (request) => ok(await menuOf(db, sessionOf(request), request.query.appId)),
  );

  app.get(
    '/api/user/accounts',
    {
      config: { access: access.session },
      schema: { summary: '可切换的账号列表', tags, response: { 200: envelope(z.array(accountRow)) } },
    },
    async (request) => ok(await accountRows(db, sessionOf(request))),
  );

  app.post(
    '/api/user/switch-account',
    {
      config: { access: access.session },
      schema: {
        summary: '切换分公司账号，返回新令牌并注销当前会话',
        tags,
        body: switchAccountBody,
        response: { 200: login },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      const body = request.body;
      const result = await switchAccount(
        db,
        config,
        auth,
        { ...body, tenantId: Number(body.tenantId) },
        client(request),
      );
      await recordAudit(db, request, {
        action: 'switch-account',
        entity: 'user',
        entityId: auth.userId,
        changes: { tenantId: { from: String(auth.tenantId), to: body.tenantId } },
      });
      return ok(result);
    },
  );

  app.get(
    '/api/user/pending',
    {
      config: { access: access.session },
      schema: {
        summary: '待办数量',
        tags,
        response: { 200: envelope(z.object({ pendingNum: count('待办总数') })) },
      },
    },
    async (request) => ok({ pendingNum: await pending.total(db, sessionOf(request)) }),
  );

  app.get(
    '/api/user/pending/star-sea',
    {
      config: { access: access.session },
      schema: {
        summary: '星海待办数量',
        tags,
        response: { 200: envelope(z.object({ count: count('星海待办数') })) },
      },
    },
    async (request) => ok({ count: await pending.total(db, sessionOf(request), 'starSea') }),
  );

  app.get(
    '/api/user/code',
    {
      config: { access: access.session },
      schema: { summary: '用户工号', tags, response: { 200: envelope(z.object({ code: z.string() })) } },
    },
    async (request) => {
      const { user } = await profile(db, sessionOf(request));
      return ok({ code: user.code });
    },
  );
};
