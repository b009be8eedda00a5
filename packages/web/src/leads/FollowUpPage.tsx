import {
  followUpBody,
  leadEnums,
  leadFollowUpResource,
  leadFollowUpScreens,
  leadResource,
  leadStatus,
  type PageResult,
} from '@cp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { get } from '../request';
import {
  BodyField,
  DetailById,
  ResourceDescriptions,
  type ResourceRecord,
  refreshResources,
  takeAction,
  useFormSubmit,
} from '../resource';

const followable: readonly number[] = [leadStatus.allocated, leadStatus.followingUp];
const changed = [leadResource.key, leadFollowUpResource.key, 'leadEvent'];
const followUps = leadFollowUpScreens.threadDeatailsFollowUp;

const moment = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : undefined }),
  normalize: (day: Dayjs | null) => (day ? day.toISOString() : undefined),
};
const day = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : undefined }),
  normalize: (picked: Dayjs | null) => (picked ? picked.format('YYYY-MM-DD') : undefined),
};

const freshValues = (lead: ResourceRecord) => ({
  followedAt: new Date().toISOString(),
  way: 0,
  answered: true,
  intentionLevel: lead.intentionLevel ?? undefined,
});

/** The follow-up form: when, how, whether it got through, what was said, how keen, and when to call again. */
function FollowUpForm({ lead }: { lead: ResourceRecord }) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => takeAction(leadResource, lead.id, 'followUp', body),
    onSuccess: () => {
      message.success('跟进已记录');
      void refreshResources(queryClient, changed);
    },
  });
  const { submit, saving } = useFormSubmit<z.output<typeof followUpBody>>(form, {
    schema: followUpBody,
    save: (body) => save.mutateAsync(body),
    // Emptied for the next follow-up, starting again from now: the fields untouched, so none shows an error.
    resetAfterSave: () => {
      form.resetFields();
      form.setFieldsValue(freshValues(lead));
    },
  });
  const open = followable.includes(Number(lead.status));
  return (
    <Card title="新增跟进">
      {open ? null : (
        <Typography.Paragraph type="warning">
          线索当前为「{leadEnums.status.label(Number(lead.status))}」，不能跟进
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        name="leadFollowUp"
        layout="vertical"
        initialValues={freshValues(lead)}
        onFinish={submit}
        disabled={!open || saving}
      >
        <Row gutter={16}>
          <Col span={12}>
            <BodyField schema={followUpBody} name="followedAt" kind="datetime" {...moment}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              />
            </BodyField>
          </Col>
          <Col span={12}>
            <BodyField schema={followUpBody} name="way">
              <Radio.Group options={leadEnums.followUpWay.options} />
            </BodyField>
          </Col>
          <Col span={12}>
            <BodyField schema={followUpBody} name="answered" valuePropName="checked">
              <Switch checkedChildren="已接通" unCheckedChildren="未接通" />
            </BodyField>
          </Col>
          <Col span={12}>
            <BodyField schema={followUpBody} name="intentionLevel">
              <Select options={leadEnums.intentionLevel.options} />
            </BodyField>
          </Col>
          <Col span={24}>
            <BodyField schema={followUpBody} name="content">
              <Input.TextArea rows={4} maxLength={500} showCount />
            </BodyField>
          </Col>
          <Col span={12}>
            <BodyField schema={followUpBody} name="nextFollowUpDate" {...day}>
              <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
            </BodyField>
          </Col>
        </Row>
        <Button type="primary" onClick={submit} loading={saving}>
          提交跟进
        </Button>
      </Form>
    </Card>
  );
}

/** The lead's follow-ups, newest first. */
function FollowUpHistory({ leadId }: { leadId: string }) {
  const query = { page: 1, limit: 100, leadId };
  const list = useQuery({
    queryKey: [leadFollowUpResource.key, 'list', followUps.endpoint, query],
    queryFn: () => get<PageResult<ResourceRecord>>(followUps.endpoint, query),
  });
  const rows = list.data?.list ?? [];
  return (
    <Card title={`跟进记录${list.data ? `（${list.data.total}）` : ''}`}>
      {list.isPending ? <Spin /> : null}
      {list.data && rows.length === 0 ? <Empty description="还没有跟进记录" /> : null}
      <Timeline
        items={rows.map((row) => ({
          key: row.id,
          color: row.answered ? 'green' : 'gray',
          children: (
            <div data-testid="follow-up">
              <Space wrap>
                <Typography.Text strong>{dayjs(String(row.followedAt)).format('YYYY-MM-DD HH:mm')}</Typography.Text>
                <Tag>{leadEnums.followUpWay.label(Number(row.way))}</Tag>
                <Tag color={row.answered ? 'green' : 'default'}>{row.answered ? '已接通' : '未接通'}</Tag>
                <Tag color="orange">意向{leadEnums.intentionLevel.label(Number(row.intentionLevel))}</Tag>
                <Typography.Text type="secondary">{String(row.followerName)}</Typography.Text>
              </Space>
              <Typography.Paragraph style={{ margin: '4px 0 0' }}>{String(row.content)}</Typography.Paragraph>
              {row.nextFollowUpDate ? (
                <Typography.Text type="secondary">下次跟进：{String(row.nextFollowUpDate)}</Typography.Text>
              ) : null}
            </div>
          ),
        }))}
      />
    </Card>
  );
}

/** 线索跟进 (`/threadDeatailsFollowUp?id=`): the lead, the follow-up form beside its follow-ups. */
export function FollowUpPage() {
  const navigate = useNavigate();
  return (
    <DetailById<ResourceRecord>
      queryKey={[leadResource.key]}
      load={(id) => get<ResourceRecord>(`${leadResource.endpoint}/${id}`)}
      missingTitle="线索不存在"
      back={{ path: '/threadDeatails', label: '返回线索明细' }}
    >
      {(lead) => (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card
            title={`${String(lead.contactName)}（${String(lead.mobile)}）`}
            extra={
              <Button type="link" onClick={() => navigate(`/threadDetailsLog?leadId=${lead.id}`)}>
                线索日志
              </Button>
            }
          >
            <ResourceDescriptions resource={leadResource} record={lead} column={4} />
          </Card>
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <FollowUpForm lead={lead} />
            </Col>
            <Col xs={24} xl={12}>
              <FollowUpHistory leadId={lead.id} />
            </Col>
          </Row>
        </Space>
      )}
    </DetailById>
  );
}
