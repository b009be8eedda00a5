import { and, eq } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Tx } from '../db';
import type { DeviceGateway, TerminalReport } from './gateway';
import { simulatedTerminals as t } from './tables';

const reportOf = (row: typeof t.$inferSelect): TerminalReport => ({
  online: row.online,
  acc: row.acc,
  speed: row.speed,
  lng: row.lng,
  lat: row.lat,
  relayCut: row.relayCut,
  answers: row.answers,
  reportedAt: row.reportedAt,
});

async function locked(tx: Tx, tenantId: number, imei: string) {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenantId, tenantId), eq(t.imei, imei)))
    .for('update');
  return row;
}

/**
 * The built-in adapter: JT/T 808 terminals simulated in the database. An online unit answers 0x8500 at once
 * with 0x0500 and its position, and moves its relay; one set not to answer (a weak signal) swallows the
 * command, which then times out. An offline unit is never sent to: commands wait for it.
 */
export const simulatorGateway: DeviceGateway = {
  simulated: true,
  async register(tx, tenantId, imei, near) {
    // A few hundred metres off the point, the same for the same unit.
    const spread = [...imei].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 10_007, 7) / 10_007 - 0.5;
    await tx
      .insert(t)
      .values({
        tenantId,
        imei,
        lng: near.lng + spread * 0.02,
        lat: near.lat - spread * 0.015,
        reportedAt: businessNow(),
      })
      .onConflictDoNothing();
  },
  async report(tx, tenantId, imei) {
    const row = await locked(tx, tenantId, imei);
    return row ? reportOf(row) : null;
  },
  async send(tx, tenantId, imei, command) {
    const row = await locked(tx, tenantId, imei);
    if (!row?.online || !row.answers) return { answered: false };
    const cut = command.kind === 'cut';
    const [after] = await tx
      .update(t)
      .set({ relayCut: cut, reportedAt: businessNow(), updatedAt: businessNow() })
      .where(eq(t.id, row.id))
      .returning();
    return { answered: true, report: reportOf(after ?? row) };
  },
};

/** What the 模拟终端 panel (or a test, the demo, a bench) makes the unit do. */
export type SimulatorMove =
  | { online: boolean }
  | { drive: number }
  | { stop: true }
  | { acc: boolean }
  | { answers: boolean };

/**
 * Moves a simulated terminal as a car and its unit would: a car whose power is cut cannot drive (its engine
 * is off); driving turns ACC on and moves it along; stopping keeps ACC as it is; a report goes out each time.
 * Answers the new state, or a refusal in words.
 */
export async function moveTerminal(
  tx: Tx,
  tenantId: number,
  imei: string,
  move: SimulatorMove,
): Promise<{ report: TerminalReport } | { refusal: string }> {
  const row = await locked(tx, tenantId, imei);
  if (!row) return { refusal: '该终端不是模拟终端' };
  const now = businessNow();
  let set: Partial<typeof t.$inferInsert> = {};
  if ('online' in move) set = { online: move.online };
  else if ('drive' in move) {
    if (row.relayCut) return { refusal: '车辆已断电，无法行驶' };
    if (!row.online) return { refusal: '终端离线时无法模拟行驶，请先上线' };
    const step = move.drive / 3600 / 111; // about a minute's progress, in degrees
    set = { acc: true, speed: move.drive, lng: row.lng + step, lat: row.lat + step / 2 };
  } else if ('stop' in move) set = { speed: 0 };
  else if ('acc' in move) {
    if (move.acc && row.relayCut) return { refusal: '车辆已断电，无法启动' };
    set = move.acc ? { acc: true } : { acc: false, speed: 0 };
  } else set = { answers: move.answers };
  const [after] = await tx
    .update(t)
    .set({ ...set, reportedAt: now, updatedAt: now })
    .where(eq(t.id, row.id))
    .returning();
  return { report: reportOf(after ?? row) };
}
