import { useMutation } from '@tanstack/react-query';
import { useExportResult } from '../widgets';
import { type DownloadsApi, downloadsApi } from './api';

/**
 * What a list's 导出 button does: queue an export of `kind` with the list's current filters, then open the
 * export result dialog (返回列表 / 跳转至下载中心). Render `resultModal` in the list.
 */
export function useListExport(kind: string, api: DownloadsApi = downloadsApi) {
  const [showResult, resultModal] = useExportResult();
  const mutation = useMutation({
    mutationFn: (filters: Record<string, unknown>) => api.submitExport(kind, filters),
    onSuccess: () => showResult(),
  });
  return {
    exportList: (filters: Record<string, unknown>) => mutation.mutate(filters),
    exporting: mutation.isPending,
    resultModal,
  };
}
