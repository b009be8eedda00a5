import { errorCodes } from '@cp/contracts';
import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, access, docsPrefix } from './access';
import { finishedDocument, optionalBody } from './openapi-document';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The form a handler reads itself (`request.parts()` or the JSON body): what the document says the request
     * carries, in which media types. The framework does not validate it (a multipart request has no body to
     * validate); the handler does.
     */
    form?: { body: z.ZodType; mediaTypes: string[]; optional?: true };
  }
}

const binary = z.string().meta({ format: 'binary' });

/** The form of an upload: the field `file`, one file or several. */
export const fileForm = (many: boolean): NonNullable<FastifyContextConfig['form']> => ({
  body: z.object({ file: many ? z.array(binary).meta({ title: '文件' }) : binary.meta({ title: '文件' }) }),
  mediaTypes: ['multipart/form-data'],
});

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

const refsIn = (value: unknown) =>
  [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1] as string);

/** The security schemes the operations' requirements name. */
const schemesAsked = (paths: unknown) => {
  const asked = new Set<string>();
  for (const operations of Object.values((paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const operation of Object.values(operations)) {
      const security = (operation as { security?: Record<string, unknown>[] } | null)?.security ?? [];
      for (const requirement of security) for (const name of Object.keys(requirement)) asked.add(name);
    }
  }
  return asked;
};

/**
 * Named schemas (the menu tree, a family's rows) in components/schemas, keeping those the operations refer
 * to (directly or through another): the request-side twin of an answer's schema (`MenuNodeInput`) is not.
 */
const namedSchemas: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    paths?: unknown;
    components?: { schemas?: object; securitySchemes?: object };
  };
  const schemas: Record<string, unknown> = { ...document.components?.schemas };
  const kept = new Set<string>();
  const pending = refsIn(document.paths);
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (kept.has(id)) continue;
    kept.add(id);
    pending.push(...refsIn(schemas[id]));
  }
  const used = Object.fromEntries(Object.entries(schemas).filter(([id]) => kept.has(id)));
  // A scheme no operation asks for (the driver's header, until a route requires it) is left out too.
  const asked = schemesAsked(document.paths);
  const securitySchemes = Object.fromEntries(
    Object.entries(document.components?.securitySchemes ?? {}).filter(([name]) => asked.has(name)),
  );
  return finishedDocument({
    ...document,
    components: { ...document.components, schemas: used, securitySchemes },
  }) as ReturnType<SwaggerTransformObject>;
};

/** What an operation of the app's inbound API says about the driver's identity. */
const appCallerNotes = {
  required: '调用方：司机APP（须带 X-App-Driver）',
  optional: '调用方：司机APP（X-App-Driver 可选）',
  none: '调用方：司机APP（不需要司机身份）',
} as const;

/** OpenAPI document from the routes' zod schemas, at /api/openapi.json, explorer at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Marks each operation with what it needs before the document is built: public ones with empty security.
  app.addHook('onRoute', (route) => {
    const declared: Access | undefined = route.config?.access;
    if (!route.url.startsWith('/api') || !declared || route.url.startsWith(docsPrefix)) return;
    const security =
      declared.kind === 'public'
        ? []
        : declared.kind === 'app'
          ? [
              {
                appKey: [],
                appTimestamp: [],
                appNonce: [],
                ...(declared.driver === 'required' ? { appDriver: [] } : {}),
              },
            ]
          : [{ token: [] }];
    const needs =
      declared.kind === 'permission'
        ? `\n\n权限：${declared.keys.join(' 或 ')}`
        : declared.kind === 'app'
          ? `\n\n${appCallerNotes[declared.driver]}`
          : '';
    route.schema = {
      ...route.schema,
      security,
      description: `${route.schema?.description ?? ''}${needs}`.trim() || undefined,
    } as typeof route.schema;
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'CP运营管理系统 API',
        version: '1.0.0',
        description,
        license: { name: '专有软件，仅限授权使用' },
      },
      // Paths are absolute (`/api/...`): the server is whichever one serves the document.
      servers: [{ url: '/', description: '提供本文档的服务' }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          appKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-App-Key',
            description: '司机APP的凭证：`<key_id>.<secret>`，每个分公司签发；只能调用 /api/app/ 下的接口',
          },
          appTimestamp: {
            type: 'apiKey',
            in: 'header',
            name: 'X-App-Timestamp',
            description: '发送时间，10位Unix时间戳（秒），与服务器时间相差不超过5分钟',
          },
          appNonce: {
            type: 'apiKey',
            in: 'header',
            name: 'X-App-Nonce',
            description: '每个请求不同的随机串（16到64位字母、数字、_ 或 -）；重复的请求不再处理',
          },
          appDriver: {
            type: 'apiKey',
            in: 'header',
            name: 'X-App-Driver',
            description: '代其调用的司机编号，须为凭证所属分公司的司机',
          },
        },
      },
      security: [{ token: [] }],
    },
    transform: (input) => {
      const form = input.route.config?.form;
      if (!form) return jsonSchemaTransform(input);
      const schema = {
        ...input.schema,
        body: form.body,
        consumes: form.mediaTypes,
        ...(form.optional ? { [optionalBody]: true } : {}),
      };
      return jsonSchemaTransform({ ...input, schema });
    },
    transformObject: namedSchemas,
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
