import { policyResource as resource, policyScreens as screens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

/** 政策列表 with its 新增政策, 编辑政策 and 政策详情 pages. */
export const { families, keys, page, prefetch } = familyModule([
  defineFamily({ resource, screens, routes: { add: 'policyAdd', edit: 'policyEdit', detail: 'policyDetails' } }),
]);
