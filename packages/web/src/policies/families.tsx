import {
  policyClaimResource,
  policyClaimScreens,
  policyReportResource,
  policyResource,
  policyScreens,
} from '@cp/contracts';
import { routesByKey } from '@cp/contracts/routes';
import { Link } from 'react-router';
import { useAccess } from '../auth/access';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { pageLink } from '../resource/routes';
import type { ResourceRecord } from '../resource/types';

/** 营销政策核销: each claim names its policy (its figures on 营销政策详情), order and driver. */
const claimFamily = defineFamily({
  resource: policyClaimResource,
  screens: policyClaimScreens,
  groups: [
    { title: '绑定', fields: ['claimNo', 'orderId', 'policyId', 'driverId', 'cityId', 'signedOn', 'remark'] },
    {
      title: '绑定时的政策条款',
      fields: ['policyName', 'policyType', 'amount', 'policyStart', 'policyEnd', 'scope'],
    },
    {
      title: '核单与核销',
      fields: ['checkOrder', 'checkNote', 'status', 'verifiedAt', 'paymentNo', 'cancelReason', 'createdAt'],
    },
  ],
  refLinks: () => ({
    policyId: 'marketingPolicyDetails',
    orderId: 'leaseOrderDetails',
    driverId: 'ridehailingDriversDetails',
  }),
});

const reportRoute = routesByKey.get('marketingPolicyDetails');

/** The way from a policy to its figures and claims, for whoever may open them. */
function ReportLink({ record }: { record: ResourceRecord }) {
  const { canOpen } = useAccess();
  if (!reportRoute || !canOpen(reportRoute)) return null;
  return <Link to={pageLink('marketingPolicyDetails', String(record.id))}>营销政策详情</Link>;
}

/** 政策列表 with its 新增政策, 编辑政策 and 政策详情 pages; the detail lists the orders it is bound to. */
const policyFamily = defineFamily({
  resource: policyResource,
  screens: policyScreens,
  routes: { add: 'policyAdd', edit: 'policyEdit', detail: 'policyDetails' },
  groups: [
    { title: '政策', fields: ['name', 'type', 'startDate', 'endDate', 'policyStatus', 'validity', 'cancelReason'] },
    { title: '适用范围', fields: ['cityIds', 'modelIds'] },
    { title: '优惠与预算', fields: ['benefit', 'budget'] },
    { title: '说明', fields: ['description', 'attachments', 'createdAt'] },
  ],
  subtitle: (record) => <ReportLink record={record} />,
  related: () => [{ family: claimFamily, screen: 'marketingPolicyCancellation', via: 'policyId', title: '核销单' }],
});

/** 营销政策详情 (`?id=` a policy): its figures, then its claims. */
const reportFamily = defineFamily({
  resource: policyReportResource,
  screens: {},
  routes: { detail: 'marketingPolicyDetails' },
  unlisted: true,
  groups: [
    { title: '政策', fields: ['name', 'type', 'policyStatus', 'validity', 'startDate', 'endDate'] },
    { title: '核销统计', fields: ['ordersBound', 'waiting', 'verifying', 'verified', 'voided'] },
    { title: '金额', fields: ['benefit', 'budget', 'granted', 'budgetLeft'] },
  ],
  related: () => [{ family: claimFamily, screen: 'marketingPolicyCancellation', via: 'policyId', title: '核销单' }],
});

export const { families, keys, page, prefetch } = familyModule([policyFamily, claimFamily, reportFamily]);
