import { defineSection, page } from '../build';

const crudButtons = ['add', 'edit', 'delete', 'export'] as const;

export const configRoutes = defineSection('config', [
  page('/financialCodeImport', '财务编码导入', { buttons: ['import', 'export'] }),
  page('/financialCodeImportRecord', '导入记录', { buttons: ['export'] }),
  page('/transactionNameConfiguration', '交易名称配置', { buttons: crudButtons }),
  page('/hierarchicalAllocation', '坏账分级配置', { buttons: crudButtons }),
  page('/invalidThreadCofig', '无效线索配置', { buttons: crudButtons }),
  page('/company-operation', '公司运营配置', { buttons: ['add', 'edit', 'export'] }),
  page('/company-operation/add', '新增公司', { parent: '/company-operation', requires: 'add' }),
  page('/company-operation/detail', '公司详情', { parent: '/company-operation' }),
  page('/company-operation/edit', '编辑公司', { parent: '/company-operation', requires: 'edit' }),
  page('/userManagement', '用户管理', {
    buttons: ['add', 'edit', 'enable', 'disable', ['resetPassword', '重置密码'], 'export'],
  }),
  page('/roleManagement', '角色管理', {
    buttons: ['add', 'edit', 'delete', ['grantPermissions', '分配权限'], 'export'],
  }),
]);
