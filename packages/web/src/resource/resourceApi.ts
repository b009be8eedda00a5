import type { PageResult, SensitiveValue } from '@cp/contracts';
import { del, get, post, put } from '../request';
import type { ResourceRecord } from './types';

/** The REST calls of a resource mounted at `base` (`/api/vehicles`), as its server routes declare them. */
export function createResourceApi<T extends ResourceRecord = ResourceRecord>(base: string) {
  return {
    base,
    list: (query: object) => get<PageResult<T>>(base, query),
    detail: (id: string) => get<T>(`${base}/${id}`),
    create: (input: Record<string, unknown>) => post<T>(base, input),
    update: (id: string, input: Record<string, unknown> & { version: number }) => put<T>(`${base}/${id}`, input),
    remove: (id: string) => del<null>(`${base}/${id}`),
    historyUrl: (id: string) => `${base}/${id}/history`,
    /** A masked field's whole value (the server audits each read). */
    sensitive: (id: string, field: string) => get<SensitiveValue>(`${base}/${id}/sensitive/${field}`),
  };
}
