import { stage } from '@cp/contracts';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { pageLink } from '../resource/routes';
import type { ResourceRecord } from '../resource/types';

const waitingForDriver: readonly number[] = [stage.outbound, stage.inStock];

/**
 * 交车 of a vehicle waiting for its driver: a car goes to a driver only through a 租赁订单, so the button leads to
 * the orders in force of the car's city, where 填写交车信息 of the order hands it over.
 */
export function DeliverThroughOrder({ record, title }: { record?: ResourceRecord; title: string }) {
  const navigate = useNavigate();
  if (!record || !waitingForDriver.includes(Number(record.stage))) return null;
  const search = new URLSearchParams({ tab: '3', cityId: String(record.cityId) });
  return (
    <Button
      type="link"
      size="small"
      title="在租赁订单中「填写交车信息」交车"
      onClick={() => navigate(`${pageLink('leaseOrder')}?${search.toString()}`)}
    >
      {title}
    </Button>
  );
}
