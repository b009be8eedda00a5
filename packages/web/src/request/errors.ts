/** SPEC.md §7: a call not answered in this time fails with `requestMessages.timeout`. */
export const requestTimeoutMs = 500_000;

export const requestMessages = {
  network: '后端接口连接异常',
  timeout: '系统接口请求超时',
  http: (status: number) => `系统接口${status}异常`,
  /** A business error without a message. */
  unknown: 'Error',
} as const;

/** Codes that end the session: the token is cleared and the user goes to `/`. */
export const sessionEndingCodes: ReadonlySet<number> = new Set([1001, 1002]);

/**
 * A failed call: `code` is the envelope code, or the HTTP status, or 0 for network and time-out. `data` is
 * the envelope's data of a business failure that carries details (the rows an import refused).
 */
export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly kind: 'business' | 'http' | 'network' | 'timeout',
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}
