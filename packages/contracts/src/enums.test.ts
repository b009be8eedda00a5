import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineEnum, type EnumValue, enums } from './enums';

describe('defineEnum', () => {
  const mode = defineEnum('租赁模式', [
    [0, '网络裸租'],
    [1, '网络全包'],
    [2, '平台长短租'],
  ]);

  it('lists options and values in declaration order', () => {
    expect(mode.options).toEqual([
      { label: '网络裸租', value: 0 },
      { label: '网络全包', value: 1 },
      { label: '平台长短租', value: 2 },
    ]);
    expect(mode.values).toEqual([0, 1, 2]);
    expect(mode.title).toBe('租赁模式');
  });

  it('labels known values and returns an empty label for unknown or missing ones', () => {
    expect(mode.label(1)).toBe('网络全包');
    expect(mode.label(3)).toBe('');
    expect(mode.label(-1)).toBe('');
    expect(mode.label(null)).toBe('');
    expect(mode.label(undefined)).toBe('');
  });

  it('recognises only its own numeric values', () => {
    expect(mode.has(0)).toBe(true);
    expect(mode.has(2)).toBe(true);
    expect(mode.has(3)).toBe(false);
    expect(mode.has('0')).toBe(false);
    expect(mode.has(null)).toBe(false);
    expect(mode.has(1.5)).toBe(false);
  });

  it('parses its values and rejects others with a message naming the enumeration', () => {
    expect(mode.schema.parse(2)).toBe(2);
    for (const invalid of [3, '1', null, undefined, 0.5]) {
      const result = mode.schema.safeParse(invalid);
      expect(result.success, String(invalid)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('租赁模式取值无效');
    }
  });

  it('narrows values to the declared literals', () => {
    expectTypeOf(mode.values).toEqualTypeOf<(0 | 1 | 2)[]>();
    expectTypeOf<EnumValue<'leaseOrderStatus'>>().toEqualTypeOf<0 | 1 | 2 | 3 | 4>();
  });
});

describe('enums of SPEC.md §3', () => {
  it('declares the 25 enumerations', () => {
    expect(Object.keys(enums)).toHaveLength(25);
  });

  it('keeps the spec values and their labels', () => {
    expect(enums.rentalMode.label(2)).toBe('平台长短租');
    expect(enums.orderType.label(1)).toBe('以租代购');
    expect(enums.leaseOrderStatus.options.map((option) => option.label)).toEqual([
      '已取消',
      '待审批',
      '审批中',
      '履约中',
      '已完成',
    ]);
    expect(enums.returnStatus.label(2)).toBe('已退车');
    expect(enums.couponUse.label(1)).toBe('支付超时');
    expect(enums.couponUse.label(4)).toBe('已过期');
    expect(enums.verification.label(2)).toBe('已核销');
    expect(enums.businessAppointmentItem.values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(enums.businessAppointmentItem.label(11)).toBe('其他');
    expect(enums.powerOffReason.label(0)).toBe('欠租');
    expect(enums.approveStatus.label(2)).toBe('已驳回');
    expect(enums.yesNo.label(0)).toBe('否');
    expect(enums.haveOrNot.label(1)).toBe('有');
  });

  it('keeps both "leased" car-rent values and both "approved" approval values', () => {
    expect(enums.carRentStatus.label(0)).toBe('已租赁');
    expect(enums.carRentStatus.label(3)).toBe('已租赁');
    expect(enums.carRentStatus.schema.safeParse(3).success).toBe(true);
    expect(enums.approvalStatus.label(1)).toBe(enums.approvalStatus.label(2));
  });

  it('gives every enumeration a title, unique values counted from 0 and non-empty labels', () => {
    for (const [name, definition] of Object.entries(enums)) {
      expect(definition.title, name).not.toBe('');
      expect(definition.values, name).toEqual(definition.values.map((_, index) => index));
      for (const option of definition.options) expect(option.label, name).not.toBe('');
    }
  });

  it('rejects an out-of-range value with the enumeration title', () => {
    const result = enums.powerOffReason.schema.safeParse(6);
    expect(result.error?.issues[0]?.message).toBe('断电原因取值无效');
  });
});
