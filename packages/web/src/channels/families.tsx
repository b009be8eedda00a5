import { allocationRuleResource, allocationRuleScreens, channelResource, channelScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

/** 渠道管理: channels with 启用 / 停用 (停用 asks first: new leads stop coming from it). */
export const channelFamily = defineFamily({ resource: channelResource, screens: channelScreens });

/** 规则管理: allocation rules, each with its salespeople. */
export const allocationRuleFamily = defineFamily({
  resource: allocationRuleResource,
  screens: allocationRuleScreens,
  groups: [
    { title: '匹配范围', fields: ['name', 'priority', 'channelId', 'cityId', 'enabled'] },
    { title: '轮流分配给', fields: ['salespersonIds', 'remark'] },
  ],
});

export const { families, keys, page, prefetch } = familyModule([channelFamily, allocationRuleFamily]);
