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

  it('reads references, files, tags, dates and money as the detail view shows them, never a bare id', async () => {
    serve('GET', url, [
      {
        id: '2',
        action: 'update',
        userName: '李四',
        at: '2025-01-02T02:00:00.000Z',
        changes: {
          cityId: { from: 1, to: 2, fromName: '北京市', toName: '上海市' },
          modelId: { from: 20, to: 21, fromName: '秦PLUS EV', toName: '汉EV' },
          companyId: { from: 7, to: 1, fromName: '#7（已删除）', toName: '北京CP汽车租赁有限公司' },
          attachments: { from: [], to: ['private/2025/01/3f9a.pdf'], fromName: [], toName: ['行驶证.pdf'] },
          labels: { from: ['新车'], to: ['新车', '重点'] },
          registrationDate: { from: null, to: '2024-03-01' },
          purchasePrice: { from: 12980000, to: 13000000 },
        },
      },
    ]);
    renderWithShell(<HistoryTimeline resource={vehicleResource} url={url} />);
    expect(await screen.findByText('城市：北京市 → 上海市')).toBeTruthy();
    expect(screen.getByText('车型：秦PLUS EV → 汉EV')).toBeTruthy();
    expect(screen.getByText('所属公司：#7（已删除） → 北京CP汽车租赁有限公司')).toBeTruthy();
    expect(screen.getByText('附件：— → 行驶证.pdf')).toBeTruthy();
    expect(screen.getByText('标签：新车 → 新车、重点')).toBeTruthy();
    expect(screen.getByText('注册日期：2024-03-01')).toBeTruthy();
    expect(screen.getByText('采购价：¥129,800.00 → ¥130,000.00')).toBeTruthy();
  });

  it('says so when nothing has changed yet', async () => {
    serve('GET', url, []);
    renderWithShell(<HistoryTimeline resource={vehicleResource} url={url} />);
    expect(await screen.findByText('暂无变更记录')).toBeTruthy();
  });
});
