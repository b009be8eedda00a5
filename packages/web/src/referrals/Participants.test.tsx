import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastCall, resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { ParticipantsInput } from './Participants';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const pool = { periodStart: '2025-06-01', periodEnd: '2025-06-30', totalAmount: 10_000, rule: 1 };
const chosen = [
  { personKind: 2, personId: '3' },
  { personKind: 2, personId: '4' },
  { personKind: 2, personId: '5' },
];

/** The participants editor in a form holding the rest of a new incentive, as 新增激励分配 holds it. */
function NewIncentive() {
  return (
    <Form initialValues={{ ...pool, participants: chosen }}>
      {(['periodStart', 'periodEnd', 'totalAmount', 'rule'] as const).map((name) => (
        <Form.Item key={name} name={name} hidden>
          <Input />
        </Form.Item>
      ))}
      <Form.Item name="participants">
        <ParticipantsInput />
      </Form.Item>
    </Form>
  );
}

beforeEach(() => {
  resetServer();
  serve('GET', '/api/lookups/tenant-users', [
    { label: '王芳', value: '3' },
    { label: '李强', value: '4' },
    { label: '赵敏', value: '5' },
  ]);
  serve(
    'POST',
    '/api/incentive-allocations/preview',
    ({ body }: { body: { participants: { personId: string }[] } }) => ({
      parts: body.participants.map((person, index) => ({
        personKind: 2,
        personId: person.personId,
        personName: ['王芳', '李强', '赵敏'][index],
        weight: null,
        referralCount: null,
        amount: [3334, 3333, 3333][index],
      })),
    }),
  );
});

describe('新增激励分配的参与人与分配预览', () => {
  it('previews the split the server makes, each part and the total to the fen', async () => {
    renderWithShell(<NewIncentive />);
    fireEvent.click(screen.getByRole('button', { name: '预览分配' }));
    const preview = await screen.findByRole('region', { name: '分配预览' });
    await waitFor(() => expect(within(preview).getByText('¥33.34')).toBeTruthy());
    expect(within(preview).getAllByText('¥33.33')).toHaveLength(2);
    expect(within(preview).getByText('合计（3人）')).toBeTruthy();
    expect(within(preview).getByText('¥100.00')).toBeTruthy();
    expect(lastCall('POST', '/api/incentive-allocations/preview')?.body).toEqual({ ...pool, participants: chosen });
  });

  it('asks for a new preview once a participant is removed, and never shows the stale split', async () => {
    renderWithShell(<NewIncentive />);
    fireEvent.click(screen.getByRole('button', { name: '预览分配' }));
    const preview = await screen.findByRole('region', { name: '分配预览' });
    await waitFor(() => expect(within(preview).getByText('¥100.00')).toBeTruthy());
    fireEvent.click(screen.getAllByRole('button', { name: '移除' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByText('内容已修改，请重新预览')).toBeTruthy());
    expect(within(preview).queryByText('¥100.00')).toBeNull();
  });

  it('adds a participant row, and asks for weights only when the rule is 按比例', async () => {
    renderWithShell(<NewIncentive />);
    expect(screen.queryByText('比例')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '添加参与人' }));
    expect(screen.getAllByRole('button', { name: '移除' })).toHaveLength(4);
  });
});
