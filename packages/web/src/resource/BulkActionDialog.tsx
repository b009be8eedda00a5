import { actionPath, type BulkResult, type Transition } from '@cp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, List, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { post } from '../request';
import { actionButtons } from './actionButtons';
import { BodyFields } from './BodyFields';
import type { WebFamily } from './family';
import { refreshResources } from './mutations';
import { parseForm } from './rules';
import type { ResourceRecord } from './types';

/** `POST {endpoint}/bulk/{action}`: one lifecycle action on many rows, the body given once. */
function takeBulkAction(
  family: WebFamily,
  action: string,
  ids: readonly string[],
  body?: Record<string, unknown>,
): Promise<BulkResult> {
  return post<BulkResult>(`${family.resource.endpoint}/bulk/${actionPath(action)}`, body ? { ids, body } : { ids });
}

/** What a bulk action's answer says in one line: `已提交 8 项，2 项未执行`. */
function bulkSummary(title: string, result: BulkResult): string {
  const refused = result.refused.length;
  return `已${title} ${result.done} 项${refused > 0 ? `，${refused} 项未执行` : ''}`;
}

/** The answer of a bulk action: how many were done, and each refused row with why. */
function BulkResultView({ title, result }: { title: string; result: BulkResult }) {
  const refused = result.refused;
  return (
    <Flex vertical gap={12}>
      <Alert
        type={refused.length === 0 ? 'success' : result.done === 0 ? 'error' : 'warning'}
        showIcon
        title={bulkSummary(title, result)}
      />
      {refused.length > 0 && (
        <List<BulkResult['refused'][number]>
          size="small"
          bordered
          header={<Typography.Text strong>未执行的数据及原因</Typography.Text>}
          dataSource={refused}
          pagination={refused.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
          renderItem={(entry) => <List.Item>{entry.message}</List.Item>}
        />
      )}
    </Flex>
  );
}

export interface BulkTarget {
  family: WebFamily;
  transition: Transition;
  /** The selected rows whose state allows the action: those sent. */
  rows: readonly ResourceRecord[];
  /** Selected rows left out because their state does not allow it. */
  skipped: number;
}

/**
 * The dialog of a bulk action: says how many rows it is for (and how many selected rows their state leaves
 * out), asks the action's body once when it takes one, sends it, then shows the answer — the count done and
 * each refused row by name with why — until closed. The list is refreshed either way.
 */
export function BulkActionDialog({ target, onClose }: { target: BulkTarget; onClose: (done: boolean) => void }) {
  const { family, transition, rows, skipped } = target;
  const formName = `bulk-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<BulkResult | null>(null);
  const send = useMutation({
    mutationFn: (body?: Record<string, unknown>) =>
      takeBulkAction(
        family,
        transition.action,
        rows.map((row) => row.id),
        body,
      ),
    onSuccess: async (answer) => {
      setResult(answer);
      await refreshResources(queryClient, [family.resource.key]);
    },
  });
  const title = `批量${transition.title}`;
  if (result) {
    return (
      <Modal
        open
        title={`${title}结果`}
        onCancel={() => onClose(true)}
        footer={
          <Button type="primary" onClick={() => onClose(true)}>
            知道了
          </Button>
        }
      >
        <BulkResultView title={transition.title} result={result} />
      </Modal>
    );
  }
  const finish = (values: unknown) => {
    if (!transition.body) return send.mutate(undefined);
    const parsed = parseForm(transition.body, values);
    if (parsed.ok) send.mutate(parsed.data as Record<string, unknown>);
    else message.error(parsed.message);
  };
  const noun = family.resource.title;
  return (
    <Modal
      open
      title={title}
      width={transition.body ? 640 : 420}
      {...actionButtons(transition)}
      confirmLoading={send.isPending}
      onOk={() => (transition.body ? form.submit() : finish({}))}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          {`确定对选中的 ${rows.length} 项${noun}执行「${transition.title}」？`}
          {transition.body ? '以下内容对每一项相同。' : (transition.confirm ?? '')}
        </Typography.Text>
        {skipped > 0 && (
          <Alert type="info" showIcon title={`另有 ${skipped} 项当前状态不能${transition.title}，不会处理`} />
        )}
        {transition.body && (
          <Form form={form} name={formName} layout="vertical" onFinish={finish} disabled={send.isPending}>
            <BodyFields schema={transition.body} resource={family.resource} />
          </Form>
        )}
      </Flex>
    </Modal>
  );
}
