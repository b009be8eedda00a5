import { useEffect, useRef } from 'react';
import type { PdfDocument } from './pdfDocument';

/** Draws one page, as wide as its container, sharp on high-density screens. */
export function PdfCanvas({ document, pageNumber }: { document: PdfDocument; pageNumber: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelRender: (() => void) | undefined;
    let stopped = false;
    document.getPage(pageNumber).then((page) => {
      if (stopped) return;
      const available = canvas.parentElement?.clientWidth ?? 0;
      const scale = available > 0 ? available / page.width : 1;
      const density = window.devicePixelRatio || 1;
      canvas.width = Math.floor(page.width * scale * density);
      canvas.height = Math.floor(page.height * scale * density);
      canvas.style.width = `${Math.floor(page.width * scale)}px`;
      const task = page.render(canvas, scale * density);
      cancelRender = task.cancel;
      // A cancelled render rejects; that is expected when the user pages quickly.
      task.promise.catch(() => {});
    });
    return () => {
      stopped = true;
      cancelRender?.();
    };
  }, [document, pageNumber]);

  return <canvas ref={canvasRef} aria-label={`第 ${pageNumber} 页`} style={{ display: 'block', margin: '0 auto' }} />;
}
