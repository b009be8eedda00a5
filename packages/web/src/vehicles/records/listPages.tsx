import { deliveryResource, inspectionResource, outboundResource, routesByKey } from '@cp/contracts';
import { Button } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { PagePrefetch } from '../../app/pageRegistry';
import { useAccess } from '../../auth/access';
import { prefetchResourceList } from '../../resource/listQuery';
import { deliveriesUrl, type VehicleRecord } from './api';
import { RecordListView } from './RecordListView';

export const formalDeliveries = { kind: '0' } as const;

/** The lists these screens show: one definition for the screen and for its prefetch. */
const recordLists = {
  vehicleInspection: { resource: inspectionResource, endpoint: '/api/vehicle-inspections' },
  outboundRecord: { resource: outboundResource, endpoint: '/api/vehicle-outbound-records' },
  deliveryRecord: { resource: deliveryResource, endpoint: deliveriesUrl, fixed: formalDeliveries },
} as const;

/** Loads the first page a record screen shows for a URL, before the screen renders. */
export function prefetchRecordList(key: keyof typeof recordLists): PagePrefetch {
  const { resource, ...options } = recordLists[key];
  return ({ queryClient, search }) => prefetchResourceList(queryClient, resource, options, search);
}

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
