import type { CouponStage } from '@cp/contracts';
import { Button, Flex, InputNumber, Typography } from 'antd';

interface StagesInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

const yuanText = (fen: number) => (fen / 100).toFixed(2);

/**
 * 分期优惠: one line per stage — the month of rent it relieves (1 = the month the coupon is used in) and the
 * amount, typed in 元 and kept in 分 — with the total. The server refuses two stages of one month.
 */
export function StagesInput({ id, value, onChange }: StagesInputProps) {
  const stages = (Array.isArray(value) ? value : []) as Partial<CouponStage>[];
  const change = (index: number, patch: Partial<CouponStage>) =>
    onChange?.(stages.map((stage, at) => (at === index ? { ...stage, ...patch } : stage)));
  const total = stages.reduce((sum, stage) => sum + (stage.amount ?? 0), 0);
  const next = Math.max(0, ...stages.map((stage) => stage.monthOffset ?? 0)) + 1;
  return (
    <Flex vertical gap={8} id={id}>
      {stages.map((stage, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its place in the list
        <Flex key={index} gap={8} align="center">
          <Typography.Text>第{index + 1}期</Typography.Text>
          <InputNumber
            aria-label={`第${index + 1}期第几个月`}
            min={1}
            max={36}
            precision={0}
            value={stage.monthOffset}
            onChange={(month) => change(index, { monthOffset: month ?? undefined })}
            addonBefore="第"
            addonAfter="个月"
          />
          <InputNumber
            aria-label={`第${index + 1}期减免金额`}
            min={0.01}
            precision={2}
            value={stage.amount === undefined ? undefined : stage.amount / 100}
            onChange={(yuan) => change(index, { amount: yuan === null ? undefined : Math.round(yuan * 100) })}
            addonBefore="减"
            addonAfter="元"
          />
          <Button onClick={() => onChange?.(stages.filter((_, at) => at !== index))}>删除</Button>
        </Flex>
      ))}
      <Flex gap={16} align="center">
        <Button
          onClick={() => onChange?.([...stages, { monthOffset: Math.min(next, 36) }])}
          disabled={stages.length >= 36}
        >
          添加一期
        </Button>
        <Typography.Text type="secondary">
          共{stages.length}期，优惠合计 {yuanText(total)} 元
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
