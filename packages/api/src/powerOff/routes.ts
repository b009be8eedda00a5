import {
  envelope,
  powerOffStatisticsQuery,
  powerOffStatisticsSchema,
  requestIdParams,
  simulatorBody,
  simulatorOperations,
  terminalStateSchema,
} from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db';
import { access, sessionOf } from '../http/access';
import { businessError, notFound } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { answerDeadlineJob, commandJob, gateway, wakeCommands } from './commands';
import { deviceOf } from './devices';
import type { TerminalReport } from './gateway';
import { moveTerminal, type SimulatorMove } from './simulator';
import { powerOffStatistics } from './statistics';
import { powerOffRequests as q } from './tables';

const tags = ['断电管理'];
const reading = access.permission('powerOff.applyList', 'powerOff.index');

const stateOf = (imei: string, report: TerminalReport) => ({
  imei,
  ...report,
  reportedAt: report.reportedAt?.toISOString() ?? null,
  simulated: gateway.simulated,
});

/** The request's car and the terminal in it now (its binding brought up to date). */
async function terminalOf(tx: Tx, auth: { tenantId: number; userId: number }, id: number) {
  const [request] = await tx
    .select({ vehicleId: q.vehicleId })
    .from(q)
    .where(and(eq(q.id, id), eq(q.tenantId, auth.tenantId)));
  if (!request) throw notFound('断电申请');
  const imei = await deviceOf(tx, gateway, auth, request.vehicleId);
  if (!imei) throw businessError('车辆未绑定车载终端（GPS设备号为空）');
  return { vehicleId: request.vehicleId, imei };
}

const moves: Record<number, (speed?: number) => SimulatorMove> = {
  [simulatorOperations.online]: () => ({ online: true }),
  [simulatorOperations.offline]: () => ({ online: false }),
  [simulatorOperations.drive]: (speed) => ({ drive: speed ?? 0 }),
  [simulatorOperations.stop]: () => ({ stop: true }),
  [simulatorOperations.accOn]: () => ({ acc: true }),
  [simulatorOperations.accOff]: () => ({ acc: false }),
  [simulatorOperations.mute]: () => ({ answers: false }),
  [simulatorOperations.unmute]: () => ({ answers: true }),
};

/**
 * The command jobs; the terminal of a request's car as the gateway reports it; the simulator's controls (the
 * 模拟终端 panel: only with the simulator, only to whoever may cut a car); 断电统计.
 */
export const powerOffRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.jobs.define(commandJob);
  app.jobs.define(answerDeadlineJob);

  app.get(
    '/api/power-off-requests/:id/terminal',
    {
      config: { access: reading },
      schema: {
        summary: '断电申请车辆的车载终端状态（在线、ACC、速度、位置、继电器）',
        tags,
        params: requestIdParams,
        response: { 200: envelope(terminalStateSchema.nullable()) },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      return ok(
        await db.transaction(async (tx) => {
          const { imei } = await terminalOf(tx, auth, Number(request.params.id));
          const report = await gateway.report(tx, auth.tenantId, imei);
          return report ? stateOf(imei, report) : null;
        }),
      );
    },
  );

  app.post(
    '/api/power-off-requests/:id/simulator',
    {
      config: { access: access.permission('powerOff.index:powerOff') },
      schema: {
        summary: '模拟终端：上线、离线、行驶、停车、ACC开关、不应答（仅内置模拟网关）',
        description: '只在使用内置模拟网关时可用；终端状态变化后立即重新检查该车等待中的指令。',
        tags,
        params: requestIdParams,
        body: simulatorBody,
        response: { 200: envelope(terminalStateSchema) },
      },
    },
    async (request) => {
      if (!gateway.simulated) throw businessError('当前使用真实设备网关，模拟终端不可用');
      const auth = sessionOf(request);
      const move = moves[request.body.operation]?.(request.body.speed);
      if (!move) throw businessError('模拟操作取值无效');
      const state = await db.transaction(async (tx) => {
        const { vehicleId, imei } = await terminalOf(tx, auth, Number(request.params.id));
        const moved = await moveTerminal(tx, auth.tenantId, imei, move);
        if ('refusal' in moved) throw businessError(moved.refusal);
        await wakeCommands(tx, auth.tenantId, vehicleId);
        return stateOf(imei, moved.report);
      });
      app.jobs.wake();
      return ok(state);
    },
  );

  app.get(
    '/api/power-off-statistics',
    {
      config: { access: access.permission('powerOff.statistic') },
      schema: {
        summary: '断电统计：按原因、城市、客户统计断电申请与断电数，当前断电车辆数与断电指令成功率',
        description:
          '申请日期为北京时间，含首尾；成功率为断电指令中执行成功数 / 已结束数（百分比，无结束指令时为 null）。',
        tags,
        querystring: powerOffStatisticsQuery,
        response: { 200: envelope(powerOffStatisticsSchema) },
      },
    },
    async (request) => ok(await powerOffStatistics(db, sessionOf(request).tenantId, request.query)),
  );
};
