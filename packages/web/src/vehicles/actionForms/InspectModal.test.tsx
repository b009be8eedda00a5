import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastCall, resetServer, serve } from '../../resource/testing/fakeServer';
import { renderWithShell } from '../../resource/testing/render';
import { vehicle } from '../testing';
import { InspectModal } from './InspectModal';

vi.mock('../../request', () => import('../../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const pending = vehicle({ id: '7', stage: 0, mileage: 1200 });
const ok = () => fireEvent.click(screen.getByRole('button', { name: '确定' }));

beforeEach(() => {
  resetServer();
  serve('POST', '/api/vehicles/:id/inspect', { inspectionId: '1', passed: true });
});

describe('验车', () => {
  it('starts from the mileage, 合格 and the five default checks, and sends them', async () => {
    const onClose = vi.fn();
    renderWithShell(<InspectModal vehicle={pending} onClose={onClose} />);
    const items = screen.getAllByRole('textbox', { name: '检查项' }).map((input) => (input as HTMLInputElement).value);
    expect(items).toEqual(['外观', '内饰', '轮胎', '灯光', '随车工具']);
    expect((screen.getByRole('radio', { name: '合格' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '不合格' }));
    fireEvent.change(screen.getAllByRole('textbox', { name: '说明' })[2] as HTMLElement, {
      target: { value: '左前胎磨损' },
    });
    ok();
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/inspect')).toBeTruthy());
    const body = lastCall('POST', '/api/vehicles/7/inspect')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ mileage: 1200, result: 0, photos: [] });
    expect((body.checklist as unknown[])[2]).toEqual({ item: '轮胎', ok: true, note: '左前胎磨损' });
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it("refuses a missing mileage and an empty check, in the schema's words", async () => {
    renderWithShell(<InspectModal vehicle={vehicle({ mileage: undefined as never })} onClose={() => {}} />);
    fireEvent.change(screen.getAllByRole('textbox', { name: '检查项' })[0] as HTMLElement, { target: { value: ' ' } });
    ok();
    expect(await screen.findByText('请填写里程（公里）')).toBeTruthy();
    expect(await screen.findByText('请填写检查项')).toBeTruthy();
    expect(lastCall('POST', '/api/vehicles/7/inspect')).toBeUndefined();
  });

  it('wants at least one check', async () => {
    renderWithShell(<InspectModal vehicle={pending} onClose={() => {}} />);
    for (let left = 5; left > 0; left--)
      fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0] as HTMLElement);
    ok();
    expect(await screen.findByText('检查清单：至少填写一项')).toBeTruthy();
  });
});
