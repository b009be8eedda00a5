import { type FieldDef, vehicleEnums, type vehicleResource, vehicleTransitions } from '@cp/contracts';
import type { FieldGroup, FieldName } from '../resource';

type VehicleField = FieldName<typeof vehicleResource>;

/** The sections of the vehicle form and detail view; attachments have their own card. */
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
  { title: '其他', fields: ['stage', 'rentStatus', 'labels', 'updatedAt', 'remark'] },
];

/** The form shows attachments too, at the end of 其他. */
export const vehicleFormGroups: readonly FieldGroup<VehicleField>[] = vehicleGroups.map((group) =>
  group.title === '其他' ? { ...group, fields: [...group.fields, 'attachments'] } : group,
);

/** Titles of the audit actions of a vehicle: the lifecycle's, and a preparation item done. */
export const vehicleHistoryActions: Readonly<Record<string, string>> = {
  ...Object.fromEntries(vehicleTransitions.map((transition) => [transition.action, transition.title])),
  preparation: '完成整备项目',
};

/** Keys a preparation record names that are not vehicle fields. */
export const vehicleHistoryFields: Readonly<Record<string, { title: string } & Partial<Pick<FieldDef, 'enumDef'>>>> = {
  item: { title: vehicleEnums.preparationItem.title, enumDef: vehicleEnums.preparationItem },
};
