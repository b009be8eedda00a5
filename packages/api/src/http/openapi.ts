import { errorCodes } from '@cp/contracts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Access, access, docsPrefix } from './access';

const errorTable = [
  '| code | msg | 含义 |',
  '|---|---|---|',
  ...Object.values(errorCodes).map((entry) => `| ${entry.code} | ${entry.msg} | ${entry.meaning} |`),
].join('\n');

const description = `CP运营管理系统接口。所有接口返回 \`{code, msg, data, isSuccess}\`：code 为 0 表示成功；
业务与校验错误同样以 HTTP 200 返回非零 code 与指明字段的中文 msg；未预期的错误返回 HTTP 500 与 requestId。
会话令牌放在请求头 \`token\` 中。大整数编号以字符串传输。

## 错误码

${errorTable}`;

/** OpenAPI document from the routes' zod schemas, at /api/openapi.json, explorer at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Marks each operation with what it needs before the document is built: public ones with empty security.
  app.addHook('onRoute', (route) => {
    const declared: Access | undefined = route.config?.access;
    if (!route.url.startsWith('/api') || !declared || route.url.startsWith(docsPrefix)) return;
    const security = declared.kind === 'public' ? [] : [{ token: [] }];
    const needs = declared.kind === 'permission' ? `\n\n权限：${declared.keys.join(' 或 ')}` : '';
    route.schema = {
      ...route.schema,
      security,
      description: `${route.schema?.description ?? ''}${needs}`.trim() || undefined,
    } as typeof route.schema;
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'CP运营管理系统 API', version: '1.0.0', description },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: docsPrefix,
    // The explorer's pages carry inline scripts of their own: its policy allows exactly those. Served over
    // plain HTTP too, so no upgrade of requests.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.get('/api/openapi.json', { config: { access: access.public }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
