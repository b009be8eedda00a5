function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Drops undefined, null, blank strings and empty lists, so a query carries only the filters the user set. */
export function stripEmpty<T extends Record<string, unknown>>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => !isEmpty(value))) as Partial<T>;
}
