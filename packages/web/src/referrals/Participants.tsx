import {
  incentivePreview,
  incentiveResource,
  itemLookup,
  lookups,
  type ParticipantPart,
  participantInput,
  participantKind,
} from '@cp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { z } from 'zod';
import { post } from '../request';
import { formatMoney } from '../resource/format';
import { LookupField } from '../resource/LookupField';
import type { ResourceRecord } from '../resource/types';

type Participant = Partial<z.infer<typeof participantInput>>;

const lookupOfKind = (personKind: number) => itemLookup(participantInput, 'personId', { personKind });
/** The kinds of people whose lookup the console has (drivers once their list exists). */
const kinds = participantKind.options.filter((option) => {
  const key = lookupOfKind(option.value);
  return key !== undefined && key in lookups;
});

interface ParticipantsInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/**
 * 参与人 of a new incentive: who shares the pool (a driver or a member of staff), with a weight where the
 * rule is 按比例, and the split the server will save, previewed before 保存.
 */
export function ParticipantsInput({ id, value, onChange }: ParticipantsInputProps) {
  const rows = (Array.isArray(value) ? value : []) as Participant[];
  const rule = Form.useWatch('rule') as number | undefined;
  const change = (index: number, patch: Participant) =>
    onChange?.(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const columns = [
    {
      title: '类型',
      key: 'personKind',
      width: 120,
      render: (_: unknown, row: Participant, index: number) => (
        <Select
          aria-label={`第${index + 1}位参与人的类型`}
          value={row.personKind}
          options={kinds}
          onChange={(personKind: 1 | 2) => change(index, { personKind, personId: undefined as never })}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      title: '参与人',
      key: 'personId',
      render: (_: unknown, row: Participant, index: number) => (
        <LookupField
          lookup={lookupOfKind(row.personKind ?? 2) ?? 'user'}
          value={row.personId ?? null}
          onChange={(personId) => change(index, { personId: personId as string })}
          placeholder="请选择参与人"
        />
      ),
    },
    ...(rule === 2
      ? [
          {
            title: '比例',
            key: 'weight',
            width: 120,
            render: (_: unknown, row: Participant, index: number) => (
              <InputNumber
                aria-label={`第${index + 1}位参与人的比例`}
                min={1}
                max={10000}
                precision={0}
                value={row.weight ?? null}
                onChange={(weight) => change(index, { weight })}
                placeholder="请输入比例"
              />
            ),
          },
        ]
      : []),
    {
      title: '操作',
      key: 'remove',
      width: 80,
      render: (_: unknown, _row: Participant, index: number) => (
        <Button type="link" danger onClick={() => onChange?.(rows.filter((_each, at) => at !== index))}>
          移除
        </Button>
      ),
    },
  ];
  return (
    <div id={id}>
      <Table
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows.map((row, index) => ({ ...row, key: index }))}
        pagination={false}
        locale={{ emptyText: '尚未添加参与人' }}
      />
      <Button
        type="dashed"
        block
        style={{ marginTop: 8 }}
        onClick={() => onChange?.([...rows, { personKind: kinds[kinds.length - 1]?.value as 1 | 2 }])}
      >
        添加参与人
      </Button>
      <SplitPreview />
    </div>
  );
}

const previewFields = ['periodStart', 'periodEnd', 'totalAmount', 'rule', 'participants'] as const;

/** The split of the pool as the server would save it now; asked again with 预览分配 after any change. */
function SplitPreview() {
  const form = Form.useFormInstance();
  const watched = Form.useWatch((values) => JSON.stringify(previewFields.map((name) => values[name])), {
    form,
    preserve: true,
  });
  const preview = useMutation({
    mutationFn: (input: string) => {
      const values = JSON.parse(input) as unknown[];
      const body = Object.fromEntries(previewFields.map((name, index) => [name, values[index]]));
      return post<unknown>(`${incentiveResource.endpoint}/preview`, body);
    },
  });
  const shown = preview.data && preview.variables === watched ? incentivePreview.parse(preview.data).parts : null;
  const ask = async () => {
    await form.validateFields([...previewFields]);
    const values = form.getFieldsValue([...previewFields]);
    preview.mutate(JSON.stringify(previewFields.map((name) => values[name])), { onError: () => undefined });
  };
  return (
    <section aria-label="分配预览" style={{ marginTop: 16 }}>
      <Space style={{ marginBottom: 8 }}>
        <Button onClick={() => void ask().catch(() => undefined)} loading={preview.isPending}>
          预览分配
        </Button>
        <Typography.Text type="secondary">保存前核对每人金额，合计与激励总额分毫不差</Typography.Text>
      </Space>
      {preview.data !== undefined && !shown && <Alert type="info" showIcon title="内容已修改，请重新预览" />}
      {shown && <PartsTable parts={shown} />}
    </section>
  );
}

/** Each participant's part: what the rule counted for them and their amount, with the total. */
function PartsTable({ parts }: { parts: readonly ParticipantPart[] }) {
  const total = parts.reduce((sum, part) => sum + part.amount, 0);
  const counted = parts.some((part) => part.referralCount !== null);
  const weighted = parts.some((part) => part.weight !== null);
  return (
    <Table<ParticipantPart>
      size="small"
      rowKey={(part) => `${part.personKind}-${part.personId}`}
      dataSource={[...parts]}
      pagination={false}
      columns={[
        { title: '类型', key: 'kind', render: (_, part) => participantKind.label(part.personKind), width: 80 },
        { title: '参与人', dataIndex: 'personName' },
        ...(weighted ? [{ title: '比例', dataIndex: 'weight', width: 100 }] : []),
        ...(counted ? [{ title: '已交车拉新数', dataIndex: 'referralCount', width: 130 }] : []),
        { title: '分配金额', key: 'amount', align: 'right', width: 160, render: (_, part) => formatMoney(part.amount) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={2 + (weighted ? 1 : 0) + (counted ? 1 : 0)}>
            合计（{parts.length}人）
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {formatMoney(total)}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** The detail page's 分配明细: the parts as they were saved. */
export function SavedParts({ record }: { record: ResourceRecord }) {
  const parts = Array.isArray(record.participants) ? (record.participants as ParticipantPart[]) : [];
  return (
    <section aria-label="分配明细">
      <Typography.Title level={5}>分配明细</Typography.Title>
      <PartsTable parts={parts} />
    </section>
  );
}
