import { z } from 'zod';
import { faultInput, suggestionInput } from '../feedback';
import { text } from '../values';

/**
 * What the drivers' app sends as feedback (`POST /api/app/feedback`): the console widget's two shapes (SPEC
 * §3) without what the app cannot know (the console's role and system name), told apart by `kind`. `pic`
 * names screenshots the same driver uploaded through `POST /api/app/feedback/screenshots`.
 */
export const appFeedbackInput = z.discriminatedUnion(
  'kind',
  [
    suggestionInput.omit({ role: true, sysName: true }).extend({ kind: z.literal('suggestion') }),
    faultInput.omit({ sysName: true, url: true }).extend({
      kind: z.literal('fault'),
      url: text().trim().max(500).optional().meta({ title: '页面地址' }),
    }),
  ],
  { error: '反馈类型：应为 suggestion（建议）或 fault（故障）' },
);
export type AppFeedbackInput = z.infer<typeof appFeedbackInput>;

export const appFeedbackReceipt = z
  .object({ id: text(), feedbackNo: text(), status: text() })
  .meta({ id: 'AppFeedbackReceipt' });

export const appScreenshotAnswer = z
  .object({
    files: z.array(z.object({ fileLocation: text(), attachmentName: text(), size: z.number() })),
  })
  .meta({ id: 'AppScreenshotUpload' });

/** One of a driver's feedbacks as the app shows it: its state and every reply, oldest first. */
export const appFeedbackView = z
  .object({
    id: text(),
    feedbackNo: text(),
    kind: text(),
    menu: text(),
    problem: text(),
    status: text(),
    createdAt: text(),
    replies: z.array(z.object({ content: text(), createdAt: text() })),
  })
  .meta({ id: 'AppFeedbackView' });

/** `GET /api/app-feedback/statistics`: counts, and the share of finished feedback 已处理 (not 已关闭) in basis points. */
export const appFeedbackStatistics = z
  .object({
    total: z.number().meta({ title: '反馈总数' }),
    pending: z.number().meta({ title: '待处理' }),
    handling: z.number().meta({ title: '处理中' }),
    handled: z.number().meta({ title: '已处理' }),
    closed: z.number().meta({ title: '已关闭' }),
    suggestions: z.number().meta({ title: '建议' }),
    faults: z.number().meta({ title: '故障' }),
    within5h: z.number().meta({ title: '5小时内' }),
    within24h: z.number().meta({ title: '5-24小时' }),
    over24h: z.number().meta({ title: '超过24小时' }),
    handledRate: z.number().meta({ title: '解决率（基点）' }),
  })
  .meta({ id: 'AppFeedbackStatistics' });
export type AppFeedbackStatistics = z.infer<typeof appFeedbackStatistics>;
