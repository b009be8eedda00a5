import { vehicleResource } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { vehicleFormGroups, vehicleGroups } from './groups';

describe('vehicle sections', () => {
  it('place every vehicle field in exactly one section of the detail view, attachments aside', () => {
    const placed = vehicleGroups.flatMap((group) => group.fields);
    expect(new Set(placed).size).toBe(placed.length);
    const all = vehicleResource.entries
      .filter(([name, def]) => def.detail && name !== 'attachments')
      .map(([name]) => name);
    expect([...placed].sort()).toEqual([...all].sort());
  });

  it('let the form edit every editable field', () => {
    const placed = new Set(vehicleFormGroups.flatMap((group) => group.fields));
    const editable = vehicleResource.entries.filter(([, def]) => def.form).map(([name]) => name);
    expect(editable.filter((name) => !placed.has(name))).toEqual([]);
  });
});
