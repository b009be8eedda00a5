import { is, Param, Placeholder } from 'drizzle-orm';
import pg from 'pg';

/** A page's rows as the driver reads them: one array of cells per row, in the statement's column order. */
export type Cells = readonly unknown[];

/**
 * Runs a drizzle prepared query for its rows as arrays of cells — dates and timestamps as text, the rest by
 * the driver's parsers, exactly what drizzle's own array-mode query reads — without drizzle's row mapping,
 * tracing and result objects keyed by column name (a page of 20 rows of 15 columns built 20 objects only to
 * copy them). It uses the prepared query's own SQL, parameters, statement name and array-mode settings;
 * undefined when the query is not one of the two drivers this knows (drizzle changed), and the caller
 * then reads rows through drizzle.
 */
export function cellsOf(statement: unknown): ((values: Record<string, unknown>) => Promise<Cells[]>) | undefined {
  const prepared = statement as {
    client?: { query?: unknown };
    queryString?: unknown;
    params?: unknown;
    queryConfig?: { rowMode?: unknown };
  };
  const { client, queryString, params, queryConfig } = prepared;
  if (typeof queryString !== 'string' || !Array.isArray(params) || queryConfig?.rowMode !== 'array') return undefined;
  const fill = filler(params);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const pool = client as pg.Pool;
    const config = queryConfig as pg.QueryArrayConfig;
    return async (values) => (await pool.query<unknown[]>({ ...config, values: fill(values) })).rows;
  }
  if (typeof client?.query === 'function') {
    // PGlite: query(text, params, options) with its own array-mode parsers.
    const lite = client as { query(text: string, params: unknown[], options: unknown): Promise<{ rows: Cells[] }> };
    return async (values) => (await lite.query(queryString, fill(values), queryConfig)).rows;
  }
  return undefined;
}

/**
 * The statement's parameters from a request's placeholder values, as drizzle's `fillPlaceholders` gives them,
 * with which parameter is which worked out once rather than on every run.
 */
function filler(params: readonly unknown[]): (values: Record<string, unknown>) => unknown[] {
  const slots = params.map((param): ((values: Record<string, unknown>) => unknown) => {
    const placeholder = is(param, Placeholder)
      ? { name: param.name, encode: (value: unknown) => value }
      : is(param, Param) && is(param.value, Placeholder)
        ? { name: param.value.name, encode: (value: unknown) => param.encoder.mapToDriverValue(value) }
        : undefined;
    if (!placeholder) return () => param;
    const { name, encode } = placeholder;
    return (values) => {
      if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      return encode(values[name]);
    };
  });
  return (values) => slots.map((slot) => slot(values));
}
