import { stage as stages, vehicleEnums } from '@cp/contracts';
import { auditLog } from '../audit/tables';
import type { Tx } from '../db';
import type { VehicleStory } from './timeline';

const itemActions = ['prepareNetwork', 'prepareLicense', 'prepareGps', 'prepareCertificate'] as const;

interface Step {
  at: number;
  action: string;
  /** The stage the step moves the vehicle to; null when it stays. */
  to: number | null;
  rentStatus?: number;
}

/** The steps of a vehicle's story as its lifecycle would have recorded them, in order. */
function stepsOf(story: VehicleStory, stage: number): Step[] {
  const steps: Step[] = [];
  if (story.inspected) steps.push({ at: story.inspected, action: 'inspect', to: stages.inspected });
  if (story.preparing) steps.push({ at: story.preparing, action: 'startPreparation', to: stages.preparing });
  const items = story.itemsDone
    .map((at, item) => ({ at, action: itemActions[item] ?? 'prepareNetwork' }))
    .filter((item): item is { at: number; action: (typeof itemActions)[number] } => item.at !== null)
    .sort((a, b) => a.at - b.at);
  items.forEach((item, index) => {
    const last = index === itemActions.length - 1;
    steps.push({ at: item.at, action: item.action, to: last ? stages.awaitingOutbound : null });
  });
  const temporary = stage === stages.temporarilyDelivered;
  if (story.outbound && !temporary) steps.push({ at: story.outbound, action: 'outbound', to: stages.outbound });
  if (story.delivered) {
    const [action, to] = temporary ? ['temporaryDeliver', stages.temporarilyDelivered] : ['deliver', stages.leased];
    steps.push({ at: story.delivered, action, to, rentStatus: 0 });
  }
  if (story.returnRequested) {
    steps.push({ at: story.returnRequested, action: 'requestReturn', to: stages.returning, rentStatus: 1 });
  }
  if (story.returned) steps.push({ at: story.returned, action: 'completeReturn', to: stages.inStock, rentStatus: 2 });
  return steps;
}

/**
 * The 变更记录 of a demo vehicle: its 新增 and each lifecycle step of its story, by the staff member who
 * took it and when, with the stage (and rent status) each moved — as the console would have written them.
 */
export async function writeVehicleHistory(
  tx: Tx,
  spec: { tenantId: number; vehicleId: number; stage: number; story: VehicleStory; handler: string },
): Promise<void> {
  const { tenantId, vehicleId, story, handler } = spec;
  const entry = (at: number, action: string, changes: Record<string, { from: unknown; to: unknown }> | null) => ({
    tenantId,
    userName: handler,
    action,
    entity: 'vehicle',
    entityId: String(vehicleId),
    changes,
    at: new Date(at),
  });
  const rows = [entry(story.created, 'create', { stage: { from: null, to: 0 }, rentStatus: { from: null, to: 2 } })];
  let current = 0;
  let rent = 2;
  for (const step of stepsOf(story, spec.stage)) {
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (step.to !== null && step.to !== current) changes.stage = { from: current, to: step.to };
    if (step.rentStatus !== undefined && step.rentStatus !== rent)
      changes.rentStatus = { from: rent, to: step.rentStatus };
    rows.push(entry(step.at, step.action, Object.keys(changes).length > 0 ? changes : null));
    current = step.to ?? current;
    rent = step.rentStatus ?? rent;
  }
  if (current !== spec.stage)
    throw new Error(`demo vehicle ${vehicleId}: story ends in ${vehicleEnums.stage.label(current)}`);
  await tx.insert(auditLog).values(rows);
}
