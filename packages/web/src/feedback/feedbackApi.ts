import { type EnvelopeClient, type UploadFileFn, uploadWith } from '../widgets/api/widgetApi';

/** Every feedback carries the console's system name. */
export const sysName = 'cp';

export interface SuggestionPayload {
  role: string;
  menu: string;
  problem: string;
  level: string;
  /** File locations of the screenshots. */
  pic: string[];
  sysName: typeof sysName;
}

export interface FaultPayload {
  type: string;
  menu: string;
  problem: string;
  pic: string[];
  url: string;
  sysName: typeof sysName;
}

/** The feedback calls; each rejects with an Error whose message the widget shows. */
export interface FeedbackApi {
  uploadScreenshot: UploadFileFn;
  submitSuggestion: (payload: SuggestionPayload) => Promise<unknown>;
  submitFault: (payload: FaultPayload) => Promise<unknown>;
  /** The product document's address, to open in a new window. */
  productDocumentUrl: () => Promise<string>;
}

const feedbackPaths = {
  screenshot: '/api/gateway/storage/image/private',
  suggestion: '/api/feedback/suggestions',
  fault: '/api/feedback/faults',
  productDocument: '/api/feedback/product-document',
};

export function createHttpFeedbackApi(client: EnvelopeClient): FeedbackApi {
  return {
    uploadScreenshot: uploadWith(client, feedbackPaths.screenshot),
    submitSuggestion: (payload) => client.postJson(feedbackPaths.suggestion, payload),
    submitFault: (payload) => client.postJson(feedbackPaths.fault, payload),
    productDocumentUrl: async () => {
      const data = await client.postJson<{ picsPath: { fileAccessUrl: string } }>(feedbackPaths.productDocument, {
        sysName,
      });
      return data.picsPath.fileAccessUrl;
    },
  };
}
