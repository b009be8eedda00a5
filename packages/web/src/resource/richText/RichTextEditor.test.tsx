import { richTextImageUpload } from '@cp/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, resetServer, serve } from '../testing/fakeServer';
import { RichTextInput } from './RichTextInput';

vi.mock('../../request', () => import('../testing/requestMock'));

beforeAll(() => {
  // ProseMirror measures the selection to scroll it into view; jsdom lays nothing out.
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;
  document.elementFromPoint = () => null;
});
beforeEach(() => resetServer());

/** A form's field: the editor holding its value, every change reported. */
function Field({ initial, onValue }: { initial: string; onValue: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <App>
      <RichTextInput
        title="正文"
        value={value}
        onChange={(html) => {
          setValue(html);
          onValue(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>重新载入的正文</p>')}>
        载入
      </button>
    </App>
  );
}

async function renderField(initial = '<p>交车前必看</p>') {
  const onValue = vi.fn();
  render(<Field initial={initial} onValue={onValue} />);
  const area = await screen.findByRole('textbox', { name: '正文' });
  return { onValue, area };
}

describe('the rich-text control', () => {
  it('is loaded when the form has one, shows the value and takes a new one from outside', async () => {
    const { area, onValue } = await renderField();
    expect(area.innerHTML).toBe('<p>交车前必看</p>');
    fireEvent.click(screen.getByRole('button', { name: '载入' }));
    await waitFor(() => expect(area.innerHTML).toBe('<p>重新载入的正文</p>'));
    // Loading a value is not an edit.
    expect(onValue).not.toHaveBeenCalled();
  });

  it('formats from the toolbar and undoes it, reporting the HTML each time', async () => {
    const { onValue } = await renderField();
    fireEvent.click(screen.getByRole('button', { name: '二级标题' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<h2>交车前必看</h2>'));
    fireEvent.click(screen.getByRole('button', { name: '引用' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<blockquote><h2>交车前必看</h2></blockquote>'));
    fireEvent.click(screen.getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<h2>交车前必看</h2>'));
  });

  it('uploads a picture to the console and inserts it; refuses what is not a picture', async () => {
    serve('POST', richTextImageUpload, {
      fileLocation: 'public/2026/11/ab.png',
      url: '/api/files/public/2026/11/ab.png',
    });
    const { onValue } = await renderField();
    const picker = screen.getByTestId('rich-text-picture');
    await act(async () => {
      fireEvent.change(picker, { target: { files: [new File(['png'], '车辆外观.png', { type: 'image/png' })] } });
    });
    await waitFor(() =>
      expect(onValue.mock.lastCall?.[0]).toContain('<img src="/api/files/public/2026/11/ab.png" alt="车辆外观">'),
    );
    expect(calls.filter((call) => call.url === richTextImageUpload)).toHaveLength(1);
    await act(async () => {
      fireEvent.change(picker, { target: { files: [new File(['%PDF'], '合同.pdf', { type: 'application/pdf' })] } });
    });
    expect(await screen.findByText('仅支持PNG、JPG、GIF、WEBP图片')).toBeTruthy();
    expect(calls.filter((call) => call.url === richTextImageUpload)).toHaveLength(1);
  });

  it('toggles a heading back into a paragraph', async () => {
    const { onValue } = await renderField('<h2>标题</h2>');
    fireEvent.click(screen.getByRole('button', { name: '二级标题' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('<p>标题</p>'));
  });
});
