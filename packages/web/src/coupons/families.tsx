import {
  couponMoneyResource,
  couponOrderResource,
  couponResource,
  couponScreens,
  couponTagResource,
} from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { StagesInput } from './StagesInput';

/** 优惠券商品标签: the kit's list, drawer form, delete (refused while coupons carry it: 停用 instead) and export. */
const tagFamily = defineFamily({
  resource: couponTagResource,
  screens: { couponProductsTags: couponScreens.couponProductsTags },
});

/** 资金流水 of a coupon or of one 券订单: sales, reversals and each month's rent discount. */
const moneyFamily = defineFamily({
  resource: couponMoneyResource,
  screens: { couponMoney: couponScreens.couponMoney },
  refLinks: () => ({ driverId: 'ridehailingDriversDetails' }),
});

/** 券订单管理 and 券订单详情: the terms as issued, payment, use, refund; 核销 and 退款 on rows the state allows. */
const orderFamily = defineFamily({
  resource: couponOrderResource,
  screens: { couponOrderManage: couponScreens.couponOrderManage },
  routes: { detail: 'couponOrderDetail' },
  groups: [
    {
      title: '订单',
      fields: ['orderNo', 'couponId', 'driverId', 'driverMobile', 'source', 'createdBy', 'status', 'createdAt'],
    },
    {
      title: '领取时的优惠条款',
      fields: ['couponName', 'kind', 'stageSummary', 'faceValue', 'threshold', 'validFrom', 'validTo'],
    },
    { title: '支付', fields: ['price', 'payDeadline', 'paymentRef', 'paidAt'] },
    { title: '使用', fields: ['usedAt', 'useChannel', 'useRemark', 'closedAt'] },
    { title: '退款', fields: ['refundReason', 'refundedAt', 'refundedBy'] },
  ],
  refLinks: () => ({ couponId: 'couponDetail', driverId: 'ridehailingDriversDetails' }),
  related: () => [{ family: moneyFamily, screen: 'couponMoney', via: 'orderId' }],
  refreshes: ['couponMoney', 'coupon'],
});

/** 优惠券管理 with 新增优惠券, 编辑优惠券, 指定发放 and 优惠券详情 (its figures, orders and money rows). */
const couponFamily = defineFamily({
  resource: couponResource,
  screens: { couponManage: couponScreens.couponManage },
  routes: { add: 'couponAdd', edit: 'couponUpdate', detail: 'couponDetail' },
  groups: [
    { title: '优惠券', fields: ['name', 'kind', 'price', 'listing', 'description', 'createdAt'] },
    { title: '优惠内容', fields: ['stages', 'stageSummary', 'faceValue', 'threshold', 'tagIds'] },
    {
      title: '发放规则',
      fields: ['totalStock', 'issued', 'remaining', 'perDriverLimit', 'claimStart', 'claimEnd', 'payMinutes'],
    },
    { title: '使用有效期', fields: ['validityType', 'validFrom', 'validTo', 'validDays'] },
    {
      title: '统计',
      fields: [
        'sold',
        'unusedCount',
        'usedCount',
        'expiredCount',
        'timedOutCount',
        'assignedCount',
        'refundedCount',
        'received',
        'refunded',
        'refundByMonth',
        'discountGranted',
        'discountByMonth',
      ],
    },
  ],
  inputs: { stages: StagesInput },
  related: () => [
    { family: orderFamily, screen: 'couponOrderManage', via: 'couponId', title: '券订单' },
    { family: moneyFamily, screen: 'couponMoney', via: 'couponId' },
  ],
});

export const { families, keys, page, prefetch } = familyModule([tagFamily, couponFamily, orderFamily, moneyFamily]);
