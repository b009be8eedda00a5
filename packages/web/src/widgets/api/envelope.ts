import type { ApiResponse } from '@cp/contracts';

/** A business failure: the server answered, with a non-zero code or `isSuccess: false`. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The data of a successful envelope (the whole body when data is null), else throws the server's message. */
export function unwrapEnvelope<T>(body: Partial<ApiResponse<T>> | undefined): T {
  if (body && body.code === 0 && body.isSuccess !== false) return (body.data ?? body) as T;
  throw new ApiError(body?.msg || '操作失败', body?.code);
}

/** The message to show for a failed call; null for a cancelled one, which the user need not hear about. */
export function errorMessage(error: unknown): string | null {
  if (error instanceof Error && error.name === 'CanceledError') return null;
  return error instanceof Error && error.message ? error.message : '操作失败';
}
