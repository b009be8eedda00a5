import { z } from 'zod';
import { text } from './values';

/** Every feedback names the console. */
export const feedbackSysName = 'cp';
export const feedbackLevels = ['高', '中', '低'] as const;
export const faultTypes = ['阻塞使用流程', '涉及结算/财务/金额', '普通功能错误', '以上都有'] as const;
export const maxSuggestionScreenshots = 3;
export const maxFaultScreenshots = 9;

const sysName = z.literal(feedbackSysName, { error: '必须为 cp' }).meta({ title: '系统名称' });
const menu = text().trim().min(1, '请选择菜单').max(200).meta({ title: '菜单' });
const problem = text().trim().min(1, '请输入问题').max(2000).meta({ title: '问题' });
const screenshots = (max: number) =>
  z
    .array(text().trim().min(1, '不能为空').max(300).meta({ title: '截图' }))
    .max(max)
    .default([])
    .meta({ title: '截图' });

export const suggestionInput = z.strictObject({
  role: text().trim().min(1, '请输入角色').max(50).meta({ title: '角色' }),
  menu,
  problem,
  level: z.enum(feedbackLevels, { error: '请选择等级（高、中、低）' }).meta({ title: '等级' }),
  pic: screenshots(maxSuggestionScreenshots),
  sysName,
});
export type SuggestionInput = z.infer<typeof suggestionInput>;

export const faultInput = z.strictObject({
  type: z.enum(faultTypes, { error: `请选择类型（${faultTypes.join('、')}）` }).meta({ title: '类型' }),
  menu,
  problem,
  pic: screenshots(maxFaultScreenshots),
  url: text().trim().min(1, '请输入页面地址').max(2000).meta({ title: '页面地址' }),
  sysName,
});
export type FaultInput = z.infer<typeof faultInput>;

export const productDocumentRequest = z.strictObject({ sysName });

/** `POST /api/feedback/product-document`, as SPEC.md §3 names it. */
export const productDocument = z.object({ picsPath: z.object({ fileAccessUrl: text() }) });
export type ProductDocument = z.infer<typeof productDocument>;

export const feedbackReceipt = z.object({ id: text(), createdAt: text() });
export type FeedbackReceipt = z.infer<typeof feedbackReceipt>;
