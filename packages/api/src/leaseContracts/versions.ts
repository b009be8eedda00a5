// A version of a lease order's contract for each approved event, recorded in the approval's transaction with
// what was agreed; its PDF is made by the `contracts.render` job and stored as a file, never replaced.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  approvalBusinessTypes,
  contractFileStates,
  contractReason,
  contractReasons,
  orderChangeKinds,
} from '@cp/contracts';
import { and, asc, eq, max } from 'drizzle-orm';
import { type OutcomeEvent, onApprovalOutcome } from '../approvals/outcomes';
import type { Db, Executor, Tx } from '../db';
import { newFileLocation } from '../files/service';
import { type LocalFileStorage, storageFor } from '../files/storage';
import { files } from '../files/tables';
import { defineJobKind, PermanentJobError } from '../jobs/kinds';
import { enqueueJob } from '../jobs/queue';
import { stagingFileFor } from '../jobs/staging';
import { contractPdf } from '../pdf/documents';
import { type ContractChange, describeLeaseContract } from './describe';
import { leaseContracts } from './tables';
// The orders' own subscribers change the order first (a change applied, an exchange approved): registered before ours.
import '../orders/changes';
import '../orders/exchanges';
import '../orders/family';
import { exchangeOrders, leaseOrders, orderChangeRequests } from '../orders/tables';

interface Version {
  orderId: number;
  reason: number;
  summary: string;
  change?: ContractChange;
}

/** Records the order's next contract version and queues its PDF; the order is locked, so versions never collide. */
async function recordVersion(tx: Tx, event: OutcomeEvent, version: Version) {
  const [order] = await tx
    .select()
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, version.orderId), eq(leaseOrders.tenantId, event.tenantId)))
    .for('update');
  if (!order) return;
  const [last] = await tx
    .select({ n: max(leaseContracts.versionNo) })
    .from(leaseContracts)
    .where(and(eq(leaseContracts.tenantId, event.tenantId), eq(leaseContracts.orderId, order.id)));
  const versionNo = (last?.n ?? 0) + 1;
  const contractNo = `HT${order.orderNo}`;
  const edition = `第${versionNo}版（${contractReason.label(version.reason)}）`;
  const description = await describeLeaseContract(tx, order, contractNo, edition, version.change);
  const [row] = await tx
    .insert(leaseContracts)
    .values({
      orderId: order.id,
      contractNo,
      versionNo,
      reason: version.reason,
      summary: version.summary,
      instanceId: event.instanceId,
      description,
      tenantId: event.tenantId,
      createdBy: event.userId,
      updatedBy: event.userId,
    })
    .returning({ id: leaseContracts.id });
  if (!row) throw new Error('contract version insert returned no row');
  await enqueueJob(tx, renderContractJob, { payload: { contractId: row.id }, tenantId: event.tenantId });
}

onApprovalOutcome(approvalBusinessTypes.leaseOrder, async (event) => {
  if (event.outcome !== 'approved') return;
  const [order] = await event.tx
    .select({ renewedFromId: leaseOrders.renewedFromId })
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, event.businessId), eq(leaseOrders.tenantId, event.tenantId)));
  if (!order) return;
  const [renewed] = order.renewedFromId
    ? await event.tx.select().from(leaseOrders).where(eq(leaseOrders.id, order.renewedFromId))
    : [];
  await recordVersion(event.tx, event, {
    orderId: event.businessId,
    reason: renewed ? contractReasons.renewal : contractReasons.approved,
    summary: renewed ? `续租原订单 ${renewed.orderNo}` : '订单审批通过，合同生效',
  });
});

onApprovalOutcome(approvalBusinessTypes.orderChange, async (event) => {
  if (event.outcome !== 'approved') return;
  const [request] = await event.tx
    .select()
    .from(orderChangeRequests)
    .where(and(eq(orderChangeRequests.id, event.businessId), eq(orderChangeRequests.tenantId, event.tenantId)));
  if (!request) return;
  await recordVersion(event.tx, event, {
    orderId: request.orderId,
    reason: request.kind === orderChangeKinds.delay ? contractReasons.delay : contractReasons.changeType,
    summary: request.summary,
  });
});

onApprovalOutcome(approvalBusinessTypes.exchange, async (event) => {
  if (event.outcome !== 'approved') return;
  const [exchange] = await event.tx
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.id, event.businessId), eq(exchangeOrders.tenantId, event.tenantId)));
  if (!exchange) return;
  await recordVersion(event.tx, event, {
    orderId: exchange.orderId,
    reason: contractReasons.exchange,
    summary: `换车（${exchange.exchangeNo}）：${exchange.reason}`,
    change: { vehicleId: exchange.newVehicleId, rentDifference: exchange.rentDifference },
  });
});

/**
 * Makes the version's PDF and keeps it as the branch company's file: stored first, then the version takes it
 * in one transaction — only while still 生成中 (and, for a job, while the worker holds it); otherwise the
 * stored copy is removed again, so a version has one file, made once.
 */
export async function renderContract(
  db: Db,
  storage: LocalFileStorage,
  contractId: number,
  staging: string,
  holds: (tx: Executor) => Promise<boolean> = async () => true,
): Promise<boolean> {
  const [contract] = await db.select().from(leaseContracts).where(eq(leaseContracts.id, contractId));
  if (!contract) throw new PermanentJobError('合同版本不存在');
  if (contract.status !== contractFileStates.generating) return false;
  const bytes = await contractPdf(contract.description);
  await mkdir(path.dirname(staging), { recursive: true });
  await writeFile(staging, bytes);
  const location = newFileLocation('private', 'pdf');
  await storage.putFile(location, staging);
  const taken = await keep(db, contract, location, bytes, holds).catch(async (error: unknown) => {
    await storage.delete(location);
    throw error;
  });
  if (!taken) await storage.delete(location);
  return taken;
}

function keep(
  db: Db,
  contract: typeof leaseContracts.$inferSelect,
  location: string,
  bytes: Buffer,
  holds: (tx: Executor) => Promise<boolean>,
) {
  const contractId = contract.id;
  return db.transaction(async (tx) => {
    if (!(await holds(tx))) return false;
    const [updated] = await tx
      .update(leaseContracts)
      .set({ status: contractFileStates.generated, file: [location] })
      .where(and(eq(leaseContracts.id, contractId), eq(leaseContracts.status, contractFileStates.generating)))
      .returning({ id: leaseContracts.id });
    if (!updated) return false;
    await tx.insert(files).values({
      tenantId: contract.tenantId,
      fileLocation: location,
      attachmentName: `${contract.contractNo}_第${contract.versionNo}版.pdf`,
      fileExtensions: 'pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      visibility: 'private',
      purpose: 'contract',
      uploadedBy: null,
    });
    return true;
  });
}

export const renderContractJob = defineJobKind<{ contractId: number }>({
  kind: 'contracts.render',
  maxAttempts: 3,
  retryDelayMs: 5_000,
  run: async ({ job, db, config, holds }) => {
    const storage = storageFor(config.dataDir);
    const made = await renderContract(db, storage, job.payload.contractId, stagingFileFor(storage, job, 'pdf'), holds);
    return { made };
  },
  onFailed: async (db, job, reason) => {
    await db
      .update(leaseContracts)
      .set({ status: contractFileStates.failed, failure: reason })
      .where(
        and(eq(leaseContracts.id, job.payload.contractId), eq(leaseContracts.status, contractFileStates.generating)),
      );
  },
});

/** The versions still waiting for their PDF, oldest first (the demo makes its own before the server starts). */
export async function pendingContracts(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: leaseContracts.id })
    .from(leaseContracts)
    .where(eq(leaseContracts.status, contractFileStates.generating))
    .orderBy(asc(leaseContracts.id));
  return rows.map((row) => row.id);
}
