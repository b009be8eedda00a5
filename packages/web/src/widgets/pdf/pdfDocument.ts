/** One page, sized in CSS pixels at scale 1. */
interface PdfPage {
  readonly width: number;
  readonly height: number;
  render(canvas: HTMLCanvasElement, scale: number): { promise: Promise<unknown>; cancel(): void };
}

export interface PdfDocument {
  readonly numPages: number;
  getPage(pageNumber: number): Promise<PdfPage>;
  /** The file's bytes, to save it without downloading it again. */
  getData(): Promise<Uint8Array>;
  destroy(): void;
}

/** Opens the PDF at `url`; aborting the signal stops the download. */
export type PdfLoader = (url: string, signal: AbortSignal) => Promise<PdfDocument>;
