import { vehicleResource } from '@cp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResourceDescriptions } from './ResourceDescriptions';
import { renderWithShell } from './testing/render';
import { vehicleRow } from './testing/vehicleRow';

vi.mock('../request', () => import('./testing/requestMock'));

function shownValue(label: string): string | null {
  const cell = screen.getByText(label).closest('th, .ant-descriptions-item-label');
  return cell?.nextElementSibling?.textContent ?? null;
}

describe('ResourceDescriptions', () => {
  it('shows every field of each section with its title and shown value', () => {
    renderWithShell(
      <ResourceDescriptions
        resource={vehicleResource}
        record={vehicleRow()}
        groups={[
          { title: '基本信息', fields: ['plateNo', 'modelId', 'brandId', 'energyType', 'purchasePrice'] },
          { title: '保险信息', fields: ['compulsoryEnd', 'commercialInsurer'] },
        ]}
      />,
    );
    const basics = screen.getByText('基本信息').closest('.ant-descriptions') as HTMLElement;
    expect(within(basics).getByText('京AD12345')).toBeTruthy();
    expect(shownValue('车型')).toBe('秦PLUS EV 2023款 510km');
    expect(shownValue('品牌')).toBe('比亚迪');
    expect(shownValue('能源类型')).toBe('纯电动');
    expect(shownValue('采购价')).toBe('¥123,456.78');
    expect(shownValue('交强险到期日期')).toBe('2025-02-28');
    expect(shownValue('商业险保险公司')).toBe('—');
  });

  it('names stored files as they were uploaded, and by their location when the answer has no name', () => {
    const named = 'private/2026/11/3f2a.pdf';
    const unnamed = 'private/2026/11/9c1b.jpg';
    renderWithShell(
      <ResourceDescriptions
        resource={vehicleResource}
        record={vehicleRow({ attachments: [named, unnamed], fileNames: { [named]: '行驶证扫描件.pdf' } })}
        groups={[{ title: '附件', fields: ['attachments'] }]}
      />,
    );
    expect(screen.getByRole('button', { name: /行驶证扫描件\.pdf/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /9c1b\.jpg/ })).toBeTruthy();
  });

  it('shows every field when no sections are given', () => {
    renderWithShell(<ResourceDescriptions resource={vehicleResource} record={vehicleRow()} />);
    expect(screen.getAllByRole('row').length).toBeGreaterThan(5);
    expect(screen.getByText('发动机号')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'purchase.pdf' })).toBeTruthy();
  });
});
