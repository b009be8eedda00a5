import { maintenanceResource, vehicleResource } from '@cp/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchPanel } from '../widgets';
import { buildSearchItems } from './buildSearchItems';
import { resetServer } from './testing/fakeServer';
import { serveLookups } from './testing/lookups';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  resetServer();
  serveLookups();
});

const placeholderOf = (label: string) => {
  const field = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  const shown = field?.querySelector('input[placeholder], .ant-select-placeholder, .ant-select-selection-placeholder');
  return shown?.getAttribute('placeholder') ?? shown?.textContent;
};

describe('the search panel of a resource', () => {
  it('asks for each filter as the form does: 请输入 what is typed, 请选择 what is picked', () => {
    const only = ['plateNo', 'cityId', 'energyType', 'stage'];
    renderWithShell(
      <SearchPanel onSearch={() => {}} defaultCollapsed={false}>
        {buildSearchItems(vehicleResource, { only })}
      </SearchPanel>,
    );
    expect(placeholderOf('车牌号')).toBe('请输入车牌号');
    expect(placeholderOf('城市')).toBe('请选择城市');
    expect(placeholderOf('能源类型')).toBe('请选择能源类型');
    expect(placeholderOf('车辆阶段')).toBe('请选择车辆阶段');
  });

  it('words an enumeration filter of a record the same way', () => {
    renderWithShell(
      <SearchPanel onSearch={() => {}} defaultCollapsed={false}>
        {buildSearchItems(maintenanceResource, { only: ['plateNo', 'type', 'vendor'] })}
      </SearchPanel>,
    );
    expect(placeholderOf('车牌号')).toBe('请输入车牌号');
    expect(placeholderOf('维保类型')).toBe('请选择维保类型');
    expect(placeholderOf('维保单位')).toBe('请输入维保单位');
  });
});
