import { describe, expect, it } from 'vitest';
import { leaseDeliveryStates, leaseOrderLifecycle, leaseOrderStates } from './leaseOrders';

const everyButton = new Set(leaseOrderLifecycle.transitions.map((transition) => transition.button));
const offered = (deliveryState: number) =>
  leaseOrderLifecycle
    .allowed(leaseOrderStates.performing, everyButton, { deliveryState })
    .map((transition) => transition.action);

describe('an order in force offers what its car allows', () => {
  it('before the handover: 填写交车信息 and 取消, not 退租, 延期, 续租 or 换车', () => {
    expect(offered(leaseDeliveryStates.waiting)).toEqual(['fillDelivery', 'cancel', 'changeType', 'associate']);
  });

  it('with the car out: 退租, 延期, 续租 and 换车, not 填写交车信息 or 取消', () => {
    expect(offered(leaseDeliveryStates.delivered)).toEqual([
      'endLease',
      'delay',
      'continue',
      'exchange',
      'changeType',
      'associate',
    ]);
  });

  it('on its way back: none of those but 取消退租; back (还车验收): not even that', () => {
    expect(offered(leaseDeliveryStates.returning)).toEqual(['cancelReturn', 'changeType', 'associate']);
    expect(offered(leaseDeliveryStates.returned)).toEqual(['changeType', 'associate']);
  });

  it('refuses what the car does not allow in words, and is not held to it without the row', () => {
    const { performing } = leaseOrderStates;
    const row = { deliveryState: leaseDeliveryStates.delivered };
    expect(leaseOrderLifecycle.refusal('cancel', performing, '租赁订单', row)).toBe('订单已交车，不能取消，请办理退租');
    expect(leaseOrderLifecycle.refusal('endLease', performing, '租赁订单', row)).toBeNull();
    expect(leaseOrderLifecycle.refusal('cancel', performing, '租赁订单')).toBeNull();
    expect(leaseOrderLifecycle.allowed(performing, everyButton)).toHaveLength(
      leaseOrderLifecycle.transitions.length - 1,
    );
  });
});
