import { addExpenseBody, type ExpenseSourceOption } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { get } from '../request';
import type { ResourceRecord } from '../resource';
import { BodyFields } from '../resource/BodyFields';
import type { ActionFields } from '../resource/family';
import { formatMoney } from '../resource/format';

/**
 * 添加费用: a violation or a maintenance of the order's car during the order, picked from what has not been
 * charged (it fills in the kind, amount and note), or a cost typed in (depreciation, other costs).
 */
function ExpenseFields({ record }: { record?: ResourceRecord | undefined }) {
  const form = Form.useFormInstance();
  const sources = useQuery({
    queryKey: ['billExpenseSources', record?.id],
    queryFn: () => get<ExpenseSourceOption[]>(`/api/bills/${record?.id}/expense-sources`),
    enabled: Boolean(record?.id),
  });
  const options = (sources.data ?? []).map((option) => ({
    value: `${option.sourceKind}:${option.sourceId}`,
    label: `${option.label}（${formatMoney(option.amount)}）`,
    option,
  }));
  const pick = (value: string | undefined) => {
    const chosen = options.find((item) => item.value === value)?.option;
    form.setFieldsValue(
      chosen
        ? {
            sourceKind: chosen.sourceKind,
            sourceId: chosen.sourceId,
            kind: chosen.kind,
            amount: chosen.amount,
            note: chosen.label,
          }
        : { sourceKind: undefined, sourceId: undefined },
    );
  };
  return (
    <>
      <Form.Item
        label="关联记录"
        extra="该订单车辆自交车至还车期间（该司机用车时）未计费的违章与维修保养；不选则手工填写费用"
      >
        <Select
          allowClear
          loading={sources.isPending}
          placeholder={options.length ? '请选择违章或维修保养记录' : '没有可计费的记录'}
          options={options.map(({ value, label }) => ({ value, label }))}
          onChange={pick}
          notFoundContent="没有可计费的记录"
        />
      </Form.Item>
      {sources.isError && <Alert type="warning" showIcon message="可计费记录加载失败，可手工填写费用" />}
      <Form.Item name="sourceKind" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="sourceId" hidden>
        <Input />
      </Form.Item>
      <BodyFields schema={addExpenseBody} omit={['sourceKind', 'sourceId']} />
    </>
  );
}

export const expenseFields: ActionFields = {
  initial: () => ({ dueDate: dayjs().format('YYYY-MM-DD') }),
  Fields: ExpenseFields,
};
