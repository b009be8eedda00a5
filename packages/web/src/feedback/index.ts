export { FeedbackWidget } from './FeedbackWidget';
