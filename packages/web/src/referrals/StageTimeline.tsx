import { referralStage, referralStages } from '@cp/contracts';
import { Alert, Card, Steps } from 'antd';
import { formatPlain } from '../resource/format';
import type { ResourceRecord } from '../resource/types';

const steps = [
  { stage: referralStages.invited, at: 'invitedAt' },
  { stage: referralStages.registered, at: 'registeredAt' },
  { stage: referralStages.signed, at: 'signedAt' },
  { stage: referralStages.delivered, at: 'deliveredAt' },
] as const;

const moment = (value: unknown) => formatPlain({ kind: 'datetime' }, value);

/** 拉新进度: the four stages with the time each was reached; a lapsed referral shows where it stopped, and why. */
export function StageTimeline({ record }: { record: ResourceRecord }) {
  const stage = Number(record.stage);
  const invalid = stage === referralStages.invalid;
  const reached = steps.filter((step) => record[step.at]).length;
  const current = invalid ? Math.max(reached - 1, 0) : steps.findIndex((step) => step.stage === stage);
  return (
    <Card title="拉新进度" size="small" data-testid="referral-stages">
      <Steps
        current={current}
        status={invalid ? 'error' : stage === referralStages.delivered ? 'finish' : 'process'}
        items={steps.map((step, index) => ({
          title: referralStage.label(step.stage),
          description: record[step.at] ? moment(record[step.at]) : index > current ? '未到达' : '—',
        }))}
      />
      {invalid ? (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          message={`已于 ${moment(record.invalidatedAt)} 失效`}
          description={String(record.invalidReason ?? '')}
        />
      ) : null}
    </Card>
  );
}
