import { z } from 'zod';
import { idText } from './values';

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
 * A page of rows. Past `totalCap` matches the total is not counted exactly: `total` is the cap and
 * `totalExact` false, so the pager shows "10000+" and stays fast on million-row tables.
 */
export interface PageResult<T> {
  list: T[];
  total: number;
  totalExact: boolean;
  page: number;
  limit: number;
}
export const totalCap = 10_000;

/** Ids are integers in the database and strings on the wire, so large values survive JavaScript. */
export const idString = idText.meta({ title: '编号' });
