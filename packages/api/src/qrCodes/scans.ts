import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { qrCodes } from './tables';

/**
 * Scans each address may report in a minute, counted in this process: a refresh storm or a script cannot
 * inflate a salesperson's figures, and a real visitor never meets the limit.
 */
export class ScanLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now = () => Date.now(),
  ) {}

  /** Whether `address` may scan once more now; counts the scan when it may. */
  take(address: string): boolean {
    const at = this.now();
    const window = this.windows.get(address);
    if (!window || at - window.start >= 60_000) {
      if (this.windows.size > 10_000) this.sweep(at);
      this.windows.set(address, { start: at, used: 1 });
      return true;
    }
    if (window.used >= this.perMinute) return false;
    window.used += 1;
    return true;
  }

  private sweep(at: number) {
    for (const [address, window] of this.windows) if (at - window.start >= 60_000) this.windows.delete(address);
  }
}

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
