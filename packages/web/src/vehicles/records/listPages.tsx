import { deliveryResource, inspectionResource, outboundResource, routesByKey } from '@cp/contracts';
import { Button } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../../auth/access';
import { deliveriesUrl, type VehicleRecord } from './api';
import { RecordListView } from './RecordListView';

/** /vehicleInspection: every 验车 done. */
export function InspectionRecordPage() {
  return <RecordListView resource={inspectionResource} endpoint="/api/vehicle-inspections" />;
}

/** /outboundRecord: every 出库. */
export function OutboundRecordPage() {
  return <RecordListView resource={outboundResource} endpoint="/api/vehicle-outbound-records" />;
}

export const formalDeliveries = { kind: '0' } as const;
/** The delivery lists show one kind each: no 交车类型 column. */
export const deliveryColumns = deliveryResource.entries
  .filter(([name, def]) => def.list && name !== 'kind')
  .map(([name]) => name);
const detailRoute = routesByKey.get('deliveryDetail');

export function deliveryDetailPath(id: string): string {
  return `/deliveryDetail?id=${encodeURIComponent(id)}`;
}

/** /deliveryRecord: the formal handovers (交车), each opening its 交车详情. */
export function DeliveryRecordPage() {
  const navigate = useNavigate();
  const access = useAccess();
  const canOpen = detailRoute !== undefined && access.canOpen(detailRoute);
  const rowActions = useCallback(
    (row: VehicleRecord) =>
      canOpen && (
        <Button type="link" size="small" onClick={() => navigate(deliveryDetailPath(row.id))}>
          详情
        </Button>
      ),
    [canOpen, navigate],
  );
  return (
    <RecordListView
      resource={deliveryResource}
      endpoint={deliveriesUrl}
      fixed={formalDeliveries}
      columns={deliveryColumns}
      rowActions={rowActions}
    />
  );
}
