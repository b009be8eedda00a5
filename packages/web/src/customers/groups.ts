import type { rideHailingDriverResource, taxiDriverResource } from '@cp/contracts';
import type { FieldGroup, FieldName } from '../resource';

type DriverField = FieldName<typeof rideHailingDriverResource> | FieldName<typeof taxiDriverResource>;

/** The sections of a driver's form and detail; `taxi` adds the taxi company beside the permit. */
export const driverGroups = (taxi: boolean): readonly FieldGroup<DriverField>[] => [
  {
    title: '基本信息',
    fields: ['name', 'mobile', 'nationalId', 'gender', 'birthDate', 'cityId', 'address', 'source', 'salespersonId'],
  },
  {
    title: '驾驶证',
    fields: ['licenseNo', 'licenseClass', 'licenseFirstIssue', 'licenseExpiry'],
  },
  {
    title: taxi ? '从业资格证' : '网约车驾驶员证',
    fields: ['permitNo', 'permitAuthority', 'permitExpiry', ...(taxi ? (['taxiCompany'] as const) : []), 'expiry'],
  },
  { title: '紧急联系人', fields: ['emergencyName', 'emergencyRelation', 'emergencyMobile'] },
  { title: '扣款银行卡', fields: ['bankName', 'bankCardNo', 'bankCardHolder'] },
  { title: '证件资料', fields: ['idCardPhotos', 'licensePhotos', 'permitPhotos'] },
  { title: '状态', fields: ['status', 'statusReason', 'createdAt', 'updatedAt', 'remark'] },
];
