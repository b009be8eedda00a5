import { Alert, Card, Spin } from 'antd';
import { useMemo } from 'react';
import type { ResourceRecord } from '../resource';
import { fileNamesOf } from '../resource/fileNames';
import { toUploadedFile } from '../resource/StoredFileList';
import { PdfViewer } from '../widgets/pdf/PdfViewer';
import { useFileUrl } from '../widgets/upload/useFileUrl';

/** The version's PDF, open in the console's reader on its detail view. */
export function RegulationPdf({ record }: { record: ResourceRecord }) {
  const location = Array.isArray(record.file) ? String(record.file[0] ?? '') : '';
  const names = fileNamesOf(record);
  const file = useMemo(() => (location ? toUploadedFile(location, names) : null), [location, names]);
  const state = useFileUrl(file);
  if (!file) return null;
  return (
    <Card title="制度全文" size="small">
      {state.status === 'loading' && <Spin style={{ display: 'block', padding: 48 }} />}
      {state.status === 'failed' && <Alert type="error" title={state.message} />}
      {state.status === 'ready' && <PdfViewer url={state.url} fileName={file.attachmentName} />}
    </Card>
  );
}
