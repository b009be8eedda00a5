import type { FastifyError, FastifyInstance } from 'fastify';
import { translateDbError } from '../resource/db-errors';
import { ApiError, RequestValidationError } from './errors';
import { failure } from './reply';

/** Fastify's own request errors, in words a user of the console understands. */
function frameworkMessage(error: FastifyError, bodyLimit: number): { code: number; msg: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 400, msg: '请求体不是有效的JSON' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 400, msg: '请求体不能为空' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 400, msg: '不支持的请求内容类型' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 413, msg: `请求内容过大，不能超过${Math.floor(bodyLimit / 1024)}KB` };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 400, msg: '请求内容长度不正确' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { code: 400, msg: '请求不是有效的表单数据' };
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { code: 413, msg: '上传内容超出限制' };
  }
  // The multipart parser's own refusals (busboy's plain errors): no boundary, a body cut short.
  if (/^(Multipart: |Unexpected end of (form|file)|Malformed (part header|urlencoded form))/.test(error.message)) {
    return { code: 400, msg: '请求不是有效的表单数据' };
  }
  if (error.statusCode === 400 || (error instanceof SyntaxError && error.statusCode === undefined)) {
    return { code: 400, msg: '请求参数错误' };
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    request.failed = true;
    // The last line of defence: a value the schemas let through and the database refused (a number past its
    // column, a NUL, an impossible date, a unique key two requests raced for) is the caller's to fix, not a 500.
    const refused = error instanceof ApiError ? error : translateDbError(error);
    if (refused instanceof ApiError) {
      if (refused !== (error as unknown))
        request.log.warn({ err: error }, 'database refused a request the schemas let through');
      return reply.status(200).send({ ...failure(refused.code, refused.message), data: refused.data ?? null });
    }
    if (error instanceof RequestValidationError) return reply.status(200).send(failure(400, error.message));
    const known = frameworkMessage(error, bodyLimit);
    if (known) return reply.status(200).send(failure(known.code, known.msg));
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(failure(500, '系统异常，请稍后重试', request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api')) return reply.status(404).send(failure(404, '接口不存在'));
    return reply.status(404).send('Not Found');
  });
}
