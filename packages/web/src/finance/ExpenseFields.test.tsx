import { screen } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { expenseFields } from './ExpenseFields';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  resetServer();
  serve('GET', '/api/bills/:id/expense-sources', [
    { sourceKind: 1, sourceId: '7', kind: 9, label: '违章 2026-11-02 闯红灯', amount: 20_000, day: '2026-11-02' },
  ]);
});

describe('添加费用', () => {
  it('offers the car’s uncharged records beside the body’s own fields, amounts in yuan', async () => {
    const { Fields } = expenseFields;
    renderWithShell(
      <Form>
        <Fields record={{ id: '5', version: 1 }} />
      </Form>,
    );
    expect(await screen.findByText('关联记录')).toBeTruthy();
    expect(screen.getByText('费用类型')).toBeTruthy();
    expect(screen.getByText('费用金额（元）')).toBeTruthy();
    expect(screen.getByText('应收日期')).toBeTruthy();
    expect(screen.getByText('费用说明')).toBeTruthy();
    expect(screen.queryByText('费用来源')).toBeNull();
  });
});
