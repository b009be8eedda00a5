import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceRecord } from '../resource';
import { WidgetApiProvider } from '../widgets/api/WidgetApiContext';
import { RegulationPdf } from './RegulationPdf';

vi.mock('../widgets/pdf/PdfViewer', () => ({
  PdfViewer: ({ url, fileName }: { url: string; fileName?: string }) => (
    <div>
      PDF阅读器 {url} {fileName}
    </div>
  ),
}));

function renderPdf(record: ResourceRecord, resolveFileUrl = vi.fn(async (location: string) => `/signed/${location}`)) {
  render(
    <WidgetApiProvider api={{ uploadFile: vi.fn(), resolveFileUrl }}>
      <RegulationPdf record={record} />
    </WidgetApiProvider>,
  );
  return resolveFileUrl;
}

describe('RegulationPdf', () => {
  it('opens the version’s PDF in the reader through a signed address, under the name it was uploaded with', async () => {
    const location = 'private/2026/11/ab12.pdf';
    const resolve = renderPdf({ id: '7', file: [location], fileNames: { [location]: '安全生产责任制（V2.0）.pdf' } });
    expect(await screen.findByText(`PDF阅读器 /signed/${location} 安全生产责任制（V2.0）.pdf`)).toBeTruthy();
    expect(resolve).toHaveBeenCalledWith(location);
    expect(screen.getByText('制度全文')).toBeTruthy();
  });

  it('says why when the address cannot be had', async () => {
    renderPdf(
      { id: '7', file: ['private/x.pdf'] },
      vi.fn(async () => Promise.reject(new Error('文件不存在或已过期'))),
    );
    expect(await screen.findByText('文件不存在或已过期')).toBeTruthy();
  });

  it('shows nothing for a version without a file', () => {
    const { container } = render(
      <WidgetApiProvider api={{ uploadFile: vi.fn(), resolveFileUrl: vi.fn() }}>
        <RegulationPdf record={{ id: '7', file: [] }} />
      </WidgetApiProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
