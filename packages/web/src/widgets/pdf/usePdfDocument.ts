import { useEffect, useRef, useState } from 'react';
import type { PdfDocument, PdfLoader } from './pdfDocument';

export type PdfState = { status: 'loading' } | { status: 'ready'; document: PdfDocument } | { status: 'failed' };

/** Opens the document at `url`, closing it (or stopping the download) when the URL changes or the view goes. */
export function usePdfDocument(url: string, load: PdfLoader, onError: (error: unknown) => void): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  const reportError = useRef(onError);
  reportError.current = onError;

  useEffect(() => {
    const controller = new AbortController();
    let opened: PdfDocument | undefined;
    setState({ status: 'loading' });
    load(url, controller.signal).then(
      (document) => {
        if (controller.signal.aborted) return document.destroy();
        opened = document;
        setState({ status: 'ready', document });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed' });
        reportError.current(error);
      },
    );
    return () => {
      controller.abort();
      opened?.destroy();
    };
  }, [url, load]);

  return state;
}
