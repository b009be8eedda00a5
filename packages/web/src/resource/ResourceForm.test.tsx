import { vehicleResource } from '@cp/contracts';
import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceForm } from './ResourceForm';
import { resetServer } from './testing/fakeServer';
import { serveLookups } from './testing/lookups';
import { renderWithShell } from './testing/render';
import { vehicleRow } from './testing/vehicleRow';
import { formValuesOf, toInput } from './values';

vi.mock('../request', () => import('./testing/requestMock'));
// antd forms render slowly in happy-dom.
vi.setConfig({ testTimeout: 20_000 });

const groups = [
  { title: '基本信息', fields: ['plateNo', 'vin', 'modelId', 'energyType', 'stage'] },
  { title: '其他', fields: ['purchasePrice', 'registrationDate', 'attachments'] },
];

function VehicleForm({
  onFinish,
  initialValues,
}: {
  onFinish: (v: Record<string, unknown>) => void;
  initialValues?: Record<string, unknown>;
}) {
  const [form] = Form.useForm();
  return (
    <ResourceForm
      resource={vehicleResource}
      form={form}
      groups={groups}
      initialValues={initialValues}
      onFinish={onFinish}
    >
      <Button htmlType="submit">保存</Button>
    </ResourceForm>
  );
}

beforeEach(() => {
  resetServer();
  serveLookups();
});

describe('ResourceForm', () => {
  it('shows the editable fields of each section, not the ones the server keeps', () => {
    renderWithShell(<VehicleForm onFinish={() => {}} />);
    expect(screen.getByText('基本信息')).toBeTruthy();
    expect(screen.getByLabelText('车架号')).toBeTruthy();
    expect(screen.getByLabelText('采购价（元）')).toBeTruthy();
    expect(screen.queryByLabelText('车辆阶段')).toBeNull();
  });

  it('asks for the required fields', async () => {
    const onFinish = vi.fn();
    renderWithShell(<VehicleForm onFinish={onFinish} />);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    for (const text of ['请输入车架号', '请选择车型', '请选择能源类型'])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it("says what is wrong with a value in the schema's words", async () => {
    renderWithShell(<VehicleForm onFinish={() => {}} />);
    fireEvent.change(screen.getByLabelText('车架号'), { target: { value: '1M8GDM9A1KP042788' } });
    expect(await screen.findByText('车架号：车架号校验位（第9位）不正确')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('车牌号'), { target: { value: '京AI2345' } });
    expect(await screen.findByText('车牌号：车牌号格式不正确')).toBeTruthy();
  });

  it('keeps Enter in the field: a multi-field form is saved by 保存 only', async () => {
    const onFinish = vi.fn();
    renderWithShell(<VehicleForm onFinish={onFinish} />);
    const enterIn = (element: HTMLElement) => {
      const event = createEvent.keyDown(element, { key: 'Enter', code: 'Enter' });
      fireEvent(element, event);
      return event.defaultPrevented;
    };
    // A prevented keydown is what stops the browser's implicit submission of the form.
    expect(enterIn(screen.getByLabelText('车架号'))).toBe(true);
    expect(enterIn(screen.getByLabelText('注册日期'))).toBe(true);
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('shows money in yuan and dates as dates, and hands back what the API takes', async () => {
    const onFinish = vi.fn();
    const row = vehicleRow();
    renderWithShell(<VehicleForm onFinish={onFinish} initialValues={formValuesOf(vehicleResource, row)} />);
    expect((screen.getByLabelText('采购价（元）') as HTMLInputElement).value).toBe('123456.78');
    expect((screen.getByLabelText('注册日期') as HTMLInputElement).value).toBe('2024-03-01');
    expect(await screen.findByText('purchase.pdf')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('采购价（元）'), { target: { value: '100.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    const values = onFinish.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(values).toMatchObject({ purchasePrice: 10050, registrationDate: '2024-03-01', modelId: '3' });
    expect(values.attachments).toEqual(['private/2024/purchase.pdf']);
  });

  it('sends the fields the form holds, empty ones as null', () => {
    const input = toInput(vehicleResource, { vin: 'X', remark: '', labels: undefined, stage: 3 });
    expect(input).toEqual({ vin: 'X', remark: null, labels: [] });
  });
});
