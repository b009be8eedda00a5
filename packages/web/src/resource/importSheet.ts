import type { ImportBatchResult, Resource } from '@cp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { post, RequestError } from '../request';
import { refreshResources } from './mutations';

/** The server's limits of an import (packages/api/src/resource/import.ts), checked before sending. */
export function importLimits(resource: Resource) {
  return { accept: ['xlsx'], maxSizeMb: 2, maxRows: resource.import?.maxRows ?? 2000 } as const;
}

/** What an import answers: all-or-nothing counts, or the batch a row-by-row import kept. */
export type ImportResult = { imported: number; skipped: number } | ImportBatchResult;

/** A cell the server refused: the sheet's row number, the column and why. */
export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

export interface ImportFailure {
  message: string;
  problems: ImportProblem[];
  /** How many problems the sheet has in all; `problems` holds the first 200. */
  total: number;
}

/** POST the sheet as multipart field `file` to the resource's import; the dialog shows a refusal, no toast. */
function importSheet(resource: Resource, file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  return post<ImportResult>(`${resource.endpoint}/import`, form, { showsError: true });
}

/** What a refused import says: its message, and the rows it names when the sheet had problems. */
function importFailureOf(error: unknown): ImportFailure {
  const message = error instanceof Error && error.message ? error.message : '导入失败';
  const data = error instanceof RequestError ? (error.data as { problems?: unknown; total?: unknown } | null) : null;
  const problems = Array.isArray(data?.problems) ? (data.problems as ImportProblem[]) : [];
  return { message, problems, total: typeof data?.total === 'number' ? data.total : problems.length };
}

/**
 * The 导入 dialog's state: the chosen file, the import of it, and what a refusal said. A finished import
 * refreshes the resource's lists.
 */
export function useImportSheet(resource: Resource, onImported: (result: ImportResult) => void) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const mutation = useMutation({
    mutationFn: (chosen: File) => importSheet(resource, chosen),
    onSuccess: async (result) => {
      onImported(result);
      await refreshResources(queryClient, [resource.key]);
    },
  });
  return {
    file,
    choose: (chosen: File | null) => {
      setFile(chosen);
      mutation.reset();
    },
    start: () => file && mutation.mutate(file),
    importing: mutation.isPending,
    failure: mutation.error ? importFailureOf(mutation.error) : null,
  };
}
