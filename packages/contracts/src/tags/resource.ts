import { enabledStatus } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/** 通用标签: the labels the drivers' app groups articles, news and activation content by. */
export const commonTagResource = defineResource({
  key: 'commonTag',
  title: '通用标签',
  page: 'commonTags',
  endpoint: '/api/common-tags',
  identity: 'name',
  defaultSort: { field: 'displayOrder', order: 'asc' },
  fields: {
    name: fields.text('标签名称', { required: true, max: 20, filter: 'like', unique: true }),
    color: fields.color('颜色', { hint: '标签在APP上的底色，如#FF7A00' }),
    displayOrder: fields.integer('排序', { required: true, min: 0, max: 9999, sortable: true, hint: '数字越小越靠前' }),
    status: fields.enumOf(enabledStatus, { required: true, filter: 'eq' }),
    remark: fields.text('备注', { max: 100, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const commonTagScreens = { commonTags: defineScreen(commonTagResource, { route: 'commonTags' }) };
