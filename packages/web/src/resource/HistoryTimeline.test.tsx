import { vehicleEnums, vehicleResource } from '@cp/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HistoryTimeline } from './HistoryTimeline';
import { resetServer, serve } from './testing/fakeServer';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));

const url = '/api/vehicles/7/history';

beforeEach(resetServer);

describe('HistoryTimeline', () => {
  it('shows who did what, with field titles, labels and action titles', async () => {
    serve('GET', url, [
      {
        id: '3',
        action: 'inspect',
        userName: '张三',
        at: '2025-01-03T02:00:00.000Z',
        changes: { stage: { from: '待验车', to: '已验车' } },
      },
      {
        id: '2',
        action: 'update',
        userName: '李四',
        at: '2025-01-02T02:00:00.000Z',
        changes: { energyType: { from: 0, to: 1 }, purchasePrice: { from: null, to: 100 } },
      },
      {
        id: '1',
        action: 'preparation',
        userName: '',
        at: '2025-01-01T02:00:00.000Z',
        changes: { item: { from: null, to: 2 } },
      },
    ]);
    renderWithShell(
      <HistoryTimeline
        resource={vehicleResource}
        url={url}
        actions={{ inspect: '验车', preparation: '完成整备项目' }}
        fields={{ item: { title: '整备项目', enumDef: vehicleEnums.preparationItem } }}
      />,
    );
    expect(await screen.findByText('验车')).toBeTruthy();
    expect(screen.getByText('车辆阶段：待验车 → 已验车')).toBeTruthy();
    expect(screen.getByText('编辑')).toBeTruthy();
    expect(screen.getByText('李四')).toBeTruthy();
    expect(screen.getByText('能源类型：燃油 → 纯电动')).toBeTruthy();
    expect(screen.getByText('采购价：¥1.00')).toBeTruthy();
    expect(screen.getByText('完成整备项目')).toBeTruthy();
    expect(screen.getByText('整备项目：GPS')).toBeTruthy();
  });

  it('says so when nothing has changed yet', async () => {
    serve('GET', url, []);
    renderWithShell(<HistoryTimeline resource={vehicleResource} url={url} />);
    expect(await screen.findByText('暂无变更记录')).toBeTruthy();
  });
});
