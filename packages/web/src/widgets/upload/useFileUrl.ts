import { useEffect, useState } from 'react';
import { errorMessage } from '../api/errorMessage';
import { useWidgetApi } from '../api/WidgetApiContext';
import type { UploadedFile } from '../api/widgetApi';

export type FileUrlState =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed'; message: string };

/** A URL to show `file`: its own, or a temporary one asked from the storage. */
export function useFileUrl(file: UploadedFile | null): FileUrlState {
  const { resolveFileUrl } = useWidgetApi();
  const [resolved, setResolved] = useState<{ for: UploadedFile; state: FileUrlState } | null>(null);

  useEffect(() => {
    if (!file || file.url) return;
    let current = true;
    resolveFileUrl(file.fileLocation).then(
      (url) => current && setResolved({ for: file, state: { status: 'ready', url } }),
      (error: unknown) =>
        current && setResolved({ for: file, state: { status: 'failed', message: errorMessage(error) ?? '' } }),
    );
    return () => {
      current = false;
    };
  }, [file, resolveFileUrl]);

  if (file?.url) return { status: 'ready', url: file.url };
  return resolved && resolved.for === file ? resolved.state : { status: 'loading' };
}
