import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PdfViewer } from './PdfViewer';
import type { PdfDocument, PdfLoader } from './pdfDocument';
import { fileNameOf } from './saveBytes';

function fakeDocument(numPages: number) {
  const rendered: number[] = [];
  const document: PdfDocument = {
    numPages,
    getPage: async (pageNumber) => ({
      width: 600,
      height: 800,
      render: () => {
        rendered.push(pageNumber);
        return { promise: Promise.resolve(), cancel: () => {} };
      },
    }),
    getData: async () => new Uint8Array([37, 80, 68, 70]),
    destroy: vi.fn(),
  };
  return { document, rendered };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const pageBox = () => screen.getByRole('textbox', { name: '页码' }) as HTMLInputElement;

function typePage(value: string) {
  fireEvent.change(pageBox(), { target: { value } });
  fireEvent.keyDown(pageBox(), { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(pageBox(), { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('PdfViewer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the loading text until the document opens, then its first page', async () => {
    const { document, rendered } = fakeDocument(12);
    let open: (value: PdfDocument) => void = () => {};
    const load: PdfLoader = () => new Promise((resolve) => (open = resolve));
    render(<PdfViewer url="/files/contract.pdf" loadDocument={load} />);
    expect(screen.getByText('加载中，文件较大请耐心等待...')).toBeTruthy();
    open(document);
    await screen.findByText('/ 12');
    expect(screen.queryByText('加载中，文件较大请耐心等待...')).toBeNull();
    expect(pageBox().value).toBe('1');
    expect(button('首页').disabled).toBe(true);
    expect(button('上一页').disabled).toBe(true);
    await waitFor(() => expect(rendered).toEqual([1]));
  });

  it('pages with 首页, 上一页, 下一页 and 尾页', async () => {
    const { document, rendered } = fakeDocument(12);
    render(<PdfViewer url="/files/contract.pdf" loadDocument={async () => document} />);
    await screen.findByText('/ 12');
    fireEvent.click(button('下一页'));
    expect(pageBox().value).toBe('2');
    fireEvent.click(button('尾页'));
    expect(pageBox().value).toBe('12');
    await waitFor(() => expect(rendered.at(-1)).toBe(12));
    expect(button('下一页').disabled).toBe(true);
    fireEvent.click(button('上一页'));
    expect(pageBox().value).toBe('11');
    fireEvent.click(button('首页'));
    expect(pageBox().value).toBe('1');
    await waitFor(() => expect(rendered.at(-1)).toBe(1));
  });

  it('clamps a typed page between 1 and the page count', async () => {
    const { document } = fakeDocument(12);
    render(<PdfViewer url="/files/contract.pdf" loadDocument={async () => document} />);
    await screen.findByText('/ 12');
    typePage('99');
    expect(pageBox().value).toBe('12');
    typePage('0');
    expect(pageBox().value).toBe('1');
    typePage('7');
    expect(pageBox().value).toBe('7');
    typePage('abc');
    expect(pageBox().value).toBe('7');
    fireEvent.change(pageBox(), { target: { value: '30' } });
    fireEvent.blur(pageBox());
    expect(pageBox().value).toBe('12');
  });

  it('reports a failed load with a 失败 notification', async () => {
    render(<PdfViewer url="/files/missing.pdf" loadDocument={() => Promise.reject(new Error('404'))} />);
    expect(await screen.findByText('失败')).toBeTruthy();
    expect(screen.getByText('接口请求失败')).toBeTruthy();
  });

  it('downloads the loaded bytes under the file name with 下载附件', async () => {
    const { document } = fakeDocument(1);
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(<PdfViewer url="/files/a.pdf?sig=1" fileName="租赁合同.pdf" loadDocument={async () => document} />);
    await screen.findByText('/ 1');
    fireEvent.click(button('下载附件'));
    await waitFor(() => expect(clicked).toEqual(['租赁合同.pdf']));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(fileNameOf('https://oss.example.com/a/%E5%90%88%E5%90%8C.pdf?sig=1')).toBe('合同.pdf');
  });

  it('closes the document when it goes away', async () => {
    const { document } = fakeDocument(3);
    const { unmount } = render(<PdfViewer url="/files/a.pdf" loadDocument={async () => document} />);
    await screen.findByText('/ 3');
    unmount();
    expect(document.destroy).toHaveBeenCalled();
  });
});
