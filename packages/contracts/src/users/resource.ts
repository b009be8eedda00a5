import { enabledStatus } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

export const accountStatus = enabledStatus;

/**
 * 启用 / 停用 of a user's account in this branch company (a stopped account's sessions end at once), and
 * 重置密码 in either state.
 */
export const userLifecycle = defineLifecycle({
  field: 'status',
  states: accountStatus,
  transitions: [
    { action: 'enable', from: [0], to: 1, button: 'userManagement:enable', confirm: '启用后该用户可以登录本分公司。' },
    {
      action: 'disable',
      from: [1],
      to: 0,
      button: 'userManagement:disable',
      confirm: '停用后该用户将立即退出本分公司，且不能再登录本分公司。',
    },
    {
      action: 'resetPassword',
      from: [0, 1],
      to: null,
      button: 'userManagement:resetPassword',
      confirm: '重置后原密码立即失效，该用户的登录会全部退出；新密码只显示一次。',
    },
  ],
});

const loginIdProblem = (value: string) =>
  /^[A-Za-z][A-Za-z0-9._@-]{1,63}$/.test(value) ? null : '须以字母开头，2-64位字母、数字或._@-';
const emailProblem = (value: string) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : '格式不正确，如“name@example.com”';

/** Staff of the current branch company: a user's account here, with its roles. */
export const userResource = defineResource({
  key: 'userAccount',
  title: '用户',
  page: 'userManagement',
  endpoint: '/api/users',
  identity: 'userName',
  lifecycle: userLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    loginId: fields.text('登录账号', {
      required: true,
      max: 64,
      check: loginIdProblem,
      filter: 'like',
      createOnly: true,
      unique: true,
    }),
    userName: fields.text('姓名', { required: true, max: 30, filter: 'like', sortable: true }),
    code: fields.text('工号', { required: true, max: 20, filter: 'like', unique: true }),
    mobile: fields.mobile('手机号', { filter: 'like' }),
    email: fields.text('邮箱', { max: 100, check: emailProblem }),
    roleIds: fields.refs('角色', 'role', { required: true, list: true }),
    status: fields.enumOf(accountStatus, { form: false, filter: 'eq' }),
    tenantNames: fields.tags('所属分公司', { form: false }),
    lastLoginAt: fields.datetime('最近登录', { form: false, sortable: true }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const userScreens = {
  userManagement: defineScreen(userResource, {
    route: 'userManagement',
    key: ['loginId', 'status', 'roleIds'],
    actions: ['enable', 'disable', 'resetPassword'],
  }),
};
