import { preparationBodies, vehicleEnums, vehicleResource } from '@cp/contracts';
import { Input } from 'antd';
import { ActionFormModal, BodyField, fieldControl, StoredFilesInput } from '../../resource';
import { type PreparationItem, type Vehicle, vehicleQueryKey, vehiclesApi } from '../api';

/** The vehicle fields each preparation item records (the body's other fields are 备注 and 附件). */
export const preparationFields = {
  0: [],
  1: ['plateNo', 'drivingLicenseIssueDate'],
  2: ['gpsDeviceNo'],
  3: ['operationCertificateNo', 'operationCertificateExpiry'],
} as const satisfies Record<PreparationItem, readonly (keyof typeof vehicleResource.fields)[]>;

/** 完成 of a preparation screen: the item's own fields (filled from the vehicle), a note and attachments. */
export function PreparationModal({
  vehicle,
  item,
  onClose,
}: {
  vehicle: Vehicle;
  item: PreparationItem;
  onClose: () => void;
}) {
  const schema = preparationBodies[item];
  const names: readonly string[] = preparationFields[item];
  const initialValues = Object.fromEntries([...names.map((name) => [name, vehicle[name]]), ['attachments', []]]);
  return (
    <ActionFormModal
      title={`完成${vehicleEnums.preparationItem.label(item)} ${vehicle.plateNo ?? vehicle.vin}`}
      schema={schema}
      initialValues={initialValues}
      submit={(body) => vehiclesApi.completePreparation(vehicle.id, item, body)}
      invalidate={vehicleQueryKey}
      onClose={onClose}
    >
      {names.map((name) => {
        // The vehicle field of the same name knows its control (a date picker for dates).
        const { control, item: conversion } = fieldControl(
          vehicleResource.fields[name as keyof typeof vehicleResource.fields],
        );
        return (
          <BodyField key={name} schema={schema} name={name} {...conversion}>
            {control}
          </BodyField>
        );
      })}
      <BodyField schema={schema} name="note">
        <Input.TextArea rows={2} maxLength={500} showCount />
      </BodyField>
      <BodyField schema={schema} name="attachments" label="附件">
        <StoredFilesInput limit={20} />
      </BodyField>
    </ActionFormModal>
  );
}
