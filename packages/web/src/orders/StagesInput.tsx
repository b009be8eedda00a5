import type { RentStage } from '@cp/contracts';
import { Button, Flex, Form, InputNumber, Typography } from 'antd';

interface StagesInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/**
 * 阶梯租金: the stages in order, each a number of periods at a rent per period (typed in 元, kept in 分). Shown
 * for 阶梯租金 only; the periods' sum is checked against 租期 by the server as it saves.
 */
export function StagesInput({ id, value, onChange }: StagesInputProps) {
  const stages = (Array.isArray(value) ? value : []) as Partial<RentStage>[];
  const rentReceipt = Form.useWatch('rentReceipt') as number | undefined;
  const term = Form.useWatch('termMonths') as number | undefined;
  if (rentReceipt !== 1) return <Typography.Text type="secondary">选择「阶梯租金」后填写各阶段</Typography.Text>;
  const change = (index: number, patch: Partial<RentStage>) =>
    onChange?.(stages.map((stage, at) => (at === index ? { ...stage, ...patch } : stage)));
  const sum = stages.reduce((total, stage) => total + (stage.periods ?? 0), 0);
  return (
    <Flex vertical gap={8} id={id}>
      {stages.map((stage, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its place in the order
        <Flex key={index} gap={8} align="center">
          <Typography.Text>第{index + 1}阶段</Typography.Text>
          <InputNumber
            aria-label={`第${index + 1}阶段期数`}
            min={1}
            max={120}
            precision={0}
            value={stage.periods}
            onChange={(periods) => change(index, { periods: periods ?? undefined })}
            addonAfter="期"
          />
          <InputNumber
            aria-label={`第${index + 1}阶段每期租金`}
            min={0}
            precision={2}
            value={stage.rent === undefined ? undefined : stage.rent / 100}
            onChange={(yuan) => change(index, { rent: yuan === null ? undefined : Math.round(yuan * 100) })}
            addonAfter="元/期"
          />
          <Button onClick={() => onChange?.(stages.filter((_, at) => at !== index))}>删除</Button>
        </Flex>
      ))}
      <Flex gap={16} align="center">
        <Button onClick={() => onChange?.([...stages, {}])} disabled={stages.length >= 12}>
          添加阶段
        </Button>
        <Typography.Text type={term && sum !== term ? 'danger' : 'secondary'}>
          各阶段期数合计 {sum}
          {term ? ` / 租期 ${term}` : ''}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
