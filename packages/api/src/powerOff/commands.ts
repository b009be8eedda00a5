import { powerCommandEvents, powerCommandKinds, powerCommandStates, powerOffStates } from '@cp/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditLog } from '../audit/tables';
import { businessNow } from '../clock';
import type { PowerOffConfig } from '../config';
import type { Db, Tx } from '../db';
import { defineJobKind } from '../jobs/kinds';
import { enqueueJob } from '../jobs/queue';
import { deviceOf } from './devices';
import type { DeviceGateway, TerminalReport } from './gateway';
import { simulatorGateway } from './simulator';
import { powerCommands as c, powerCommandLogs as logs, powerOffRequests as q } from './tables';

/** The gateway in use: the built-in simulator (a real adapter implements `DeviceGateway` the same way). */
export const gateway: DeviceGateway = simulatorGateway;

/** A check again after this long, when a command waits on its terminal or its car (events come sooner). */
const recheckMs = 5 * 60_000;

type Actor = { tenantId: number; userId: number | null };
type Command = typeof c.$inferSelect;

const commandNo = (command: Pick<Command, 'id' | 'kind'>) =>
  `${command.kind === powerCommandKinds.cut ? 'DD' : 'FD'}${String(command.id).padStart(8, '0')}`;

/** A car is moving when faster than the threshold or with ACC on: a cut then waits for it to stop. */
const moving = (report: TerminalReport, settings: PowerOffConfig) =>
  report.acc || report.speed > settings.movingAboveKmh;

async function log(
  tx: Tx,
  command: Command,
  event: number,
  result: string,
  report?: TerminalReport | null,
  imei = command.imei,
) {
  await tx.insert(logs).values({
    tenantId: command.tenantId,
    requestId: command.requestId,
    commandId: command.id,
    commandNo: commandNo(command),
    kind: command.kind,
    event,
    at: businessNow(),
    imei,
    online: report ? report.online : null,
    acc: report ? report.acc : null,
    speed: report ? report.speed : null,
    position: report ? `${report.lng.toFixed(6)},${report.lat.toFixed(6)}` : null,
    result,
    createdBy: command.createdBy,
    updatedBy: command.createdBy,
  });
}

/** A state change of a request made by its commands or the ledger, in its 变更记录 like any other. */
export async function auditRequest(tx: Tx, tenantId: number, id: number, action: string, who: string, changes: object) {
  await tx
    .insert(auditLog)
    .values({ tenantId, userName: who, action, entity: 'powerOffRequest', entityId: String(id), changes } as never);
}

/**
 * Queues a command for a request's car in the caller's transaction (the request locked by it): a restore
 * first calls off every cut of the request not yet answered, so a queued cut never fires after it.
 */
export async function queueCommand(tx: Tx, auth: Actor, request: { id: number; vehicleId: number }, kind: number) {
  const now = businessNow();
  if (kind === powerCommandKinds.restore) {
    const cancelled = await tx
      .update(c)
      .set({
        status: powerCommandStates.cancelled,
        finishedAt: now,
        failReason: '已复电，断电指令取消',
        updatedAt: now,
      })
      .where(
        and(
          eq(c.requestId, request.id),
          eq(c.kind, powerCommandKinds.cut),
          inArray(c.status, [powerCommandStates.offline, powerCommandStates.moving, powerCommandStates.sent]),
        ),
      )
      .returning();
    for (const command of cancelled) await log(tx, command, powerCommandEvents.cancelled, '复电取消了未执行的断电指令');
  }
  const [command] = await tx
    .insert(c)
    .values({
      tenantId: auth.tenantId,
      requestId: request.id,
      vehicleId: request.vehicleId,
      kind,
      createdBy: auth.userId,
      updatedBy: auth.userId,
    })
    .returning();
  if (!command) throw new Error('insert returned no row');
  await log(
    tx,
    command,
    powerCommandEvents.created,
    kind === powerCommandKinds.cut ? '断电指令已创建' : '复电指令已创建',
  );
  await enqueueJob(tx, commandJob, {
    payload: { commandId: command.id },
    tenantId: auth.tenantId,
    createdBy: auth.userId,
  });
}

/** Looks at the car's open commands again now (its terminal came online, the car stopped). */
export async function wakeCommands(tx: Tx, tenantId: number, vehicleId: number) {
  const open = await tx
    .select({ id: c.id })
    .from(c)
    .where(
      and(
        eq(c.tenantId, tenantId),
        eq(c.vehicleId, vehicleId),
        inArray(c.status, [powerCommandStates.offline, powerCommandStates.moving]),
      ),
    );
  for (const command of open) await enqueueJob(tx, commandJob, { payload: { commandId: command.id }, tenantId });
}

/** What the request becomes when its command ends: cut or restored, or failed with the reason. */
async function settle(
  tx: Tx,
  command: Command,
  outcome: { done: true; imei: string } | { done: false; reason: string },
) {
  const now = businessNow();
  const cut = command.kind === powerCommandKinds.cut;
  const from = cut ? powerOffStates.cutting : powerOffStates.restoring;
  const set = outcome.done
    ? cut
      ? { status: powerOffStates.cut, cutAt: now, deviceImei: outcome.imei, failReason: null }
      : { status: powerOffStates.restored, restoredAt: now, failReason: null }
    : cut
      ? { status: powerOffStates.failed, failReason: outcome.reason }
      : { status: powerOffStates.cut, failReason: `复电失败：${outcome.reason}` };
  const [moved] = await tx
    .update(q)
    .set({ ...set, updatedAt: now })
    .where(and(eq(q.id, command.requestId), eq(q.status, from)))
    .returning({ id: q.id });
  if (moved) {
    await auditRequest(tx, command.tenantId, moved.id, cut ? 'powerOffResult' : 'powerOnResult', '系统（终端指令）', {
      status: { from, to: set.status },
    });
  }
}

async function fail(tx: Tx, command: Command, reason: string, report: TerminalReport | null) {
  const now = businessNow();
  await tx
    .update(c)
    .set({ status: powerCommandStates.failed, failReason: reason, finishedAt: now, updatedAt: now })
    .where(eq(c.id, command.id));
  await log(tx, command, powerCommandEvents.failed, reason, report);
  await settle(tx, command, { done: false, reason });
  return 'failed';
}

/** Waits: logged once per stretch of waiting, checked again later (or sooner, on the terminal's event). */
async function wait(tx: Tx, command: Command, status: number, event: number, result: string, report: TerminalReport) {
  const [last] = await tx
    .select({ event: logs.event })
    .from(logs)
    .where(eq(logs.commandId, command.id))
    .orderBy(desc(logs.id))
    .limit(1);
  if (last?.event !== event) await log(tx, command, event, result, report);
  await tx.update(c).set({ status, updatedAt: businessNow() }).where(eq(c.id, command.id));
  await enqueueJob(tx, commandJob, {
    payload: { commandId: command.id },
    tenantId: command.tenantId,
    runAt: new Date(Date.now() + recheckMs),
  });
  return 'waiting';
}

/**
 * One look at a command, in one transaction holding its request, its row and its terminal's: sent when the
 * terminal is online and (for a cut) the car stopped; else left waiting; failed once it waited too long.
 * Any number of runners may look at once: the locks make one of them act, the others find it done.
 */
async function dispatch(db: Db, settings: PowerOffConfig, commandId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [head] = await tx.select({ requestId: c.requestId }).from(c).where(eq(c.id, commandId));
    if (!head) return 'gone';
    await tx.select({ id: q.id }).from(q).where(eq(q.id, head.requestId)).for('update');
    const [command] = await tx.select().from(c).where(eq(c.id, commandId)).for('update');
    if (!command || !([powerCommandStates.offline, powerCommandStates.moving] as number[]).includes(command.status))
      return 'settled';
    const imei = await deviceOf(
      tx,
      gateway,
      { tenantId: command.tenantId, userId: command.createdBy },
      command.vehicleId,
    );
    if (!imei) return fail(tx, command, '车辆未绑定车载终端（GPS设备号为空）', null);
    const report = await gateway.report(tx, command.tenantId, imei);
    if (!report) return fail(tx, command, `网关中没有终端 ${imei}`, null);
    const cut = command.kind === powerCommandKinds.cut;
    const waitedHours = (businessNow().getTime() - command.createdAt.getTime()) / 3_600_000;
    if (waitedHours >= settings.waitHours && (!report.online || (cut && moving(report, settings)))) {
      const why = report.online ? '车辆一直未停车' : '终端一直离线';
      return fail(tx, command, `等待超过${settings.waitHours}小时未能下发（${why}）`, report);
    }
    if (!report.online) {
      return wait(
        tx,
        command,
        powerCommandStates.offline,
        powerCommandEvents.queuedOffline,
        '终端离线，上线后下发',
        report,
      );
    }
    if (cut && moving(report, settings)) {
      const why = report.acc ? `ACC开，速度${report.speed}km/h` : `速度${report.speed}km/h`;
      return wait(
        tx,
        command,
        powerCommandStates.moving,
        powerCommandEvents.heldMoving,
        `车辆行驶中（${why}），停车后下发`,
        report,
      );
    }
    const now = businessNow();
    await log(tx, command, powerCommandEvents.sent, '下发 0x8500 车辆控制', report, imei);
    const answer = await gateway.send(tx, command.tenantId, imei, {
      kind: cut ? 'cut' : 'restore',
      serial: commandNo(command),
    });
    if (!answer.answered) {
      await tx
        .update(c)
        .set({ status: powerCommandStates.sent, imei, sentAt: now, updatedAt: now })
        .where(eq(c.id, command.id));
      await enqueueJob(tx, answerDeadlineJob, {
        payload: { commandId: command.id },
        tenantId: command.tenantId,
        runAt: new Date(Date.now() + settings.ackSeconds * 1000),
      });
      return 'sent';
    }
    await tx
      .update(c)
      .set({ status: powerCommandStates.done, imei, sentAt: now, answeredAt: now, finishedAt: now, updatedAt: now })
      .where(eq(c.id, command.id));
    await log(
      tx,
      command,
      powerCommandEvents.acked,
      `0x0500 应答：${cut ? '断电成功' : '复电成功'}`,
      answer.report,
      imei,
    );
    await settle(tx, command, { done: true, imei });
    return 'done';
  });
}

/** A command sent and not answered in time has failed (the unit may be out of signal): its request says so. */
async function answerDeadline(db: Db, settings: PowerOffConfig, commandId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [head] = await tx.select({ requestId: c.requestId }).from(c).where(eq(c.id, commandId));
    if (!head) return 'gone';
    await tx.select({ id: q.id }).from(q).where(eq(q.id, head.requestId)).for('update');
    const [command] = await tx.select().from(c).where(eq(c.id, commandId)).for('update');
    if (command?.status !== powerCommandStates.sent) return 'settled';
    const reason = `终端${settings.ackSeconds}秒内未应答（超时）`;
    const now = businessNow();
    await tx
      .update(c)
      .set({ status: powerCommandStates.failed, failReason: reason, finishedAt: now, updatedAt: now })
      .where(eq(c.id, command.id));
    const report = command.imei ? await gateway.report(tx, command.tenantId, command.imei) : null;
    await log(tx, command, powerCommandEvents.timedOut, reason, report);
    await settle(tx, command, { done: false, reason });
    return 'timedOut';
  });
}

export const commandJob = defineJobKind<{ commandId: number }>({
  kind: 'powerOff.command',
  maxAttempts: 5,
  retryDelayMs: 2_000,
  run: async ({ db, config, job }) => ({ outcome: await dispatch(db, config.powerOff, job.payload.commandId) }),
});

export const answerDeadlineJob = defineJobKind<{ commandId: number }>({
  kind: 'powerOff.answerDeadline',
  maxAttempts: 5,
  retryDelayMs: 2_000,
  run: async ({ db, config, job }) => ({ outcome: await answerDeadline(db, config.powerOff, job.payload.commandId) }),
});
