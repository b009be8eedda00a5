import {
  deliveryResource,
  inspectionResource,
  maintenanceResource,
  outboundResource,
  type Resource,
  returnResource,
  riskResource,
  type Screen,
  shuntingResource,
  vehicleRecordScreens,
  vehicleResource,
  vehicleScreens,
  violationResource,
} from '@cp/contracts';
import { Typography } from 'antd';
import { defineFamily, type FamilySpec } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { handoverFields, inspectFields } from './actionFields';
import { CurrentLease } from './CurrentLease';
import { DeliverThroughOrder } from './DeliverThroughOrder';
import { vehicleGroups } from './groups';
import { DeliveryChecklist, ScanRisksButton } from './recordSections';

const deliverThroughOrder = { button: 'waitingOut:deliver', place: 'row', render: DeliverThroughOrder } as const;

/** The vehicles: every stage screen lists them, the detail page offers what the stage allows. */
export const vehicleFamily = defineFamily({
  resource: vehicleResource,
  screens: vehicleScreens,
  routes: { detail: 'vehicleDetail' },
  groups: vehicleGroups,
  lookup: 'vehicle',
  subtitle: (vehicle) => (
    <Typography.Text type="secondary" copyable>
      {String(vehicle.vin)}
    </Typography.Text>
  ),
  actionFields: { inspect: inspectFields, temporaryDeliver: handoverFields },
  // 交车 leads to the orders: a car goes to a driver only by 填写交车信息 of its 租赁订单.
  controls: {
    vehicleList: [deliverThroughOrder],
    waitingOut: [deliverThroughOrder],
  },
  // Its 租赁订单 (in force: 当前租赁, above), then what happened to it.
  detailSections: [CurrentLease],
  related: () => [{ screen: 'leaseOrder', via: 'vehicleId' }, ...vehicleRecordLists],
});

const screensOf = (resource: Resource): Record<string, Screen> =>
  Object.fromEntries(
    Object.values(vehicleRecordScreens)
      .filter((screen) => screen.resource === resource)
      .map((screen) => [screen.key, screen]),
  );

const record = (resource: Resource, spec: Partial<FamilySpec> = {}) =>
  defineFamily({ resource, screens: screensOf(resource), ...spec });

/** A vehicle action started from a record screen's toolbar, on a vehicle picked in its dialog. */
const onPickedVehicle = (button: string, action: string) =>
  ({ button, place: 'toolbar', family: vehicleFamily, action }) as const;

/** What happened to the vehicles: inspections, outbound, handovers, returns, moves, risks, violations, services. */
export const vehicleRecordFamilies = [
  record(inspectionResource),
  record(outboundResource),
  record(deliveryResource, {
    routes: { detail: 'deliveryDetail' },
    detailSections: [DeliveryChecklist],
    controls: {
      temporaryDelivery: [
        onPickedVehicle('temporaryDelivery:add', 'temporaryDeliver'),
        {
          button: 'temporaryDelivery:recall',
          place: 'row',
          family: vehicleFamily,
          action: 'recall',
          via: 'vehicleId',
          when: (delivery) => delivery.endedAt == null,
        },
      ],
    },
  }),
  record(returnResource, {
    controls: { carReturnRecord: [onPickedVehicle('carReturnRecord:add', 'requestReturn')] },
    // 还车验收 and 取消还车 move the car, and the lease order being returned with it.
    refreshes: ['vehicle', 'leaseOrder', 'dueOrder', 'returnCalculation'],
  }),
  record(shuntingResource, {
    controls: { shuntingManagement: [onPickedVehicle('shuntingManagement:add', 'shunt')] },
  }),
  record(riskResource, {
    controls: { riskManagement: [{ button: 'riskManagement:handle', place: 'toolbar', render: ScanRisksButton }] },
  }),
  record(violationResource),
  record(maintenanceResource),
];

/** What happened to a vehicle, on its detail page: every record screen, filtered by the vehicle. */
const vehicleRecordLists = vehicleRecordFamilies.flatMap((family) =>
  Object.keys(family.screens).map((screen) => ({ family, screen, via: 'vehicleId' })),
);

export const { families, keys, page, prefetch } = familyModule([vehicleFamily, ...vehicleRecordFamilies]);
