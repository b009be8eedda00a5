import { beijingDay } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import { rowsOf } from '../db/migrate';
import type { WriteContext } from '../resource/family';

/**
 * A document number: its prefix, the Beijing day, and the next of its sequence padded to `digits` — unique
 * whoever asks at once (ZL… orders, JS… 核算单, HC… 换车单).
 */
export async function serialNumber(
  ctx: Pick<WriteContext, 'tx'>,
  prefix: string,
  sequence: string,
  digits: number,
  now = businessNow(),
): Promise<string> {
  const day = beijingDay(now).replaceAll('-', '');
  const [row] = rowsOf<{ n: string }>(await ctx.tx.execute(sql`select nextval(${sequence}::regclass)::text as n`));
  return `${prefix}${day}${String(row?.n ?? '0').padStart(digits, '0')}`;
}

/** An order number: ZL, the Beijing day, and the next of a sequence (8 digits). */
export const newOrderNo = (ctx: Pick<WriteContext, 'tx'>) => serialNumber(ctx, 'ZL', 'lease_order_no_seq', 8);
