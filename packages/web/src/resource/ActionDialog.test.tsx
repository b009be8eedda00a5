import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionDialog } from './ActionDialog';
import { calls, lastCall, refuse, serve } from './testing/fakeServer';
import { fixtureFamily, fixtureRow, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

const waiting = fixtureRow({ id: '1', name: '样例一', stage: 0 });
const reviewed = fixtureRow({ id: '2', name: '样例二', stage: 1 });

const ok = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
const posts = () => calls.filter((call) => call.method === 'POST');

beforeEach(() => serveFixtures([waiting, reviewed]));

describe('ActionDialog: an action without a body', () => {
  it("asks for confirmation with the transition's question, then posts to the row's action path", async () => {
    serve('POST', '/api/fixtures/:id/archive', null);
    const onClose = vi.fn();
    renderWithShell(
      <ActionDialog
        target={{ family: fixtureFamily, action: 'archive', id: '2', record: reviewed }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定整备 样例二吗？')).toBeTruthy();
    expect(within(dialog).getByText('归档后不能再修改。')).toBeTruthy();
    expect(posts()).toEqual([]);
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/fixtures/2/archive')).toBeTruthy());
    expect(lastCall('POST', '/api/fixtures/2/archive')?.body).toBeUndefined();
    expect(await screen.findByText('整备 样例二：操作成功')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('sends nothing when cancelled', async () => {
    const onClose = vi.fn();
    renderWithShell(
      <ActionDialog
        target={{ family: fixtureFamily, action: 'archive', id: '2', record: reviewed }}
        onClose={onClose}
      />,
    );
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalled();
    expect(posts()).toEqual([]);
  });
});

describe('ActionDialog: an action with a body', () => {
  it('starts from the row only where the action says so: a row’s 备注 is not the action’s', async () => {
    renderWithShell(
      <ActionDialog
        target={{
          family: fixtureFamily,
          action: 'review',
          id: '1',
          record: { ...waiting, remark: '行的备注', score: 7 },
        }}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: '备注' }) as HTMLTextAreaElement).value).toBe('');
    expect((within(dialog).getByRole('spinbutton', { name: '评分' }) as HTMLInputElement).value).toBe('');
  });

  const review = (onClose = () => {}) =>
    renderWithShell(
      <ActionDialog target={{ family: fixtureFamily, action: 'review', id: '1', record: waiting }} onClose={onClose} />,
    );

  it("generates the body's fields and checks them in the schema's Chinese words before sending", async () => {
    review();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('验车 样例一')).toBeTruthy();
    const placeholder = (element: HTMLElement) => element.getAttribute('placeholder');
    expect(placeholder(within(dialog).getByRole('textbox', { name: '审核意见' }))).toBe('请输入审核意见');
    expect(placeholder(within(dialog).getByRole('spinbutton', { name: '评分' }))).toBe('请输入评分');
    ok(dialog);
    expect(await within(dialog).findByText('请输入审核意见')).toBeTruthy();
    expect(await within(dialog).findByText('请输入评分')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '评分' }), { target: { value: '120' } });
    expect(await within(dialog).findByText('评分：不能大于100')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("posts the parsed body to the action path, with the action's own files, says which action was done and closes", async () => {
    serve('POST', '/api/fixtures/:id/review', null);
    const onClose = vi.fn();
    review(onClose);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '审核意见' }), { target: { value: ' 同意 ' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '评分' }), { target: { value: '90' } });
    expect(within(dialog).getByText('审核附件')).toBeTruthy();
    expect(within(dialog).queryByText('合同.pdf')).toBeNull();
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/fixtures/1/review')).toBeTruthy());
    expect(lastCall('POST', '/api/fixtures/1/review')?.body).toEqual({ opinion: '同意', score: 90, documents: [] });
    expect(await screen.findByText('验车 样例一：操作成功')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('stays open when the server refuses the action', async () => {
    serve('POST', '/api/fixtures/:id/review', () => refuse(1000, '样例当前为「已审核」，不能验车'));
    const onClose = vi.fn();
    review(onClose);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '审核意见' }), { target: { value: '同意' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '评分' }), { target: { value: '90' } });
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/fixtures/1/review')).toBeTruthy());
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: '确定' }).className).not.toContain('loading'),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(/操作成功/)).toBeNull();
  });
});

describe('ActionDialog: started from a toolbar', () => {
  it("picks the row first, among those in the transition's from-states, and acts on the one picked", async () => {
    serve('GET', '/api/lookups/vehicles', [{ label: '样例一', value: '1' }]);
    serve('POST', '/api/fixtures/:id/review', null);
    renderWithShell(<ActionDialog target={{ family: fixtureFamily, action: 'review' }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('验车')).toBeTruthy();
    await waitFor(() => expect(lastCall('GET', '/api/lookups/vehicles')?.query).toEqual({ stage: '0' }));
    ok(dialog);
    expect(await within(dialog).findByText('请选择车辆')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '车辆' }));
    fireEvent.click(await screen.findByTitle('样例一'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '审核意见' }), { target: { value: '同意' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '评分' }), { target: { value: '80' } });
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/fixtures/1/review')).toBeTruthy());
    expect(lastCall('POST', '/api/fixtures/1/review')?.body).toEqual({ opinion: '同意', score: 80, documents: [] });
  });
});
