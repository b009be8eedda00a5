import { Button, Result } from 'antd';
import type { ResourceRecord } from '../resource';

/** What one 抽奖 gave, shown to the operator who drew: the prize, or 未中奖, and the attempt's random value. */
export function DrawResult({ answer, onClose }: { answer: ResourceRecord; onClose: () => void }) {
  const won = answer.won === true;
  return (
    <Result
      status={won ? 'success' : 'info'}
      title={String(answer.message ?? (won ? '中奖' : '未中奖'))}
      subTitle={`第${String(answer.attempt ?? '')}次抽奖，随机值 ${String(answer.draw ?? '')}（0-9999）`}
      extra={
        <Button type="primary" onClick={onClose}>
          知道了
        </Button>
      }
    />
  );
}
