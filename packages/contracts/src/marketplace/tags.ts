import { enabledStatus } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/** 商品标签: what the app filters 商城商品 by; a tag on a product is 停用, never deleted. */
export const marketplaceTagResource = defineResource({
  key: 'marketplaceTag',
  title: '商品标签',
  page: 'marketplaceProductsTags',
  endpoint: '/api/marketplace-tags',
  identity: 'name',
  defaultSort: { field: 'displayOrder', order: 'asc' },
  fields: {
    name: fields.text('标签名称', { required: true, max: 20, filter: 'like', unique: true }),
    color: fields.color('颜色', { hint: '标签在APP上的底色，如#FF7A00' }),
    displayOrder: fields.integer('排序', { required: true, min: 0, max: 9999, sortable: true, hint: '数字越小越靠前' }),
    status: fields.enumOf(enabledStatus, { required: true, filter: 'eq' }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const marketplaceTagScreens = {
  marketplaceProductsTags: defineScreen(marketplaceTagResource, { route: 'marketplaceProductsTags' }),
};
