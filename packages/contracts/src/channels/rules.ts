import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/**
 * 规则管理: which salespeople a new lead goes to. A rule matches a channel (or any) and a city (or any); the
 * first enabled rule matching a lead by priority (the smaller number first) gives it to its next
 * salesperson in turn.
 */
export const allocationRuleResource = defineResource({
  key: 'allocationRule',
  title: '分配规则',
  page: 'ruleManagement',
  endpoint: '/api/allocation-rules',
  identity: 'name',
  defaultSort: { field: 'priority', order: 'asc' },
  fields: {
    name: fields.text('规则名称', { required: true, max: 30, filter: 'like', unique: true }),
    priority: fields.integer('优先级', {
      required: true,
      min: 1,
      max: 999,
      sortable: true,
      hint: '1-999，数字越小越先匹配',
    }),
    channelId: fields.ref('渠道', 'channel', { filter: 'eq', hint: '不选表示全部渠道' }),
    cityId: fields.ref('城市', 'city', { filter: 'eq', hint: '不选表示全部城市' }),
    salespersonIds: fields.refs('销售人员', 'user', { required: true, list: true, max: 100 }),
    enabled: fields.boolean('启用', { required: true, filter: 'eq' }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const allocationRuleScreens = {
  ruleManagement: defineScreen(allocationRuleResource, {
    route: 'ruleManagement',
    key: ['priority', 'channelId', 'cityId', 'salespersonIds', 'enabled'],
    // A rule's name is short and a city's name shorter: room for the salespeople and 启用 at 1440 px.
    widths: { name: 160, cityId: 110 },
  }),
};
