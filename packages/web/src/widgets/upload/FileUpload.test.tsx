import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/errors';
import { WidgetApiProvider } from '../api/WidgetApiContext';
import type { StoredFile, UploadedFile, WidgetApi } from '../api/widgetApi';
import { FileUpload, type FileUploadProps } from './FileUpload';

vi.mock('../pdf/PdfViewer', () => ({
  PdfViewer: ({ url }: { url: string }) => <div>PDF阅读器 {url}</div>,
}));

function fileOf(name: string, megabytes = 0.01): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: megabytes * 1024 * 1024 });
  return file;
}

function Field(props: FileUploadProps & { initial?: UploadedFile[]; onValue?: (files: UploadedFile[]) => void }) {
  const { initial = [], onValue, ...rest } = props;
  const [files, setFiles] = useState(initial);
  return (
    <FileUpload
      {...rest}
      value={files}
      onChange={(next) => {
        setFiles(next);
        onValue?.(next);
      }}
    />
  );
}

function renderField(props: Parameters<typeof Field>[0] = {}, api: Partial<WidgetApi> = {}) {
  const uploadFile = vi.fn(async (file: File): Promise<StoredFile> => ({ fileLocation: `private/${file.name}` }));
  const resolveFileUrl = vi.fn(async (location: string) => `https://oss.example.com/${location}`);
  render(
    <WidgetApiProvider api={{ uploadFile, resolveFileUrl, ...api }}>
      <Field {...props} />
    </WidgetApiProvider>,
  );
  return { uploadFile, resolveFileUrl };
}

function choose(...files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

const stored = (name: string): UploadedFile => ({
  fileLocation: `private/${name}`,
  attachmentName: name,
  fileExtensions: name.split('.').pop() ?? '',
});

describe('FileUpload', () => {
  it('refuses a file over maxSize with 上传文件大小不能超过5MB!', async () => {
    const { uploadFile } = renderField({ maxSizeMb: 5 });
    choose(fileOf('big.pdf', 6));
    expect(await screen.findByText('上传文件大小不能超过5MB!')).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('refuses an extension outside the accepted list with 文件格式不正确!', async () => {
    const { uploadFile } = renderField({ accept: ['pdf', 'png'] });
    choose(fileOf('virus.exe'));
    expect(await screen.findByText('文件格式不正确!')).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('shows progress and 文件上传中... while uploading, then lists the file', async () => {
    let finish: (file: StoredFile) => void = () => {};
    const onValue = vi.fn();
    renderField(
      { onValue },
      {
        uploadFile: (_file, onProgress) =>
          new Promise((resolve) => {
            onProgress?.(40);
            finish = resolve;
          }),
      },
    );
    choose(fileOf('合同.pdf'));
    const status = await screen.findByRole('status');
    expect(within(status).getByText(/文件上传中\.\.\./)).toBeTruthy();
    expect(within(status).getByText('40%')).toBeTruthy();
    await act(async () => finish({ fileLocation: 'private/2024/合同.pdf', fileTempUrl: 'https://oss/t.pdf' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: '合同.pdf' })).toBeTruthy();
    expect(onValue).toHaveBeenLastCalledWith([
      {
        fileLocation: 'private/2024/合同.pdf',
        attachmentName: '合同.pdf',
        fileExtensions: 'pdf',
        url: 'https://oss/t.pdf',
      },
    ]);
  });

  it("shows the server's message when the upload answers a non-zero code", async () => {
    renderField({}, { uploadFile: () => Promise.reject(new RequestError(1000, '存储空间已满', 'business')) });
    choose(fileOf('a.pdf'));
    expect(await screen.findByText('存储空间已满')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'a.pdf' })).toBeNull();
  });

  it('takes five files by default, then hides the upload button', async () => {
    const initial = ['1.pdf', '2.pdf', '3.pdf', '4.pdf'].map(stored);
    const { uploadFile } = renderField({ initial });
    choose(fileOf('5.pdf'), fileOf('6.pdf'));
    expect(await screen.findByText('最多只能上传5个文件!')).toBeTruthy();
    await screen.findByRole('button', { name: '5.pdf' });
    expect(uploadFile).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: '上传文件' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除 5.pdf' }));
    expect(screen.getByRole('button', { name: '上传文件' })).toBeTruthy();
  });

  it('previews an image and a PDF in the 查看附件 dialog', async () => {
    const { resolveFileUrl } = renderField({ initial: [stored('行驶证.jpg'), stored('合同.pdf')] });
    fireEvent.click(screen.getByRole('button', { name: '行驶证.jpg' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('查看附件')).toBeTruthy();
    const image = (await within(dialog).findByRole('img', { name: '行驶证.jpg' })) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('https://oss.example.com/private/行驶证.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: '合同.pdf' }));
    expect(await screen.findByText('PDF阅读器 https://oss.example.com/private/合同.pdf')).toBeTruthy();
    expect(resolveFileUrl).toHaveBeenCalledWith('private/合同.pdf');
  });
});
