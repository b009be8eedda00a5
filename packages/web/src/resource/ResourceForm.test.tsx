import {
  check,
  defineEnum,
  defineResource,
  fields,
  type Resource,
  vehicleResource,
  violationResource,
} from '@cp/contracts';
import { createEvent, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceForm } from './ResourceForm';
import { resetServer } from './testing/fakeServer';
import { serveLookups } from './testing/lookups';
import { renderWithShell } from './testing/render';
import { vehicleRow } from './testing/vehicleRow';
import type { FieldGroup } from './types';
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

/** A resource's form with nothing but its fields. */
function FieldsOf({ resource, groups }: { resource: Resource; groups?: readonly FieldGroup[] }) {
  const [form] = Form.useForm();
  return <ResourceForm resource={resource} form={form} groups={groups} onFinish={() => {}} />;
}

/** A resource with one field of several enumeration values. */
const termsResource = defineResource({
  key: 'termsFixture',
  title: '约定',
  page: violationResource.page,
  endpoint: '/api/terms-fixture',
  defaultSort: { field: 'items', order: 'asc' },
  fields: {
    items: fields.enumsOf(
      defineEnum('约定事项', [
        [0, '阶梯租金'],
        [1, '车辆整备'],
        [8, '违约金'],
      ]),
    ),
  },
});

function TermsForm({ onFinish }: { onFinish: (values: Record<string, unknown>) => void }) {
  const [form] = Form.useForm();
  return (
    <ResourceForm resource={termsResource} form={form} initialValues={{ items: [8, 0] }} onFinish={onFinish}>
      <Button htmlType="submit">保存</Button>
    </ResourceForm>
  );
}

/** A resource with a rule across two of its fields. */
const budgetResource = defineResource({
  key: 'budgetFixture',
  title: '预算',
  page: violationResource.page,
  endpoint: '/api/budget-fixture',
  defaultSort: { field: 'budget', order: 'asc' },
  fields: { budget: fields.money('预算'), spent: fields.money('实际花费') },
  checks: [check.notAbove('spent', 'budget', '不能超过预算')],
});

function BudgetForm({ onFinish }: { onFinish: (values: Record<string, unknown>) => void }) {
  const [form] = Form.useForm();
  return (
    <ResourceForm resource={budgetResource} form={form} initialValues={{ budget: 10_000 }} onFinish={onFinish}>
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
      expect(await screen.findByText(text, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it("says what is wrong with a value in the schema's words", async () => {
    renderWithShell(<VehicleForm onFinish={() => {}} />);
    fireEvent.change(screen.getByLabelText('车架号'), { target: { value: '1M8GDM9A1KP042788' } });
    expect(await screen.findByText('车架号：校验位（第9位）与其他位不符，请逐位核对')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('车牌号'), { target: { value: '京A1234-' } });
    expect(await screen.findByText('车牌号：格式不正确，应为“京A12345”，新能源“京AD12345”')).toBeTruthy();
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

  it('puts the identifying field and the required ones first, whatever order a section lists them in', () => {
    const labels = (container: HTMLElement) =>
      [...container.querySelectorAll('.ant-form-item-label label')].map((label) => label.textContent);
    const shuffled = [{ title: '基本信息', fields: ['engineNo', 'colour', 'modelId', 'vin', 'plateNo'] }];
    const vehicle = renderWithShell(<FieldsOf resource={vehicleResource} groups={shuffled} />);
    expect(labels(vehicle.container)).toEqual(['车牌号', '车型', '车架号', '发动机号', '颜色']);
    vehicle.unmount();

    // A record declared with its vehicle last still asks for the vehicle first: it says which car the row is.
    const { vehicleId, ...rest } = violationResource.fields;
    const lastVehicle = defineResource({ ...violationResource, import: undefined, fields: { ...rest, vehicleId } });
    const record = renderWithShell(<FieldsOf resource={lastVehicle} />);
    expect(labels(record.container)).toEqual([
      '车辆',
      '违章时间',
      '违章地点',
      '违章行为',
      '扣分',
      '罚款（元）',
      '处理状态',
      '备注',
    ]);
  });

  it('asks for each field by its kind, in the placeholder as in the required message', () => {
    renderWithShell(<VehicleForm onFinish={() => {}} />);
    expect(screen.getByLabelText('车牌号').getAttribute('placeholder')).toBe('请输入车牌号');
    expect(screen.getByLabelText('采购价（元）').getAttribute('placeholder')).toBe('请输入采购价（元）');
    expect(screen.getByLabelText('注册日期').getAttribute('placeholder')).toBe('请选择注册日期');
    const placeholder = '.ant-select-placeholder, .ant-select-selection-placeholder';
    expect(screen.getByText('请选择车型', { selector: placeholder })).toBeTruthy();
    expect(screen.getByText('请选择能源类型', { selector: placeholder })).toBeTruthy();
  });

  it('picks several values of an enumeration, and sends none as an empty list', async () => {
    const onFinish = vi.fn();
    renderWithShell(<TermsForm onFinish={onFinish} />);
    expect(screen.getByText('违约金')).toBeTruthy();
    expect(screen.getByText('阶梯租金')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onFinish.mock.calls[0]?.[0]).toMatchObject({ items: [8, 0] });
    expect(toInput(termsResource, { items: undefined })).toEqual({ items: [] });
  });

  it("shows a declared check's message under its field before saving, again as the other field changes", async () => {
    const onFinish = vi.fn();
    renderWithShell(<BudgetForm onFinish={onFinish} />);
    const message = '实际花费（元）：不能超过预算';
    const explained = (text: string) =>
      screen.queryByText(text, { selector: `#${screen.getByLabelText('实际花费（元）').id}_help *` });
    fireEvent.change(screen.getByLabelText('实际花费（元）'), { target: { value: '150' } });
    await waitFor(() => expect(explained(message)).toBeTruthy());
    fireEvent.change(screen.getByLabelText('预算（元）'), { target: { value: '200' } });
    await waitFor(() => expect(explained(message)).toBeNull());
    fireEvent.change(screen.getByLabelText('预算（元）'), { target: { value: '120' } });
    await waitFor(() => expect(explained(message)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(explained(message)).toBeTruthy());
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('实际花费（元）'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onFinish.mock.calls[0]?.[0]).toMatchObject({ budget: 12_000, spent: 12_000 });
  });

  it('sends the fields the form holds, empty ones as null', () => {
    const input = toInput(vehicleResource, { vin: 'X', remark: '', labels: undefined, stage: 3 });
    expect(input).toEqual({ vin: 'X', remark: null, labels: [] });
  });
});
