import { type ErrorCodeName, errorCodes } from '@cp/contracts';

/**
 * An error the caller can act on: answered with HTTP 200, a non-zero code and a Chinese message, and `data`
 * when the message alone cannot say it all (the rows an import refused).
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static of(name: ErrorCodeName, message?: string, data?: unknown): ApiError {
    const entry = errorCodes[name];
    return new ApiError(entry.code, message ?? entry.msg, data);
  }
}

export const badRequest = (message: string) => ApiError.of('badRequest', message);
export const forbidden = () => ApiError.of('forbidden');
export const notFound = (what = '数据') => ApiError.of('notFound', `${what}不存在`);
export const conflict = () => ApiError.of('conflict');
export const businessError = (message: string, data?: unknown) => ApiError.of('business', message, data);

/** A request part (body, query, params) that failed its schema; the message names the field. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'RequestValidationError';
  }
}
