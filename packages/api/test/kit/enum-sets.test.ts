import { defineEnum, defineResource, fields } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { resourceExportColumns } from '../../src/exports/resource';
import { distinctNumbers } from '../../src/resource/dto';
import { checkRow } from '../../src/resource/import';

const terms = defineEnum('约定事项', [
  [0, '阶梯租金'],
  [1, '车辆整备'],
  [8, '违约金'],
]);
const def = fields.enumsOf(terms, { import: true });
const column = { name: 'items', def, header: def.title };

describe('a field of several enumeration values', () => {
  it('takes known values only, at most one of each option', () => {
    expect(def.input.safeParse([8, 0]).success).toBe(true);
    expect(def.input.safeParse([]).success).toBe(true);
    expect(def.input.safeParse([5]).success).toBe(false);
    expect(fields.enumsOf(terms, { required: true }).input.safeParse([]).error?.issues[0]?.message).toBe(
      '至少选择一项',
    );
  });

  it('is kept as a set: each value once, in order', () => {
    expect(distinctNumbers([8, 0, 8, 1])).toEqual([0, 1, 8]);
    expect(distinctNumbers(null)).toEqual([]);
  });

  it('is exported as its labels and imported from them, naming a label it does not know', () => {
    const [exported] = resourceExportColumns({ exportColumns: [{ name: 'items', def }] } as never);
    expect(exported?.value({ items: [0, 8] })).toBe('阶梯租金、违约金');
    expect(exported?.value({ items: [] })).toBe('');
    const read = (text: string) => checkRow([column], { row: 2, cells: [text] }, new Map());
    expect(read('违约金，阶梯租金').input).toEqual({ items: [8, 0] });
    expect(read('违约金、包月').problems).toEqual([
      { row: 2, field: '约定事项', message: '「包月」应为阶梯租金、车辆整备或违约金' },
    ]);
  });
});

describe('a filter on a field of several enumeration values', () => {
  const resource = defineResource({
    key: 'enumSetFixture',
    title: '约定',
    page: 'commonTags',
    endpoint: '/api/enum-set-fixtures',
    defaultSort: { field: 'items', order: 'asc' },
    fields: { items: fields.enumsOf(terms, { filter: 'eq' }) },
  });

  it("takes one of the enumeration's values, as a number, and refuses any other", () => {
    expect(resource.listQuery.parse({ items: '8' })).toMatchObject({ items: 8 });
    expect(resource.listQuery.safeParse({ items: '5' }).error?.issues[0]?.message).toBe('取值无效，可选值：0、1、8');
    expect(resource.listQuery.safeParse({ items: 'x' }).success).toBe(false);
  });
});
