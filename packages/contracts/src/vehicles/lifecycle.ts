/**
 * The vehicle lifecycle as data: from → action → to, with the button key each action needs. The server
 * enforces it in one place; the web offers exactly the actions it allows.
 */
export const stage = {
  pendingInspection: 0,
  inspected: 1,
  preparing: 2,
  awaitingOutbound: 3,
  outbound: 4,
  leased: 5,
  returning: 6,
  inStock: 7,
  temporarilyDelivered: 8,
} as const;
export type VehicleStage = (typeof stage)[keyof typeof stage];

export type VehicleAction =
  | 'inspect'
  | 'startPreparation'
  | 'completePreparation'
  | 'outbound'
  | 'deliver'
  | 'temporaryDeliver'
  | 'recall'
  | 'requestReturn'
  | 'completeReturn'
  | 'shunt';

export interface Transition {
  action: VehicleAction;
  title: string;
  from: readonly VehicleStage[];
  /** null: the stage stays (a shunt moves the vehicle, not its stage). */
  to: VehicleStage | null;
  button: string;
}

export const vehicleTransitions: readonly Transition[] = [
  {
    action: 'inspect',
    title: '验车',
    from: [stage.pendingInspection],
    to: stage.inspected,
    button: 'vehicleInspected:inspect',
  },
  {
    action: 'startPreparation',
    title: '整备',
    from: [stage.inspected],
    to: stage.preparing,
    button: 'inspectedVehicle:prepare',
  },
  {
    // Taken by the server when the last preparation item is done.
    action: 'completePreparation',
    title: '整备完成',
    from: [stage.preparing],
    to: stage.awaitingOutbound,
    button: 'networkMaintenance:edit',
  },
  {
    action: 'outbound',
    title: '出库',
    from: [stage.awaitingOutbound],
    to: stage.outbound,
    button: 'waitingOut:outbound',
  },
  {
    action: 'deliver',
    title: '交车',
    from: [stage.outbound, stage.inStock],
    to: stage.leased,
    button: 'waitingOut:deliver',
  },
  {
    action: 'temporaryDeliver',
    title: '临时交车',
    from: [stage.awaitingOutbound, stage.inStock],
    to: stage.temporarilyDelivered,
    button: 'temporaryDelivery:add',
  },
  {
    action: 'recall',
    title: '收回',
    from: [stage.temporarilyDelivered],
    to: stage.inStock,
    button: 'temporaryDelivery:recall',
  },
  {
    action: 'requestReturn',
    title: '还车登记',
    from: [stage.leased],
    to: stage.returning,
    button: 'carReturnRecord:add',
  },
  {
    action: 'completeReturn',
    title: '还车验收',
    from: [stage.returning],
    to: stage.inStock,
    button: 'carReturnRecord:accept',
  },
  {
    action: 'shunt',
    title: '调车',
    from: [stage.inspected, stage.preparing, stage.awaitingOutbound, stage.inStock],
    to: null,
    button: 'shuntingManagement:add',
  },
];

export const transitionsByAction: ReadonlyMap<VehicleAction, Transition> = new Map(
  vehicleTransitions.map((transition) => [transition.action, transition]),
);

/** The actions a vehicle in this stage allows a user holding these buttons. */
export function allowedActions(current: VehicleStage, buttons: ReadonlySet<string>): Transition[] {
  return vehicleTransitions.filter(
    (transition) =>
      transition.action !== 'completePreparation' &&
      transition.from.includes(current) &&
      buttons.has(transition.button),
  );
}
