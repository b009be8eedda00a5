import { Button, Card, Flex, Form, Result, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { doneMessage, rowName, startingValues } from './ActionDialog';
import { useActionForm } from './ActionFormModal';
import { actionButtons } from './actionButtons';
import { BodyFields } from './BodyFields';
import { DetailById } from './DetailById';
import type { WebFamily } from './family';
import { takeAction } from './mutations';
import { ResourceDescriptions } from './ResourceDescriptions';
import { returnPath } from './ResourceFormPage';
import { createResourceApi } from './resourceApi';
import type { ResourceRecord } from './types';

/**
 * A lifecycle action on a page of its own (`/leaseOrderFillDelivery?id=`): the row as the action finds it,
 * then the action's form. Done, it goes back where it was opened from (`?from=`), else to the family's list.
 * A row whose state no longer allows the action says why instead.
 */
export function ResourceActionPage({ family, action }: { family: WebFamily; action: string }) {
  const { resource, home } = family;
  return (
    <DetailById
      queryKey={[resource.key]}
      load={createResourceApi(resource.endpoint).detail}
      missingTitle={`${resource.title}不存在或已删除`}
      back={{ path: home.path, label: `返回${home.title}` }}
    >
      {(record) => <ActionPage key={String(record.version ?? '')} family={family} action={action} record={record} />}
    </DetailById>
  );
}

function ActionPage({ family, action, record }: { family: WebFamily; action: string; record: ResourceRecord }) {
  const { resource, main, home } = family;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lifecycle = resource.lifecycle;
  const transition = lifecycle?.transition(action);
  if (!lifecycle || !transition) throw new Error(`${resource.key} has no action ${action}`);
  const back = () => navigate(returnPath(params.get('from')) ?? main?.route.path ?? home.path);
  const title = `${transition.title} ${rowName(resource, record)}`;
  const buttons = actionButtons(transition);
  const body = transition.body ?? z.strictObject({});
  const own = family.actionFields?.[action];
  const { form, formName, finish, pending } = useActionForm({
    doneMessage: doneMessage(title),
    schema: body,
    submit: (values: Record<string, unknown>) => takeAction(resource, record.id, action, values),
    invalidate: [resource.key, ...(family.refreshes ?? [])],
    onDone: back,
  });
  const refusal = lifecycle.refusal(action, Number(record[lifecycle.field]), resource.title, record);
  if (refusal) {
    return <Result status="warning" title={refusal} extra={<Button onClick={back}>返回</Button>} />;
  }
  return (
    <Flex vertical gap={16}>
      <Card title={title}>
        <ResourceDescriptions resource={resource} record={record} groups={family.groups} />
      </Card>
      <Card title={transition.title}>
        <Form
          form={form}
          name={formName}
          layout="vertical"
          initialValues={startingValues(transition, record, own?.initial?.(record))}
          onFinish={finish}
          disabled={pending}
        >
          {own ? <own.Fields record={record} /> : <BodyFields schema={body} resource={resource} row={record} />}
          <Space>
            <Button type="primary" onClick={finish} loading={pending}>
              {buttons.okText}
            </Button>
            <Button onClick={back} disabled={false}>
              {buttons.cancelText}
            </Button>
          </Space>
        </Form>
      </Card>
    </Flex>
  );
}
