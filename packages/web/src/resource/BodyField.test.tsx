import { defineEnum, defineResource, enumInput, fields, moment, moneyAmount } from '@cp/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input, Radio } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { BodyField } from './BodyField';
import { BodyFields } from './BodyFields';
import { LookupField } from './LookupField';
import { resetServer } from './testing/fakeServer';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 20_000 });

const body = z.strictObject({
  driverName: z.string().min(1).meta({ title: '司机姓名' }),
  result: z.number().meta({ title: '验车结果' }),
  vehicleId: z.string().min(1).meta({ title: '车辆' }),
});

beforeEach(() => resetServer());

describe('BodyField: a family’s own action field', () => {
  it('asks for its value by the kind of its control, as placeholder and as required message', async () => {
    renderWithShell(
      <Form>
        <BodyField schema={body} name="driverName">
          <Input />
        </BodyField>
        <BodyField schema={body} name="result">
          <Radio.Group options={[{ label: '合格', value: 1 }]} />
        </BodyField>
        <BodyField schema={body} name="vehicleId">
          <LookupField lookup="vehicle" />
        </BodyField>
        <Button htmlType="submit">确定</Button>
      </Form>,
    );
    expect(screen.getByRole('textbox', { name: '司机姓名' }).getAttribute('placeholder')).toBe('请输入司机姓名');
    // A searched lookup keeps the words that say how to search.
    expect(screen.getByText('输入车牌号或车架号搜索')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入司机姓名', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(await screen.findByText('请选择验车结果')).toBeTruthy();
    expect(await screen.findByText('请选择车辆')).toBeTruthy();
  });
});

describe('BodyFields: a body generated from its schema', () => {
  it('offers an enumeration’s labels for a field declared with enumInput, and sends its value', async () => {
    const way = defineEnum('催收方式', [
      [1, '电话'],
      [2, '短信'],
    ]);
    const schema = z.strictObject({ way: enumInput(way) });
    const submitted = vi.fn();
    renderWithShell(
      <Form onFinish={submitted}>
        <BodyFields schema={schema} />
        <Button htmlType="submit">确定</Button>
      </Form>,
    );
    expect(screen.getByText('请选择催收方式')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('短信'));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ way: 2 }));
  });

  it('picks a moment (an ISO time with its offset) in a date-time picker, not a text box', () => {
    const schema = z.strictObject({ followedAt: moment().meta({ title: '跟进时间' }) });
    renderWithShell(
      <Form>
        <BodyFields schema={schema} />
      </Form>,
    );
    const field = screen.getByText('跟进时间').closest('.ant-form-item');
    expect(field?.querySelector('.ant-picker')).not.toBeNull();
    expect(screen.getByPlaceholderText('请选择跟进时间')).toBeTruthy();
  });

  it('picks several of a lookup for a list of ids, one for an id', () => {
    const schema = z.strictObject({
      driverIds: z.array(z.string()).optional().meta({ title: '司机', lookup: 'driver' }),
      vehicleId: z.string().meta({ title: '车辆', lookup: 'vehicle' }),
    });
    renderWithShell(
      <Form>
        <BodyFields schema={schema} />
      </Form>,
    );
    const select = (label: string) => screen.getByText(label).closest('.ant-form-item')?.querySelector('.ant-select');
    expect(select('司机')?.className).toContain('ant-select-multiple');
    expect(select('车辆')?.className).not.toContain('ant-select-multiple');
  });

  it('labels a field by its own title, not a resource field’s of the same name, nor by its name when optional', () => {
    const bill = defineResource({
      key: 'sample',
      title: '样例',
      page: 'vehicleList',
      endpoint: '/api/samples',
      defaultSort: { field: 'amount', order: 'asc' },
      fields: { amount: fields.money('账单金额', { sortable: true }) },
    });
    const schema = z.strictObject({
      amount: z.number().int().meta({ title: '减免金额', money: true }),
      note: z.string().max(50).meta({ title: '减免说明' }).optional(),
    });
    renderWithShell(
      <Form>
        <BodyFields schema={schema} resource={bill} />
      </Form>,
    );
    expect(screen.getByText('减免金额（元）')).toBeTruthy();
    expect(screen.queryByText('账单金额（元）')).toBeNull();
    expect(screen.getByText('减免说明')).toBeTruthy();
  });
});

describe('BodyFields: amounts', () => {
  it('takes a signed amount (月租差额 减收) typed negative in yuan, and sends it in fen', async () => {
    const schema = z.strictObject({ rentDifference: moneyAmount('月租差额', { min: -100_000_000 }) });
    const submitted = vi.fn();
    renderWithShell(
      <Form onFinish={submitted}>
        <BodyFields schema={schema} />
        <Button htmlType="submit">确定</Button>
      </Form>,
    );
    const input = screen.getByRole('spinbutton', { name: '月租差额（元）' });
    fireEvent.change(input, { target: { value: '-300.5' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ rentDifference: -30_050 }));
  });
});
