import { deliveryResource, routesByKey } from '@cp/contracts';
import { Button } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../../auth/access';
import type { VehicleRecord } from './api';
import { recordLists } from './lists';
import { RecordListView } from './RecordListView';

/** /vehicleInspection: every 验车 done. */
export function InspectionRecordPage() {
  return <RecordListView {...recordLists.vehicleInspection} />;
}

/** /outboundRecord: every 出库. */
export function OutboundRecordPage() {
  return <RecordListView {...recordLists.outboundRecord} />;
}

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
  return <RecordListView {...recordLists.deliveryRecord} columns={deliveryColumns} rowActions={rowActions} />;
}
