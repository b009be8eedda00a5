import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { qrCodes } from './tables';

/** Counts a scan of `code`; whether the code exists. */
export async function recordScan(db: Executor, code: string): Promise<boolean> {
  const rows = await db
    .update(qrCodes)
    .set({ scanCount: sql`${qrCodes.scanCount} + 1`, lastScannedAt: new Date() })
    .where(eq(qrCodes.code, code))
    .returning({ id: qrCodes.id });
  return rows.length > 0;
}

/** Who a sign-up through a QR code belongs to: the branch company, the channel and the salesperson. */
export interface SignUpSource {
  tenantId: number;
  qrCodeId: number;
  channelId: number;
  salespersonId: number;
}

/**
 * Counts a sign-up that came through `code` and answers whose it is, or null for a code nobody issued. The
 * leads family calls it in the transaction that creates the lead, so a lead and its count go together.
 */
export async function recordSignUp(tx: Executor, code: string): Promise<SignUpSource | null> {
  const [row] = await tx
    .update(qrCodes)
    .set({ signUpCount: sql`${qrCodes.signUpCount} + 1` })
    .where(eq(qrCodes.code, code))
    .returning({
      tenantId: qrCodes.tenantId,
      qrCodeId: qrCodes.id,
      channelId: qrCodes.channelId,
      salespersonId: qrCodes.salespersonId,
    });
  return row ?? null;
}
