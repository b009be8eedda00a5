import { leaseDeliveryStates, leaseOrderStates, type PageResult } from '@cp/contracts';
import { routesByKey } from '@cp/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty } from 'antd';
import { useAccess } from '../auth/access';
import { get } from '../request';
import type { ResourceRecord } from '../resource';
import { detailLink } from '../resource/family';
import { useFamily } from '../resource/familyRegistry';
import { ResourceDescriptions } from '../resource/ResourceDescriptions';
import { useRefLinks } from '../resource/refLinks';

/** An order in force whose car is with its driver (已交车) or on its way back (退租中). */
const withDriver: readonly number[] = [leaseDeliveryStates.delivered, leaseDeliveryStates.returning];

const shown = [{ title: '', fields: ['orderNo', 'driverId', 'deliveryState', 'startDate', 'endDate', 'rent'] }];

/**
 * 当前租赁 on a vehicle's page: the 租赁订单 in force its car is out on, and its driver, each a link to their
 * page — read from 租赁订单's own list (by the car, on its 履约中 tab), so only for those who may open it.
 */
export function CurrentLease({ record }: { record: ResourceRecord }) {
  const access = useAccess();
  const leaseOrderFamily = useFamily('leaseOrder');
  const screen = leaseOrderFamily.main;
  const readable = screen !== undefined && access.canOpen(screen.route);
  const query = { vehicleId: record.id, tab: String(leaseOrderStates.performing), page: 1, limit: 5 };
  const orders = useQuery({
    queryKey: [leaseOrderFamily.resource.key, 'list', screen?.endpoint, query],
    queryFn: () => get<PageResult<ResourceRecord>>(screen?.endpoint ?? '', query),
    enabled: readable,
  });
  const refLink = useRefLinks(leaseOrderFamily);
  const detail = routesByKey.get(leaseOrderFamily.routes?.detail ?? '');
  if (!readable) return null;
  const order = orders.data?.list.find((row) => withDriver.includes(Number(row.deliveryState)));
  const orderLink = (row: ResourceRecord) =>
    detail && access.canOpen(detail) ? detailLink(leaseOrderFamily, row.id) : undefined;
  const link = (name: string, row: ResourceRecord) => (name === 'orderNo' ? orderLink(row) : refLink?.(name, row));
  return (
    <Card title="当前租赁" loading={orders.isPending}>
      {order ? (
        <ResourceDescriptions resource={leaseOrderFamily.resource} record={order} groups={shown} link={link} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="车辆当前没有履约中的租赁订单" />
      )}
    </Card>
  );
}
