import { vehicleScreens } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { arrangeColumns, moveColumn, preferenceOf, toggleColumn } from './columnLayout';

const gps = vehicleScreens.gpsList;
const names = (layout: ReturnType<typeof arrangeColumns>) => layout.map((column) => column.name);

describe('a list’s columns as the user arranged them', () => {
  it('is the screen’s own order without a setting: identity, key columns, the rest', () => {
    const layout = arrangeColumns(gps, null);
    expect(names(layout).slice(0, 4)).toEqual(['plateNo', 'gpsDeviceNo', 'gpsLastSeenAt', 'vin']);
    expect(layout[0]).toEqual({ name: 'plateNo', hidden: false, locked: true });
    expect(layout.some((column) => column.hidden)).toBe(false);
  });

  it('follows the saved order, keeping the identity first and shown whatever was saved', () => {
    const rest = gps.columns.filter((name) => name !== 'plateNo').reverse();
    const layout = arrangeColumns(gps, { order: rest, hidden: ['plateNo', 'vin'] });
    expect(names(layout)).toEqual(['plateNo', ...rest]);
    expect(layout.filter((column) => column.hidden).map((column) => column.name)).toEqual(['vin']);
  });

  it('puts a column the screen gained since after the column it follows by default, and drops one it lost', () => {
    const saved = ['vin', 'gpsDeviceNo', 'engineNo', 'modelId', 'energyType', 'cityId', 'companyId', 'mileage'];
    const layout = arrangeColumns(gps, { order: [...saved, 'updatedAt'], hidden: [] });
    expect(names(layout).slice(0, 5)).toEqual(['plateNo', 'vin', 'gpsDeviceNo', 'gpsLastSeenAt', 'modelId']);
    expect(names(layout)).not.toContain('engineNo');
    expect(new Set(names(layout))).toEqual(new Set(gps.columns));
  });

  it('hides, shows and moves a column, but never the identity, and saves only what the user chose', () => {
    const layout = arrangeColumns(gps, null);
    expect(toggleColumn(layout, 'plateNo')).toEqual(layout);
    const hidden = toggleColumn(layout, 'vin');
    expect(preferenceOf(hidden).hidden).toEqual(['vin']);
    expect(preferenceOf(toggleColumn(hidden, 'vin')).hidden).toEqual([]);
    expect(names(moveColumn(layout, 'gpsDeviceNo', -1))).toEqual(names(layout));
    expect(names(moveColumn(layout, 'gpsDeviceNo', 1)).slice(0, 3)).toEqual([
      'plateNo',
      'gpsLastSeenAt',
      'gpsDeviceNo',
    ]);
    expect(preferenceOf(layout).order).not.toContain('plateNo');
  });
});
