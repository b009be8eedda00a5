import {
  maintenanceResource,
  policyResource,
  rideHailingDriverResource,
  userResource,
  vehicleResource,
} from '@cp/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchPanel } from '../widgets';
import { buildSearchItems } from './buildSearchItems';
import { fieldControl } from './FieldInput';
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

  it('asks for one city of a field linking several (the policies of a city), not a multiple choice', () => {
    renderWithShell(
      <SearchPanel onSearch={() => {}} defaultCollapsed={false}>
        {buildSearchItems(policyResource, { only: ['cityIds'] })}
      </SearchPanel>,
    );
    expect(placeholderOf('适用城市')).toBe('请选择适用城市');
    const field = screen.getByText('适用城市', { selector: 'label' }).closest('.ant-form-item');
    expect(field?.querySelector('.ant-select')).not.toBeNull();
    expect(field?.querySelector('.ant-select-multiple')).toBeNull();
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

  it('says how to search a mobile number, while its form field says what to type', () => {
    for (const resource of [rideHailingDriverResource, userResource]) {
      const { unmount } = renderWithShell(
        <SearchPanel onSearch={() => {}} defaultCollapsed={false}>
          {buildSearchItems(resource, { only: ['mobile'] })}
        </SearchPanel>,
      );
      expect(placeholderOf('手机号'), resource.key).toBe('输入完整号码或尾号');
      unmount();
      const mobile = resource.fields.mobile;
      if (!mobile) throw new Error(`${resource.key} has no mobile`);
      const { props } = fieldControl(mobile).control as { props: { placeholder?: string } };
      expect(props.placeholder, resource.key).toBe('请输入11位手机号');
    }
  });
});
