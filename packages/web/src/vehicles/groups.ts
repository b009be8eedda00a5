import type { vehicleResource } from '@cp/contracts';
import type { FieldGroup, FieldName } from '../resource';

type VehicleField = FieldName<typeof vehicleResource>;

/** The sections of the vehicle form and detail view; the detail shows the attachments in a card of their own. */
export const vehicleGroups: readonly FieldGroup<VehicleField>[] = [
  {
    title: '基本信息',
    fields: [
      'plateNo',
      'vin',
      'engineNo',
      'brandId',
      'modelId',
      'colour',
      'energyType',
      'seats',
      'cityId',
      'companyId',
      'registrationDate',
      'purchasePrice',
      'mileage',
    ],
  },
  {
    title: '证照信息',
    fields: [
      'drivingLicenseIssueDate',
      'nextInspectionDate',
      'operationCertificateNo',
      'operationCertificateExpiry',
      'gpsDeviceNo',
      'gpsLastSeenAt',
    ],
  },
  {
    title: '保险信息',
    fields: [
      'compulsoryInsurer',
      'compulsoryPolicyNo',
      'compulsoryStart',
      'compulsoryEnd',
      'commercialInsurer',
      'commercialPolicyNo',
      'commercialStart',
      'commercialEnd',
    ],
  },
  { title: '其他', fields: ['stage', 'rentStatus', 'labels', 'updatedAt', 'remark', 'attachments'] },
];
