import { defineLifecycle } from '../resource/lifecycle';
import {
  deliverBody,
  inspectBody,
  outboundBody,
  preparationBodies,
  recallBody,
  requestReturnBody,
  shuntBody,
} from './actions';
import { vehicleEnums } from './enums';

/** The vehicle stages by name, as stored. */
export const stage = {
  pendingInspection: 0,
  inspected: 1,
  preparing: 2,
  awaitingOutbound: 3,
  outbound: 4,
  leased: 5,
  returning: 6,
  inStock: 7,
  temporarilyDelivered: 8,
  sold: 9,
} as const;

export type VehicleStage = (typeof stage)[keyof typeof stage];

/**
 * The vehicle lifecycle: from → action → to, with the button key each action needs. The four preparation
 * items each move the vehicle to 待出库 once the last of them is done (the server decides); each is titled by
 * its catalogue button (完成入网, 完成行驶证办理, 完成GPS安装, 完成运输证办理), so the row's button, the dialog and
 * the history say the same.
 */
export const vehicleLifecycle = defineLifecycle({
  field: 'stage',
  states: vehicleEnums.stage,
  // Not while the vehicle is out (已出库, 租赁中, 还车中, 临时交车): it is with a driver or on its way.
  removable: [stage.pendingInspection, stage.inspected, stage.preparing, stage.awaitingOutbound, stage.inStock],
  transitions: [
    {
      action: 'inspect',
      from: [stage.pendingInspection],
      to: stage.inspected,
      button: 'vehicleInspected:inspect',
      body: inspectBody,
    },
    {
      action: 'startPreparation',
      from: [stage.inspected],
      to: stage.preparing,
      button: 'inspectedVehicle:prepare',
      confirm: '车辆将进入整备中，需完成入网维护、行驶证、GPS、运输证四项。',
    },
    {
      action: 'prepareNetwork',
      from: [stage.preparing],
      to: stage.awaitingOutbound,
      button: 'networkMaintenance:edit',
      body: preparationBodies[0],
    },
    {
      action: 'prepareLicense',
      from: [stage.preparing],
      to: stage.awaitingOutbound,
      button: 'drivingLicense:edit',
      body: preparationBodies[1],
      prefill: ['plateNo', 'drivingLicenseIssueDate'],
    },
    {
      action: 'prepareGps',
      from: [stage.preparing],
      to: stage.awaitingOutbound,
      button: 'gpsList:edit',
      body: preparationBodies[2],
      prefill: ['gpsDeviceNo'],
    },
    {
      action: 'prepareCertificate',
      from: [stage.preparing],
      to: stage.awaitingOutbound,
      button: 'operationCertificate:edit',
      body: preparationBodies[3],
      prefill: ['operationCertificateNo', 'operationCertificateExpiry'],
    },
    {
      action: 'outbound',
      from: [stage.awaitingOutbound],
      to: stage.outbound,
      button: 'waitingOut:outbound',
      body: outboundBody,
      prefill: ['mileage'],
    },
    // Taken by 填写交车信息 of a 租赁订单 (and an exchange's handover), with the order it hands the car to: a car
    // goes to a driver for a lease only through an order, never by a bare 交车.
    {
      action: 'deliver',
      title: '交车',
      from: [stage.outbound, stage.inStock],
      to: stage.leased,
      button: 'waitingOut:deliver',
      body: deliverBody,
      internal: true,
    },
    {
      action: 'temporaryDeliver',
      title: '临时交车',
      from: [stage.awaitingOutbound, stage.inStock],
      to: stage.temporarilyDelivered,
      button: 'temporaryDelivery:add',
      body: deliverBody,
    },
    {
      action: 'recall',
      from: [stage.temporarilyDelivered],
      to: stage.inStock,
      button: 'temporaryDelivery:recall',
      body: recallBody,
      prefill: ['mileage'],
    },
    {
      action: 'requestReturn',
      from: [stage.leased],
      to: stage.returning,
      button: 'carReturnRecord:add',
      body: requestReturnBody,
    },
    // Taken when the return record is accepted (还车验收 of 还车记录).
    {
      action: 'completeReturn',
      title: '还车验收',
      from: [stage.returning],
      to: stage.inStock,
      button: 'carReturnRecord:accept',
      internal: true,
    },
    // Taken when the return record is cancelled (取消还车): the car stays with its driver.
    {
      action: 'cancelReturn',
      title: '取消还车',
      from: [stage.returning],
      to: stage.leased,
      button: 'carReturnRecord:cancel',
      internal: true,
    },
    // Taken when a 零售订单 hands the car to its buyer (交车): it leaves the fleet.
    {
      action: 'sell',
      title: '零售交车',
      from: [stage.outbound, stage.inStock],
      to: stage.sold,
      button: 'retailOrder:deliver',
      internal: true,
    },
    {
      action: 'shunt',
      from: [stage.inspected, stage.preparing, stage.awaitingOutbound, stage.inStock],
      to: null,
      button: 'shuntingManagement:add',
      body: shuntBody,
    },
  ],
});

export type VehicleAction = (typeof vehicleLifecycle.transitions)[number]['action'];

/** The action that completes each preparation item (0 入网维护, 1 行驶证, 2 GPS, 3 运输证). */
export const preparationActions = ['prepareNetwork', 'prepareLicense', 'prepareGps', 'prepareCertificate'] as const;
