import type { CustomerAccount } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Row, Statistic } from 'antd';
import { get } from '../../request';
import { formatMoney } from '../../resource/format';

/** A customer's account (`GET /api/customer-accounts/:id`), as 查看账户 and a driver's 账户 tab read it. */
export function useCustomerAccount(driverId: string) {
  return useQuery({
    queryKey: ['customerAccount', driverId],
    queryFn: () => get<CustomerAccount>(`/api/customer-accounts/${encodeURIComponent(driverId)}`),
    enabled: /^\d+$/.test(driverId),
  });
}

/** What the customer's account comes to: owed, received, relieved, outstanding and overdue, deposit, refunds. */
export function AccountFigures({ totals }: { totals: CustomerAccount['totals'] }) {
  const figures = [
    ['应收合计', totals.due + totals.lateFee],
    ['已收', totals.received],
    ['减免', totals.relieved],
    ['未收', totals.outstanding],
    ['逾期未收', totals.overdue],
    ['押金余额', totals.deposit],
    ['已退款', totals.refunded],
  ] as const;
  return (
    <Row gutter={16}>
      {figures.map(([title, value]) => (
        <Col key={title} xs={12} lg={3}>
          <Statistic
            title={title}
            value={formatMoney(value)}
            valueStyle={title === '逾期未收' && value > 0 ? { color: '#cf1322' } : undefined}
          />
        </Col>
      ))}
    </Row>
  );
}
