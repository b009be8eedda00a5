import { violationResource } from '@cp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { post, RequestError } from '../../request';

export const violationImportUrl = '/api/vehicle-violations/import';
/** The server's limits (packages/api/src/vehicles/violation-import-routes.ts), checked before sending. */
export const violationImportLimits = { accept: ['xlsx'], maxSizeMb: 2, maxRows: 2000 } as const;

export interface ImportResult {
  imported: number;
  skipped: number;
}

/** A cell the server refused: the sheet's row number, the column and why. */
export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

export interface ImportFailure {
  message: string;
  problems: ImportProblem[];
}

/** POST the sheet as multipart field `file`. */
export function importViolations(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  return post<ImportResult>(violationImportUrl, form);
}

/** What a refused import says: its message, and the rows it names when the sheet had problems. */
export function importFailureOf(error: unknown): ImportFailure {
  const message = error instanceof Error && error.message ? error.message : '导入失败';
  const data = error instanceof RequestError ? (error.data as { problems?: unknown } | null) : null;
  return { message, problems: Array.isArray(data?.problems) ? (data.problems as ImportProblem[]) : [] };
}

/**
 * The 导入违章 dialog's state: the chosen file, the import of it, and what a refusal said. A finished
 * import refreshes the violation list.
 */
export function useViolationImport(onImported: (result: ImportResult) => void) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const mutation = useMutation({
    mutationFn: importViolations,
    onSuccess: async (result) => {
      onImported(result);
      await queryClient.invalidateQueries({ queryKey: [violationResource.key] });
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
