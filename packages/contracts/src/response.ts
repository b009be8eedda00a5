import { z } from 'zod';
import { idText, text } from './values';

/** Every API answer is this envelope. Business errors also travel with HTTP 200 and a non-zero code. */
export interface ApiResponse<T> {
  code: number;
  msg: string;
  data: T;
  isSuccess: boolean;
  /** Present on errors, to quote when reporting a fault. */
  requestId?: string;
}

export const errorCodes = {
  ok: { code: 0, msg: 'success', meaning: '成功' },
  badRequest: { code: 400, msg: '请求参数错误', meaning: '参数校验失败、JSON格式错误、未知字段等，msg 指明字段' },
  forbidden: { code: 403, msg: '无权限', meaning: '当前账号没有该菜单或按钮权限' },
  notFound: { code: 404, msg: '数据不存在', meaning: '记录不存在，或不属于当前分公司' },
  conflict: { code: 409, msg: '数据已被他人修改，请刷新后重试', meaning: '乐观锁版本冲突' },
  tooLarge: { code: 413, msg: '请求内容过大', meaning: '请求体超过上限' },
  tooManyRequests: { code: 429, msg: '操作过于频繁，请稍后再试', meaning: '登录失败次数过多等限流' },
  internal: { code: 500, msg: '系统异常，请稍后重试', meaning: '未预期的服务端错误（HTTP 500，附请求编号）' },
  business: { code: 1000, msg: '操作失败', meaning: '业务规则不允许该操作，msg 说明原因' },
  tokenInvalid: { code: 1001, msg: '登录凭证缺失或无效，请重新登录', meaning: '未携带 token 或 token 无效' },
  sessionExpired: { code: 1002, msg: '登录已过期，请重新登录', meaning: '会话过期、已退出或已切换账号' },
} as const;

export type ErrorCodeName = keyof typeof errorCodes;

/**
 * The response schema of an operation: the envelope around what `data` holds on success. It documents the
 * operation (OpenAPI) and types the handler's answer; the server does not serialize with it. On an error
 * (code ≠ 0) `data` is null, or the error's details (an import's problems).
 */
export function envelope<T extends z.ZodType>(
  data: T,
  description = '成功时 code 为 0，data 如下；业务错误同样以 HTTP 200 返回，code 非 0，msg 说明原因',
) {
  return z
    .object({
      code: z.number().int().meta({ description: '0 表示成功，其余见错误码表' }),
      msg: text(),
      data,
      isSuccess: z.boolean(),
      requestId: text().optional().meta({ description: '出错时的请求编号' }),
    })
    .meta({ description });
}

/** An answer carrying no data: a deletion, a logout. */
export const emptyEnvelope = envelope(z.null());

/** An error answered with its own HTTP status (an expired link's 403, a database that is down's 503). */
export const refusalEnvelope = envelope(z.null(), '出错：code 与 msg 说明原因，data 为 null');

/** Page request of every list: `page` from 1, `limit` up to the largest pager size. */
export const maxPageSize = 500;
/** The last page a list pages to: past it, a filter narrows better than paging. */
export const maxPage = 100_000;
export const pageQuery = z.object({
  // The bounds before `.int()`, whose own bound (2^53) would be the message of a huge page.
  page: z.coerce.number().min(1).max(maxPage).int().default(1).meta({ title: '页码' }),
  limit: z.coerce.number().min(1).max(maxPageSize).int().default(20).meta({ title: '每页条数' }),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * A page of rows. Past `totalCap` matches (`searchTotalCap` for a list filtered by a contains-search) the
 * total is not counted exactly: `total` is the cap and `totalExact` false, so the pager shows "10000+"
 * ("1000+") and stays fast on million-row tables.
 */
export interface PageResult<T> {
  list: T[];
  total: number;
  totalExact: boolean;
  page: number;
  limit: number;
}
export const totalCap = 10_000;
/**
 * The cap of a list filtered by a contains-search (a name, a plate fragment): a search is for finding rows,
 * and a surname's thousands of matches would otherwise be counted row by row on every request, the
 * search index holding neither the branch company nor the list's other filters. Past it the user narrows
 * the search.
 */
export const searchTotalCap = 1_000;

/** The schema of a `PageResult` of `item`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().meta({ description: '匹配条数，超过上限（10000；按文字搜索时 1000）时为上限' }),
    totalExact: z.boolean().meta({ description: 'false 表示匹配超过上限，total 为上限' }),
    page: z.number().int(),
    limit: z.number().int(),
  });
}

/** Ids are integers in the database and strings on the wire, so large values survive JavaScript. */
export const idString = idText.meta({ title: '编号' });

/** One change of a row's history: who did what when, and each field's value before and after. */
/**
 * What a changed value refers to, by name: a referenced row's (`北京市`, `#12（已删除）` when it is gone), a
 * `refs` field's rows, a file field's uploaded names.
 */
const historyName = z
  .union([text(), z.array(text())])
  .meta({ description: '引用数据的名称（已删除的为 #编号（已删除））或附件的文件名' });

export const historyEntry = z.object({
  id: text(),
  action: text().meta({ description: 'create、update、delete 或状态操作名' }),
  userName: text(),
  at: text().meta({ description: 'ISO 时间' }),
  changes: z
    .record(
      text(),
      z.object({
        from: z.unknown(),
        to: z.unknown(),
        fromName: historyName.optional(),
        toName: historyName.optional(),
      }),
    )
    .nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
