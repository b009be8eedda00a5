import { z } from 'zod';
import { defineEnum } from '../enums';
import { enumInput, fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { dateRange, idText, text } from '../values';

/** A command sent to a car's terminal: cut its power (JT/T 808 0x8500, 断油电) or restore it. */
export const powerCommandKind = defineEnum('指令类型', [
  [1, '断电'],
  [2, '复电'],
]);
export const powerCommandKinds = { cut: 1, restore: 2 } as const;

/**
 * A command's state: waiting for its terminal to come online, waiting for the car to stop (a cut only),
 * sent and waiting for the 0x0500 answer, done (answered), failed with its reason, or called off.
 */
export const powerCommandStatus = defineEnum(
  '指令状态',
  [
    [1, '等待上线'],
    [2, '等待停车'],
    [3, '已下发'],
    [4, '执行成功'],
    [5, '执行失败'],
    [6, '已取消'],
  ],
  { status: true },
);
export const powerCommandStates = { offline: 1, moving: 2, sent: 3, done: 4, failed: 5, cancelled: 6 } as const;

/** What happened to a command, one line each, with what the terminal said of itself at that moment. */
export const powerCommandEvent = defineEnum('指令事件', [
  [1, '创建'],
  [2, '终端离线，排队等待'],
  [3, '车辆行驶中，等待停车'],
  [4, '已下发'],
  [5, '终端应答'],
  [6, '应答超时'],
  [7, '已取消'],
  [8, '执行失败'],
]);
export const powerCommandEvents = {
  created: 1,
  queuedOffline: 2,
  heldMoving: 3,
  sent: 4,
  acked: 5,
  timedOut: 6,
  cancelled: 7,
  failed: 8,
} as const;

/** 指令日志 of a request (on its detail): every step of its commands, with online?, speed, ACC and position. */
export const powerCommandLogResource = defineResource({
  key: 'powerCommandLog',
  title: '指令日志',
  page: 'powerOff.applyList',
  endpoint: '/api/power-command-logs',
  identity: 'commandNo',
  operations: [],
  defaultSort: { field: 'at', order: 'desc' },
  fields: {
    requestId: fields.parentId('断电申请'),
    commandNo: fields.text('指令流水号', { form: false }),
    kind: fields.enumOf(powerCommandKind, { form: false }),
    event: fields.enumOf(powerCommandEvent, { form: false }),
    at: fields.datetime('时间', { form: false, sortable: true }),
    imei: fields.text('终端IMEI', { form: false }),
    online: fields.boolean('是否在线', { form: false }),
    acc: fields.boolean('ACC', { form: false }),
    speed: fields.integer('速度（km/h）', { form: false }),
    position: fields.text('位置（经度,纬度）', { form: false }),
    result: fields.text('结果', { form: false }),
  },
});

export const powerCommandLogScreens = {
  commands: defineScreen(powerCommandLogResource, {
    route: 'powerOff.applyList',
    embedded: { name: 'powerCommandLogs', title: '指令日志' },
    columns: ['at', 'kind', 'event', 'online', 'acc', 'speed', 'position', 'result'],
  }),
};

/** The simulator's controls, as a person drives a simulated terminal from a request's 模拟终端 panel. */
export const simulatorOperation = defineEnum('模拟操作', [
  [1, '上线'],
  [2, '离线'],
  [3, '行驶'],
  [4, '停车'],
  [5, 'ACC开'],
  [6, 'ACC关'],
  [7, '不应答'],
  [8, '恢复应答'],
]);
export const simulatorOperations = {
  online: 1,
  offline: 2,
  drive: 3,
  stop: 4,
  accOn: 5,
  accOff: 6,
  mute: 7,
  unmute: 8,
} as const;

export const simulatorBody = z
  .strictObject({
    operation: enumInput(simulatorOperation),
    speed: z.number().int().min(1, '不能小于1').max(200, '不能大于200').optional().meta({ title: '速度（km/h）' }),
  })
  .refine((body) => body.operation !== simulatorOperations.drive || body.speed !== undefined, {
    message: '行驶时请填写速度',
    path: ['speed'],
  });

/** What a terminal says of itself (0x0200 位置信息), as the 模拟终端 panel shows it. */
export const terminalStateSchema = z.object({
  imei: text(),
  online: z.boolean(),
  acc: z.boolean(),
  speed: z.number(),
  lng: z.number(),
  lat: z.number(),
  relayCut: z.boolean(),
  answers: z.boolean(),
  reportedAt: text().nullable(),
  simulated: z.boolean(),
});
export type TerminalState = z.infer<typeof terminalStateSchema>;

export const requestIdParams = z.strictObject({ id: idText.meta({ title: '断电申请' }) });

/** 断电统计's filters: the application days, reason and city. */
export const powerOffStatisticsQuery = z.strictObject({
  createdAt: dateRange().optional().meta({ title: '申请日期' }),
  reason: z.enum(['0', '1', '2', '3', '4', '5'], { error: '断电原因取值无效' }).optional().meta({ title: '断电原因' }),
  cityId: idText.optional().meta({ title: '城市' }),
});

const figure = z.object({ key: text(), name: text(), requests: z.number(), cut: z.number() });

export const powerOffStatisticsSchema = z.object({
  requests: z.number(),
  cutNow: z.number(),
  cutCommands: z.number(),
  cutSucceeded: z.number(),
  successRate: z.number().nullable(),
  byReason: z.array(figure),
  byCity: z.array(figure),
  byCustomer: z.array(figure),
});
export type PowerOffStatistics = z.infer<typeof powerOffStatisticsSchema>;
