import {
  competitorPlatformResource,
  exchangeOrderResource,
  returnSettlementResource,
  vehicleResource,
} from '@cp/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { displayTitle, emptyText, formatMoney, formatPlain, formTitle, renderValue } from './format';

const fields = vehicleResource.fields;

describe('showing field values', () => {
  it('shows money in fen as yuan with two decimals', () => {
    expect(formatMoney(12345678)).toBe('¥123,456.78');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatPlain(fields.purchasePrice, 100)).toBe('¥1.00');
    expect(displayTitle(fields.purchasePrice)).toBe('采购价');
  });

  it('shows a balance owed to the customer as 应退, by the field’s declaration, in lists, details and history', () => {
    const { total } = returnSettlementResource.fields;
    expect(formatPlain(total, -403_000)).toBe('应退 ¥4,030.00');
    expect(formatPlain(total, 403_000)).toBe('¥4,030.00');
    expect(renderValue('total', total, { total: -403_000 })).toBe('应退 ¥4,030.00');
    expect(formatPlain(exchangeOrderResource.fields.rentDifference, -50_000)).toBe('减收 ¥500.00');
    expect(formatMoney(-300_000)).toBe('-¥3,000.00');
  });

  it('shows a rate kept in basis points as a percentage, and asks for it in percent', () => {
    const { commissionCap } = competitorPlatformResource.fields;
    expect(formatPlain(commissionCap, 2250)).toBe('22.50%');
    expect(renderValue('commissionCap', commissionCap, { commissionCap: 900 })).toBe('9.00%');
    expect(formatPlain(vehicleResource.fields.mileage, 2250)).toBe('2250');
    expect(formTitle(commissionCap)).toBe('抽成上限（%）');
  });

  it('shows enumeration labels, dates and empty values', () => {
    expect(formatPlain(fields.stage, 2)).toBe('整备中');
    expect(formatPlain(fields.registrationDate, '2024-03-01')).toBe('2024-03-01');
    expect(formatPlain(fields.updatedAt, '2024-03-01T02:03:04.000Z')).toMatch(/^2024-03-01 \d\d:03:04$/);
    expect(formatPlain(fields.remark, null)).toBe('—');
    expect(formatPlain(fields.labels, ['网约车', '新车'])).toBe('网约车、新车');
  });

  it('shows one mark for an empty value of every kind, in lists, descriptions and history alike', () => {
    const empty = { id: '1', plateNo: null, mileage: null, purchasePrice: null, registrationDate: null, stage: null };
    const blank = { ...empty, modelId: null, modelName: '', labels: [], attachments: [], remark: '' };
    for (const [name, def] of vehicleResource.entries) {
      expect(renderValue(name, def, blank), name).toBe(emptyText);
      expect(formatPlain(def, blank[name as keyof typeof blank] ?? null), name).toBe(emptyText);
    }
    expect(emptyText).toBe('—');
  });

  it('names a referenced row by the name the API sent beside its id', () => {
    const row = { id: '1', modelId: '3', modelName: '秦PLUS EV 2023款 510km', cityId: '2', cityName: '' };
    expect(renderValue('modelId', fields.modelId, row)).toBe('秦PLUS EV 2023款 510km');
    expect(renderValue('cityId', fields.cityId, row)).toBe('2');
  });

  it('shows tags as tags', () => {
    render(<div>{renderValue('labels', fields.labels, { id: '1', labels: ['网约车', '新车'] })}</div>);
    expect(screen.getByText('网约车').closest('.ant-tag')).toBeTruthy();
    expect(screen.getByText('新车')).toBeTruthy();
  });
});

describe('values a detail page shows that are not plain', () => {
  it('reads a list of small records as a count and never throws on a record without a prototype', () => {
    const parts = [Object.assign(Object.create(null), { personKind: 1, personId: '7', weight: 3 })];
    expect(formatPlain({ kind: 'items' }, parts)).toBe('1项');
    expect(formatPlain({ kind: 'text' }, parts[0])).toBe('{"personKind":1,"personId":"7","weight":3}');
  });
});
