import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { leadEnums } from './enums';

/**
 * 无效线索配置: a rule that marks leads 无效, one per kind in a branch company, each with the parameter its
 * kind needs (days, a count, cities, mobiles) — applied when leads are added or uploaded, and daily.
 */
export const invalidRuleResource = defineResource({
  key: 'invalidLeadRule',
  title: '无效线索规则',
  page: 'invalidThreadCofig',
  endpoint: '/api/invalid-lead-rules',
  identity: 'name',
  defaultSort: { field: 'updatedAt', order: 'desc' },
  fields: {
    name: fields.text('规则名称', { required: true, max: 30, filter: 'like' }),
    kind: fields.enumOf(leadEnums.ruleKind, { required: true, filter: 'eq', unique: true }),
    enabled: fields.boolean('是否启用', { required: true, filter: 'eq' }),
    days: fields.integer('天数', { min: 1, max: 3650, hint: '手机号重复：多少天内重复算无效，不填为30天' }),
    times: fields.integer('未接通次数', { min: 1, max: 100, hint: '多次未接通：连续多少次未接通算无效，不填为3次' }),
    cityIds: fields.refs('服务城市', 'city', { max: 400, hint: '城市不在服务范围：服务的城市' }),
    mobiles: fields.tags('黑名单手机号', { hint: '手机号黑名单：这些手机号的线索无效' }),
    remark: fields.text('备注', { max: 200, list: false }),
    updatedAt: fields.datetime('更新时间', { form: false, sortable: true }),
  },
});
