import { leadSource } from '@cp/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { businessError } from '../http/errors';
import type { SessionContext } from '../identity/sessions';
import { admitLeads } from '../leads/admit';
import { cities } from '../lookups/tables';
import type { Row, WriteContext } from '../resource/family';
import { recordSignUp } from './scans';
import { qrCodes } from './tables';

export interface QrSignUp {
  code: string;
  contactName: string;
  mobile: string;
  cityId?: string | null;
  business?: number;
}

/**
 * 扫码报名 (the public sign-up page, no session): a lead of the QR code's branch company and channel (来源
 * 二维码), allocated by the branch company's rules like any other, and — in the same transaction — one more
 * 报名人数 on the code. A mobile that is an open lead there already adds no lead and no count (a visitor
 * signing up twice is one sign-up), and the answer is the same either way: the page learns nothing of who is
 * known. A code nobody issued is refused.
 */
export async function signUpThroughQrCode(db: Db, request: FastifyRequest, input: QrSignUp) {
  return db.transaction(async (tx) => {
    const [qr] = await tx
      .select({ tenantId: qrCodes.tenantId, channelId: qrCodes.channelId })
      .from(qrCodes)
      .where(eq(qrCodes.code, input.code));
    if (!qr) throw businessError('二维码无效，请确认扫描的是本公司的报名二维码');
    if (input.cityId) {
      const [city] = await tx
        .select({ id: cities.id })
        .from(cities)
        .where(eq(cities.id, Number(input.cityId)));
      if (!city) throw businessError('城市：不存在');
    }
    const ending: (() => Promise<void>)[] = [];
    const memos = new Map<string, Promise<unknown>>();
    // The sign-up is the visitor's own: no user of the branch company made it.
    const auth = { tenantId: qr.tenantId, userId: null, userName: '扫码报名' } as unknown as SessionContext;
    const ctx: WriteContext = {
      db,
      tx,
      request,
      auth,
      afterCommit: () => {},
      beforeCommit: (task) => ending.push(task),
      answer: {},
      memo: <V>(key: string, compute: () => Promise<V>) => {
        if (!memos.has(key)) memos.set(key, compute());
        return memos.get(key) as Promise<V>;
      },
    };
    const values: Row = {
      contactName: input.contactName,
      mobile: input.mobile,
      cityId: input.cityId ? Number(input.cityId) : null,
      channelId: qr.channelId,
      business: input.business ?? 0,
    };
    const [answer] = await admitLeads(ctx, [values], { source: leadSource.qrCode });
    const admitted = answer !== undefined && !('open' in answer);
    if (admitted) await recordSignUp(tx, input.code);
    for (const task of ending) await task();
    return { signedUp: true, message: '报名成功，我们会尽快与您联系' };
  });
}
