import { userResource, userScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { IssuedPassword } from './passwords';

/** 用户管理: the staff of the branch company, 启用 / 停用, and a one-time password on 新增 and 重置密码. */
export const userFamily = defineFamily({
  resource: userResource,
  screens: userScreens,
  created: IssuedPassword,
  results: { resetPassword: IssuedPassword },
  // One's own account is not stopped from here (the server says 不能停用自己的账号).
  withheld: (record, user) => (String(record.userId) === user.id ? ['disable'] : []),
});

export const { families, keys, page, prefetch } = familyModule([userFamily]);
