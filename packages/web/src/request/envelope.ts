import type { ApiResponse } from '@cp/contracts';

export function isEnvelope(body: unknown): body is ApiResponse<unknown> {
  return typeof body === 'object' && body !== null && ('code' in body || 'isSuccess' in body);
}

const successMessages = new Set(['success', '操作成功']);

/**
 * SPEC.md §8: success when isSuccess is true or absent and code is 0, or the message is "success" /
 * "操作成功"; an explicit isSuccess false is always an error.
 */
export function isSuccessEnvelope(body: ApiResponse<unknown>): boolean {
  if (body.isSuccess === false) return false;
  return body.code === 0 || successMessages.has(body.msg);
}

/** The data field, or the whole body when data is null. */
export function unwrap(body: ApiResponse<unknown>): unknown {
  return body.data ?? body;
}

/**
 * A call's resolved value, or null when the answer was nothing: SPEC §8 resolves `data: null` to the whole
 * envelope, which a caller expecting a record (or null) must not take for one.
 */
export function emptyAsNull<T>(value: unknown): T | null {
  return isEnvelope(value) && (value as { data?: unknown }).data == null ? null : (value as T);
}
