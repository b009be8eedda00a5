import { buttonKeys } from '@cp/contracts';
import type { z } from 'zod';
import type { Db } from '../db';
import type { ExportColumn } from './columns';

/** What a row source is given: always the tenant of the user who asked, and the filters as validated. */
export interface ExportScope<F> {
  tenantId: number;
  /** Who asked for the export: a list of "mine" exports their rows. */
  userId: number;
  filters: F;
  batchSize: number;
  signal: AbortSignal;
}

/**
 * An export a list offers, declared once by its feature: the list's `…:export` button key guards it, its
 * filters schema is the list's, its columns have Chinese headers and format values (enumeration labels,
 * Beijing times), and its rows come in batches so no export holds all of them.
 */
export interface ExportDefinition<F = unknown, Row = unknown> {
  /** Defaults to the page key of `permission`: `roleManagement`. */
  kind: string;
  /** Names the file and the download record: `角色列表`. */
  name: string;
  /** The list's export button key from the route catalogue: `roleManagement:export`. */
  permission: string;
  filters: z.ZodType<F>;
  columns: readonly ExportColumn<Row>[];
  /** How many rows the filters match, for the progress bar; without it progress moves by batches. */
  count?(db: Db, scope: ExportScope<F>): Promise<number>;
  /** The rows in the list's order, a batch at a time (see `keysetBatches`). */
  rows(db: Db, scope: ExportScope<F>): AsyncIterable<readonly Row[]>;
}

const knownButtons = new Set(buttonKeys);

export function defineExport<F, Row>(
  spec: Omit<ExportDefinition<F, Row>, 'kind'> & { kind?: string },
): ExportDefinition<F, Row> {
  if (!knownButtons.has(spec.permission) || !spec.permission.endsWith(':export')) {
    throw new Error(`export ${spec.name}: ${spec.permission} is not an export button of the route catalogue`);
  }
  return { ...spec, kind: spec.kind ?? spec.permission.slice(0, spec.permission.lastIndexOf(':')) };
}

/**
 * Batches by keyset (`id < last id`, newest first): every query is an index range, as fast for the last
 * batch of a million rows as for the first, where OFFSET would scan everything before it.
 */
export async function* keysetBatches<Row extends { id: number }>(
  fetch: (beforeId: number | null, limit: number) => Promise<Row[]>,
  scope: { batchSize: number; signal: AbortSignal },
): AsyncGenerator<Row[]> {
  let before: number | null = null;
  for (;;) {
    if (scope.signal.aborted) return;
    const rows = await fetch(before, scope.batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < scope.batchSize) return;
    before = last.id;
  }
}

export class ExportRegistry {
  private readonly byKind = new Map<string, ExportDefinition>();

  // biome-ignore lint/suspicious/noExplicitAny: each definition has its own filters and row types.
  constructor(definitions: readonly ExportDefinition<any, any>[]) {
    for (const definition of definitions) {
      if (this.byKind.has(definition.kind)) throw new Error(`export kind ${definition.kind} declared twice`);
      this.byKind.set(definition.kind, definition);
    }
  }

  get(kind: string): ExportDefinition | undefined {
    return this.byKind.get(kind);
  }

  list(): ExportDefinition[] {
    return [...this.byKind.values()];
  }
}
