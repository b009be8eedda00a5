import { vehicleRecordScreens, vehicleScreens } from '../vehicles/screens';
import { defineQueues } from './queue';

/**
 * The vehicle section's work: each stage screen lists vehicles waiting for its action; returns wait for
 * 验收 and risks for 处理; 待出库 and 待交车 are the two tabs of the 待出库 screen.
 */
export const vehicleQueues = defineQueues({
  pendingInspection: { title: '待验车', screen: vehicleScreens.vehicleInspected, action: 'inspect' },
  awaitingPreparation: { title: '待整备', screen: vehicleScreens.inspectedVehicle, action: 'startPreparation' },
  networkMaintenance: { title: '待入网维护', screen: vehicleScreens.networkMaintenance, action: 'prepareNetwork' },
  drivingLicense: { title: '待办行驶证', screen: vehicleScreens.drivingLicense, action: 'prepareLicense' },
  gps: { title: '待装GPS', screen: vehicleScreens.gpsList, action: 'prepareGps' },
  operationCertificate: {
    title: '待办运输证',
    screen: vehicleScreens.operationCertificate,
    action: 'prepareCertificate',
  },
  awaitingOutbound: {
    title: '待出库',
    screen: vehicleScreens.waitingOut,
    filter: { tab: 'outbound' },
    action: 'outbound',
  },
  awaitingDelivery: {
    title: '待交车',
    screen: vehicleScreens.waitingOut,
    filter: { tab: 'delivery' },
    action: 'deliver',
  },
  returnsToAccept: {
    title: '待验收的还车',
    screen: vehicleRecordScreens.carReturnRecord,
    filter: { status: '0' },
    action: 'accept',
  },
  risksToHandle: {
    title: '待处理的风险',
    screen: vehicleRecordScreens.riskManagement,
    filter: { status: '0' },
    action: 'handle',
  },
});
