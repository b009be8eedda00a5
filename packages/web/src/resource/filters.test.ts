import { vehicleResource } from '@cp/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { searchFieldNames, toFormValues, toUrlFilters } from './filters';

const names = ['plateNo', 'energyType', 'cityId', 'stage', 'nextInspectionDate'];

describe('filters between the URL and the search form', () => {
  it('reads each kind of filter from its URL text', () => {
    const values = toFormValues(vehicleResource, {
      plateNo: '京A',
      energyType: '1',
      cityId: '12',
      stage: '0,3',
      nextInspectionDate: '2025-01-01,2025-06-30',
      rentStatus: '',
    });
    expect(values.plateNo).toBe('京A');
    expect(values.energyType).toBe(1);
    expect(values.cityId).toBe('12');
    expect(values.stage).toEqual([0, 3]);
    const [from, to] = values.nextInspectionDate as [dayjs.Dayjs, dayjs.Dayjs];
    expect([from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')]).toEqual(['2025-01-01', '2025-06-30']);
    expect(values.rentStatus).toBeUndefined();
  });

  it('writes a date range as YYYY-MM-DD,YYYY-MM-DD and a multiple choice as a comma list', () => {
    const filters = toUrlFilters(vehicleResource, names, {
      plateNo: ' 京A ',
      energyType: 0,
      stage: [1, 2],
      nextInspectionDate: [dayjs('2025-03-01'), dayjs('2025-03-31')],
    });
    expect(filters).toEqual({
      plateNo: '京A',
      energyType: '0',
      cityId: '',
      stage: '1,2',
      nextInspectionDate: '2025-03-01,2025-03-31',
    });
  });

  it('offers the declared filters, minus those a screen holds fixed', () => {
    expect(searchFieldNames(vehicleResource)).toEqual(vehicleResource.filters);
    expect(searchFieldNames(vehicleResource, { only: ['plateNo', 'stage'], fixed: { stage: '0' } })).toEqual([
      'plateNo',
    ]);
    expect(() => searchFieldNames(vehicleResource, { only: ['engineNo'] })).toThrow('declares no filter');
  });
});
