import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResourceDetailPage } from './ResourceDetailPage';
import { lastCall, serve } from './testing/fakeServer';
import { fixtureFamily, fixtureRow, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

function renderDetail(id: string, buttons: readonly string[] = ['vehicleList:delete']) {
  return renderWithShell(<ResourceDetailPage family={fixtureFamily} />, {
    url: `/vehicleDetail?id=${id}`,
    buttons,
    menus: ['vehicleList'],
  });
}

describe('删除 on the detail page', () => {
  it('deletes the row after confirmation and goes back to its list', async () => {
    serveFixtures([fixtureRow({ id: '1', stage: 0 })]);
    serve('DELETE', '/api/fixtures/:id', null);
    const view = renderDetail('1');
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    const confirm = (await screen.findByText('确定删除样例 样例一 吗？')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/fixtures/1')).toBeTruthy());
    await waitFor(() => expect(view.location()?.pathname).toBe('/vehicleList'));
  });

  it('is not offered in a state rows are kept in, nor without the button', async () => {
    serveFixtures([fixtureRow({ id: '3', name: '样例三', stage: 2 })]);
    const view = renderDetail('3');
    expect(await screen.findByRole('heading', { name: '样例三' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    view.unmount();
    serveFixtures([fixtureRow({ id: '1', stage: 0 })]);
    renderDetail('1', []);
    expect(await screen.findByRole('heading', { name: '样例一' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});
