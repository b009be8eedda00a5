import { describe, expect, it } from 'vitest';
import { canRecall, isOpen, pickerStages, vehiclePickerQuery } from './rowRules';

describe('row rules', () => {
  it('offers 收回 only for a temporary delivery not yet ended', () => {
    expect(canRecall({ id: '1', endedAt: null })).toBe(true);
    expect(canRecall({ id: '1' })).toBe(true);
    expect(canRecall({ id: '1', endedAt: '2024-05-01T08:00:00.000Z' })).toBe(false);
  });

  it('offers 验收 and 处理 only while the row is open (status 0)', () => {
    expect(isOpen({ id: '1', status: 0 })).toBe(true);
    expect(isOpen({ id: '1', status: 1 })).toBe(false);
  });
});

describe('vehicle picker query', () => {
  it('asks for the stages the action takes, and the plate typed', () => {
    expect(vehiclePickerQuery(pickerStages.shunting, ' 京A ')).toEqual({
      page: 1,
      limit: 20,
      stage: '1,2,3,7',
      plateNo: '京A',
    });
    expect(vehiclePickerQuery(pickerStages.temporaryDelivery, '')).toEqual({ page: 1, limit: 20, stage: '7' });
    expect(vehiclePickerQuery(undefined, '')).toEqual({ page: 1, limit: 20 });
  });
});
