import { familyFeature } from '../resource/familyFeature';

/** 政策列表 with its 新增政策, 编辑政策 and 政策详情 pages, and 作废 asking why. */
export const feature = familyFeature(['policyList', 'policyAdd', 'policyEdit', 'policyDetails'], () =>
  import('@cp/contracts').then(({ policyResource: resource, policyScreens: screens }) => [
    { resource, screens, routes: { add: 'policyAdd', edit: 'policyEdit', detail: 'policyDetails' } },
  ]),
);
