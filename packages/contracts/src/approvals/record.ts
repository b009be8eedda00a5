import { z } from 'zod';
import { idText, text } from '../values';

/** An approval as its business page and the to-do lists show it: the nodes, who decides each, what happened. */
export const approvalRecord = z.object({
  id: text(),
  title: text(),
  businessType: z.number().int(),
  businessId: text(),
  status: z.number().int().meta({ description: '1 审批中 2 已通过 3 已驳回 4 已撤回 5 已取消' }),
  initiatorName: text(),
  createdAt: text().meta({ description: 'ISO 时间' }),
  endedAt: text().nullable(),
  nodeIndex: z.number().int(),
  /** The viewer's own open task on it, to decide from the business's approval page. */
  myTaskId: text().nullable(),
  nodes: z.array(
    z.object({
      name: text(),
      method: z.number().int().meta({ description: '1 或签 2 会签 3 依次' }),
      tasks: z.array(
        z.object({
          id: text(),
          approverName: text(),
          status: z.number().int(),
          comment: text().nullable(),
          createdAt: text(),
          handledAt: text().nullable(),
        }),
      ),
    }),
  ),
  events: z.array(
    z.object({
      kind: z.number().int().meta({ description: '1 提交 2 通过 3 驳回 4 转交 5 退回 6 撤回 7 取消 8 审批通过' }),
      userName: text().nullable(),
      nodeName: text().nullable(),
      toUserName: text().nullable(),
      comment: text().nullable(),
      at: text(),
    }),
  ),
});
export type ApprovalRecord = z.infer<typeof approvalRecord>;

export const approvalRecordQuery = z.strictObject({
  businessType: z.coerce.number().int().min(1).max(99).meta({ title: '业务类型' }),
  businessId: idText.meta({ title: '业务编号' }),
});
