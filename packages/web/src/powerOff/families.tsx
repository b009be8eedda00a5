import {
  approvalBusinessTypes,
  powerCommandLogResource,
  powerCommandLogScreens,
  powerOffRequestResource,
  powerOffRequestScreens,
  powerOffStates,
} from '@cp/contracts';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import type { ResourceRecord } from '../resource/types';
import { TerminalPanel } from './TerminalPanel';

/** 审批 on a request waiting for its approval: the approver's to-do list, filtered to it. */
function ApproveLink({ record, title }: { record?: ResourceRecord; title: string }) {
  const navigate = useNavigate();
  if (!record || Number(record.status) !== powerOffStates.inApproval) return null;
  const search = new URLSearchParams({
    businessType: String(approvalBusinessTypes.powerOff),
    title: String(record.requestNo),
  });
  return (
    <Button type="link" size="small" onClick={() => navigate(`/tobeDone?${search}`)}>
      {title}
    </Button>
  );
}

const commandLogFamily = defineFamily({ resource: powerCommandLogResource, screens: powerCommandLogScreens });

/**
 * 断电申请 and 断电管理: a request made for an order in force, approved, then cut and restored through the
 * device gateway; its detail shows the terminal (模拟终端's controls) and every command's log.
 */
const powerOffRequestFamily = defineFamily({
  resource: powerOffRequestResource,
  screens: powerOffRequestScreens,
  groups: [
    {
      title: '申请',
      fields: ['requestNo', 'orderId', 'orderNo', 'reason', 'arrears', 'remark', 'createdBy', 'createdAt'],
    },
    { title: '车辆与终端', fields: ['vehicleId', 'deviceImei', 'driverId', 'cityId'] },
    {
      title: '断电与复电',
      fields: ['status', 'decidedAt', 'cutAt', 'restoredAt', 'restoreReason', 'failReason'],
    },
  ],
  detailSections: [TerminalPanel],
  controls: { 'powerOff.applyList': [{ button: 'powerOff.applyList:approve', place: 'row', render: ApproveLink }] },
  related: () => [{ family: commandLogFamily, screen: 'powerCommandLogs', via: 'requestId', title: '指令日志' }],
  refLinks: () => ({ orderId: 'leaseOrderDetails', vehicleId: 'vehicleDetail' }),
  refreshes: ['powerCommandLog'],
});

export const { families, keys, page, prefetch } = familyModule([powerOffRequestFamily, commandLogFamily]);
