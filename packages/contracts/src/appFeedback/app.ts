import { z } from 'zod';
import { defineEnum } from '../enums';
import { faultTypes, feedbackLevels, maxFaultScreenshots, maxSuggestionScreenshots } from '../feedback';
import { idText, text } from '../values';

const screenshots = z.array(text().trim().min(1, '不能为空').max(300)).max(maxFaultScreenshots);

/**
 * What the drivers' app sends as feedback (`POST /api/app/feedback`): the console widget's two shapes (SPEC
 * §3) without what the app cannot know (the console's role and system name), told apart by `kind` — a
 * suggestion {menu, problem, level, ≤3 screenshots} or a fault {type, menu, problem, url, ≤9 screenshots}.
 * `pic` names screenshots the same driver uploaded through `POST /api/app/feedback/screenshots`.
 */
export const appFeedbackInput = z
  .strictObject({
    kind: z
      .enum(['suggestion', 'fault'], { error: '应为 suggestion（建议）或 fault（故障）' })
      .meta({ title: '反馈类型' }),
    menu: text().trim().min(1, '请选择菜单').max(200).meta({ title: '菜单' }),
    problem: text().trim().min(1, '请输入问题').max(2000).meta({ title: '问题' }),
    level: z.enum(feedbackLevels, { error: '请选择等级（高、中、低）' }).optional().meta({ title: '等级' }),
    type: z
      .enum(faultTypes, { error: `请选择类型（${faultTypes.join('、')}）` })
      .optional()
      .meta({ title: '类型' }),
    url: text().trim().max(500).optional().meta({ title: '页面地址' }),
    pic: screenshots.default([]).meta({ title: '截图' }),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'suggestion') {
      if (!body.level) ctx.addIssue({ code: 'custom', path: ['level'], message: '请选择等级（高、中、低）' });
      if (body.pic.length > maxSuggestionScreenshots) {
        ctx.addIssue({ code: 'custom', path: ['pic'], message: `建议最多${maxSuggestionScreenshots}张截图` });
      }
    } else if (!body.type) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: `请选择类型（${faultTypes.join('、')}）` });
    }
  });
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

/** `GET /api/driver-feedback/statistics`: counts, and the share of finished feedback 已处理 (not 已关闭) in basis points. */
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

/** What a message of the app's inbox is about: a reply to the driver's feedback, or its handling ended. */
export const appMessageKind = defineEnum('消息类型', [
  [1, '反馈回复'],
  [2, '反馈已处理'],
  [3, '反馈已关闭'],
]);

/** One message of a driver's inbox (`GET /api/app/messages`), unread until the app marks it read. */
export const appMessage = z
  .object({
    id: text().meta({ title: '消息编号' }),
    kind: z.number().int().meta({ title: '消息类型', description: '1 反馈回复 / 2 反馈已处理 / 3 反馈已关闭' }),
    kindName: text().meta({ title: '消息类型名称' }),
    title: text().meta({ title: '标题' }),
    content: text().meta({ title: '内容' }),
    feedbackId: text().meta({ title: '反馈编号（id）' }),
    feedbackNo: text().meta({ title: '反馈编号' }),
    createdAt: text().meta({ title: '发送时间', description: 'ISO 8601' }),
    readAt: text().nullable().meta({ title: '已读时间', description: 'ISO 8601' }),
  })
  .meta({ id: 'AppMessage' });

export const appMessagesQuery = z.strictObject({
  all: z
    .enum(['0', '1'], { error: '应为0（只看未读）或1（含已读）' })
    .optional()
    .meta({ title: '含已读', description: '1：含已读的（最近100条）；不填或0：只看未读' }),
});

/** Marks messages read: the ids named (each the driver's own), or every unread one when `all` is true. */
export const appMessagesReadBody = z
  .strictObject({
    ids: z.array(idText).min(1, '至少一条').max(100, '最多100条').optional().meta({ title: '消息编号' }),
    all: z.literal(true, { error: '应为true' }).optional().meta({ title: '全部已读' }),
  })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
    message: '请给出消息编号（ids）或全部已读（all），二者选一',
  });

export const appMessagesReadAnswer = z
  .object({
    read: z.number().int().meta({ title: '本次标为已读的条数' }),
    unread: z.number().int().meta({ title: '仍未读' }),
  })
  .meta({ id: 'AppMessagesRead' });
