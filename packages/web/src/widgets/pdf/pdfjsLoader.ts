import type { PDFDocumentProxy } from 'pdfjs-dist';
import { getToken } from '../../auth/token';
import type { PdfDocument, PdfLoader } from './pdfDocument';

interface PdfjsOptions {
  /** Where pdfjs-dist's `cmaps/` are served, for PDFs whose Chinese fonts are not embedded. */
  cMapUrl?: string;
  standardFontDataUrl?: string;
}

function adapt(document: PDFDocumentProxy): PdfDocument {
  return {
    numPages: document.numPages,
    getPage: async (pageNumber) => {
      const page = await document.getPage(pageNumber);
      const { width, height } = page.getViewport({ scale: 1 });
      return {
        width,
        height,
        render: (canvas, scale) => {
          const task = page.render({ canvas, viewport: page.getViewport({ scale }) });
          return { promise: task.promise, cancel: () => task.cancel() };
        },
      };
    },
    getData: () => document.getData(),
    destroy: () => void document.destroy(),
  };
}

/**
 * Loads pdf.js on first use, so it ends up in its own chunk fetched only by screens that show a PDF.
 * Same-origin URLs get the session token header; signed storage URLs must not (CORS preflight).
 */
function createPdfjsLoader(options: PdfjsOptions = {}): PdfLoader {
  return async (url, signal) => {
    const [pdfjs, worker] = await Promise.all([
      import('pdfjs-dist'),
      import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
    ]);
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    const token = url.startsWith('/') ? getToken() : undefined;
    const cMaps = options.cMapUrl ? { cMapUrl: options.cMapUrl, cMapPacked: true } : {};
    const task = pdfjs.getDocument({
      url,
      // The console's content security policy allows no eval: pdf.js then draws fonts without compiling them.
      isEvalSupported: false,
      ...(token ? { httpHeaders: { token } } : {}),
      ...cMaps,
      ...(options.standardFontDataUrl ? { standardFontDataUrl: options.standardFontDataUrl } : {}),
    });
    signal.addEventListener('abort', () => void task.destroy());
    return adapt(await task.promise);
  };
}

export const loadPdfWithPdfjs: PdfLoader = createPdfjsLoader();
