import type { ApiResponse } from '@cp/contracts';

export function ok<T>(data: T, msg = 'success'): ApiResponse<T> {
  return { code: 0, msg, data, isSuccess: true };
}

export function failure(code: number, msg: string, requestId?: string): ApiResponse<null> {
  const body: ApiResponse<null> = { code, msg, data: null, isSuccess: false };
  if (requestId) body.requestId = requestId;
  return body;
}
