import type { ResourceRecord } from '../../resource';

/** 收回: a temporary delivery not yet recalled. */
export const canRecall = (row: ResourceRecord): boolean => row.endedAt === null || row.endedAt === undefined;

/** 验收 of a return and 处理 of a risk: only while the row is still open (status 0). */
export const isOpen = (row: ResourceRecord): boolean => row.status === 0;

/** Vehicles the pickers offer: 调车 takes vehicles in 已验车, 整备中, 待出库 or 在库. */
export const pickerStages = {
  temporaryDelivery: [7],
  carReturn: [5],
  shunting: [1, 2, 3, 7],
} as const;

/** The query of the vehicle picker: the first vehicles in these stages whose plate contains `search`. */
export function vehiclePickerQuery(stages: readonly number[] | undefined, search: string): Record<string, unknown> {
  const plateNo = search.trim();
  return {
    page: 1,
    limit: 20,
    ...(stages ? { stage: stages.join(',') } : {}),
    ...(plateNo ? { plateNo } : {}),
  };
}
