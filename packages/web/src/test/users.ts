import type { UserInfo } from '@cp/contracts';

/** A signed-in user for component tests. */
export const testUser: UserInfo = {
  id: '1',
  userName: '运营专员',
  name: '运营专员',
  code: 'CP0002',
  loginId: 'ops',
  roleCodes: [{ code: 'vehicleOrderOps', name: '车辆订单专员' }],
  mobile: '13800000002',
  companyName: '北京分公司',
  email: 'ops@cp-demo.cn',
  avatar: '',
  menuData: [],
  authBtnData: ['roleManagement:add', 'roleManagement:edit'],
  pendingNum: 3,
};
