export { FeedbackWidget, type FeedbackWidgetProps } from './FeedbackWidget';
export {
  createHttpFeedbackApi,
  type FaultPayload,
  type FeedbackApi,
  feedbackPaths,
  type SuggestionPayload,
  sysName,
} from './feedbackApi';
