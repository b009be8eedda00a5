import { vehicleResource } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { resourceExportColumns, resourceExportFilters } from '../src/exports/resource';

describe('exports of declared resources', () => {
  const columns = resourceExportColumns(vehicleResource);
  const byHeader = new Map(columns.map((column) => [column.header, column]));

  it('takes the export fields with their Chinese titles, in declaration order', () => {
    const expected = vehicleResource.exportColumns.map(({ def }) => def.title);
    expect(columns.map((column) => column.header)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(3);
  });

  it('shows enumeration labels, referenced names and Beijing times, never raw values', () => {
    for (const { name, def } of vehicleResource.exportColumns) {
      const column = byHeader.get(def.title);
      if (def.kind === 'enum' && def.enumDef) {
        const [option] = def.enumDef.options;
        expect(column?.value({ [name]: option?.value })).toBe(option?.label);
      }
      if (def.kind === 'ref')
        expect(column?.value({ [name]: 7, [`${name.replace(/Id$/, '')}Name`]: '北京' })).toBe('北京');
      if (def.kind === 'datetime') {
        expect(column?.value({ [name]: new Date('2025-06-01T00:30:00Z') })).toBe('2025-06-01 08:30:00');
      }
      if (def.kind === 'money') expect(column?.value({ [name]: 123456 })).toBe(1234.56);
    }
  });

  it('takes the list’s filters without paging and sorting, and refuses unknown ones', () => {
    const filters = resourceExportFilters(vehicleResource);
    expect(filters.safeParse({ page: 2 }).success).toBe(false);
    expect(filters.safeParse({}).success).toBe(true);
    const [first] = vehicleResource.filters;
    expect(first).toBeDefined();
  });
});
