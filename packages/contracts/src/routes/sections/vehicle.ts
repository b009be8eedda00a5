import { defineSection, page } from '../build';

const inbound = '入库管理';
const preparation = '整备管理';
const outbound = '出库管理';

export const vehicleRoutes = defineSection('vehicle', [
  page('/vehicleList', '车辆列表', { cached: true, buttons: ['add', 'edit', 'delete', 'import', 'export'] }),
  page('/vehicleDetail', '车辆详情', { parent: '/vehicleList' }),
  page('/vehicleInspected', '待验车辆', { group: inbound, buttons: [['inspect', '验车'], 'export'] }),
  page('/inspectedVehicle', '已验车辆', { group: inbound, buttons: [['prepare', '整备'], 'export'] }),
  page('/vehicleInspection', '验车记录', { group: inbound, buttons: ['export'] }),
  page('/networkMaintenance', '入网维护', { group: preparation, buttons: [['edit', '完成入网'], 'export'] }),
  page('/drivingLicense', '行驶证管理', { group: preparation, buttons: [['edit', '完成行驶证办理'], 'export'] }),
  page('/gpsList', 'GPS管理', { group: preparation, buttons: [['edit', '完成GPS安装'], 'export'] }),
  page('/operationCertificate', '运输证管理', { group: preparation, buttons: [['edit', '完成运输证办理'], 'export'] }),
  page('/waitingOut', '待出库', { group: outbound, buttons: [['outbound', '出库'], ['deliver', '交车'], 'export'] }),
  page('/temporaryDelivery', '临时交车', { group: outbound, buttons: ['add', ['recall', '收回'], 'export'] }),
  page('/outboundRecord', '出库记录', { group: outbound, buttons: ['export'] }),
  page('/shuntingManagement', '调车管理', { buttons: [['add', '调车'], 'export'] }),
  page('/deliveryRecord', '交车记录', { cached: true, buttons: ['export'] }),
  page('/deliveryDetail', '交车详情', { parent: '/deliveryRecord' }),
  page('/carReturnRecord', '还车记录', {
    buttons: [['add', '还车登记'], ['accept', '验收'], ['cancel', '取消还车'], 'export'],
  }),
  page('/riskManagement', '风险管理', { buttons: [['handle', '处理'], 'export'] }),
  page('/violationManagement', '违章管理', { buttons: ['add', 'edit', 'delete', 'import', 'export'] }),
  page('/maintenanceManagement', '维保管理', { buttons: ['add', 'edit', 'delete', 'export'] }),
]);
