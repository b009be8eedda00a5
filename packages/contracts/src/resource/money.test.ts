import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index';
import { exchangeOrderResource } from '../orders/exchanges';
import { returnSettlementResource } from '../orders/returns';
import { fields } from './fields';
import { balance, formatYuan, titleInYuan } from './money';
import type { Resource } from './resource';

describe('money as people read it', () => {
  it('shows fen as yuan with two decimals and thousands separators', () => {
    expect(formatYuan(12345678)).toBe('¥123,456.78');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(0)).toBe('¥0.00');
  });

  it('reads a balance owed to the customer as 应退, never as a minus sign', () => {
    expect(formatYuan(-403000, balance)).toBe('应退 ¥4,030.00');
    expect(formatYuan(403000, balance)).toBe('¥4,030.00');
    expect(formatYuan(-403000)).toBe('-¥4,030.00');
    expect(formatYuan(-50000, { negativeAs: '减收' })).toBe('减收 ¥500.00');
  });

  it('asks for an amount in yuan', () => {
    expect(titleInYuan('承诺还款金额')).toBe('承诺还款金额（元）');
    expect(titleInYuan('分配金额（元）')).toBe('分配金额（元）');
  });

  it('keeps how a signed field reads on its declaration: a settlement’s total is a balance, a rent difference 减收', () => {
    expect(returnSettlementResource.fields.total.negativeAs).toBe('应退');
    expect(returnSettlementResource.fields.chargesDue.negativeAs).toBe('应退');
    expect(exchangeOrderResource.fields.rentDifference.negativeAs).toBe('减收');
    expect(fields.money('押金').negativeAs).toBeUndefined();
    expect(fields.money('结算金额', { signed: balance }).input.safeParse(-1).success).toBe(true);
    expect(fields.money('押金').input.safeParse(-1).success).toBe(false);
  });
});

const everything = Object.values(contracts) as unknown[];
const isResource = (value: unknown): value is Resource =>
  typeof value === 'object' && value !== null && 'fields' in value && 'endpoint' in value && 'key' in value;

/** The money fields of every exported request schema and resource lifecycle body, by title. */
function moneyBodyTitles(): string[] {
  const schemas = everything.filter((value): value is z.ZodObject => value instanceof z.ZodObject);
  for (const resource of everything.filter(isResource)) {
    for (const transition of resource.lifecycle?.transitions ?? []) {
      if (transition.body instanceof z.ZodObject) schemas.push(transition.body);
    }
  }
  const titles: string[] = [];
  for (const schema of schemas) {
    for (const field of Object.values(schema.shape) as z.ZodType[]) {
      let current = field as unknown as { def: { innerType?: unknown }; meta(): Record<string, unknown> | undefined };
      let money = false;
      let title: unknown;
      for (;;) {
        money ||= current.meta()?.money === true;
        title ??= current.meta()?.title;
        if (!current.def.innerType) break;
        current = current.def.innerType as typeof current;
      }
      if (money) titles.push(String(title));
    }
  }
  return titles;
}

describe('every money field of every family', () => {
  it('is titled without a unit: forms add （元）, the API document says 分', () => {
    const fieldTitles = everything
      .filter(isResource)
      .flatMap((resource) => Object.values(resource.fields).filter((def) => def.kind === 'money'))
      .map((def) => def.title);
    const bodyTitles = moneyBodyTitles();
    expect(fieldTitles.length).toBeGreaterThan(50);
    expect(bodyTitles).toEqual(expect.arrayContaining(['承诺还款金额', '减免金额', '分配金额', '月租差额']));
    for (const title of [...fieldTitles, ...bodyTitles]) expect(title).not.toMatch(/[（(][分元][）)]/);
  });

  it('words its bounds in yuan, as people type it', () => {
    const promise = contracts.callBody.shape.promiseAmount;
    expect(promise.safeParse(0).error?.issues[0]?.message).toBe('应大于0');
    expect(promise.safeParse(100_000_001).error?.issues[0]?.message).toBe('不能大于1,000,000.00元');
    expect(promise.safeParse(12.5).error?.issues[0]?.message).toBe('金额最多两位小数');
  });
});
