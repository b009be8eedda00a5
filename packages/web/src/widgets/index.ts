export { ApiError, errorMessage, unwrapEnvelope } from './api/envelope';
export {
  createEnvelopeClient,
  type EnvelopeClient,
  type ProgressHandler,
  readCookie,
  tokenCookieName,
} from './api/httpClient';
export { useEnvelopeClient, useWidgetApi, WidgetApiProvider } from './api/WidgetApiContext';
export {
  createHttpWidgetApi,
  defaultWidgetPaths,
  type StoredFile,
  type UploadedFile,
  type UploadFileFn,
  uploadWith,
  type WidgetApi,
} from './api/widgetApi';
export { downloadCenterPath, ExportResultModal, useExportResult } from './exportResult/ExportResultModal';
export { PageInput } from './paging/PageInput';
export { Pager, type PagerProps } from './paging/Pager';
export * from './paging/paging';
export { PdfViewer, type PdfViewerProps } from './pdf/PdfViewer';
export type { PdfDocument, PdfLoader } from './pdf/pdfDocument';
export { createPdfjsLoader, type PdfjsOptions } from './pdf/pdfjsLoader';
export { stripEmpty } from './query/stripEmpty';
export { mobileBreakpoint, useIsMobileWidth, useMediaQuery } from './responsive/useMediaQuery';
export { SearchPanel, type SearchPanelProps, shortWindowQuery } from './searchPanel/SearchPanel';
export { PagedTable, type PagedTableProps } from './table/PagedTable';
export { markScrollRegions, useScrollRegions } from './table/scrollRegions';
export { type SortState, toSortState } from './table/sortState';
export { defaultThrottleDelay, throttle } from './throttle/throttle';
export { useThrottledHandler } from './throttle/useThrottledHandler';
export { FilePreviewModal } from './upload/FilePreviewModal';
export { FileUpload, type FileUploadProps } from './upload/FileUpload';
export { defaultFileLimit, defaultMaxSizeMb, fileKind, uploadMessages, uploadProblem } from './upload/fileRules';
export { isValidNationalId, nationalIdProblem, nationalIdRule } from './validators/nationalId';
