import {
  type ApprovalRecord,
  offlinePaymentResource,
  receivableResource,
  returnSettlementResource,
} from '@cp/contracts';
import { render } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApprovalRecordView } from '../approvals/ApprovalRecord';
import { buildColumns } from './buildColumns';
import { ResourceDescriptions } from './ResourceDescriptions';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));

/** The tone and antd colour class of the tag showing `word`. */
function tagOf(word: string, container: HTMLElement = document.body) {
  const tags = [...container.querySelectorAll<HTMLElement>('.ant-tag')].filter((tag) => tag.textContent === word);
  const [tag] = tags;
  if (!tag) throw new Error(`no tag ${word}`);
  return {
    tone: tag.dataset.tone,
    colour: [...tag.classList].filter((name) => /ant-tag-(?!.*root)/.test(name)).sort(),
  };
}

const receivable = (status: number, id: string) => ({
  id,
  version: 1,
  orderNo: `ZL${id}`,
  status,
  dueDate: '2026-10-01',
});

describe('status tags', () => {
  it('show a list’s status cells as tags coloured by meaning: 逾期 red, 已收款 green, 待收款 gold, 已作废 grey', () => {
    const columns = buildColumns(receivableResource, { only: ['orderNo', 'status'] });
    render(
      <Table
        rowKey="id"
        columns={columns}
        dataSource={[receivable(3, '1'), receivable(2, '2'), receivable(0, '3'), receivable(5, '4')]}
        pagination={false}
      />,
    );
    expect(tagOf('逾期')).toMatchObject({ tone: 'danger', colour: expect.arrayContaining(['ant-tag-error']) });
    expect(tagOf('已收款').tone).toBe('success');
    expect(tagOf('待收款').tone).toBe('waiting');
    expect(tagOf('已作废').tone).toBe('closed');
    expect(tagOf('已收款').colour).not.toEqual(tagOf('逾期').colour);
  });

  it('gives the same word the same tag in a list, a detail and an approval record; 驳回 unlike 通过', () => {
    // 已驳回: a 核算单 in its list, a 线下收款 in its detail, an approval and its task in the approval's record.
    const { container: list } = render(
      <Table
        rowKey="id"
        columns={buildColumns(returnSettlementResource, { only: ['settlementNo', 'status'] })}
        dataSource={[
          { id: '9', version: 1, settlementNo: 'JS009', status: 3 },
          { id: '8', version: 1, settlementNo: 'JS008', status: 2 },
        ]}
        pagination={false}
      />,
    );
    const { container: detail } = renderWithShell(
      <ResourceDescriptions
        resource={offlinePaymentResource}
        record={{ id: '3', version: 1, payerName: '王五', status: 3 }}
        groups={[{ title: '审批', fields: ['payerName', 'status'] }]}
      />,
    );
    const record = {
      id: '1',
      title: '退车结算 JS009',
      businessType: 4,
      businessId: '9',
      status: 3,
      initiatorName: '张三',
      createdAt: '2026-11-01T02:00:00.000Z',
      endedAt: '2026-11-02T02:00:00.000Z',
      nodeIndex: 0,
      nodes: [{ name: '财务审批', method: 1, tasks: [{ approverName: '李四', status: 2 }] }],
      events: [
        { at: '2026-11-01T02:00:00.000Z', kind: 1, userName: '张三', nodeName: null, toUserName: null, comment: null },
        {
          at: '2026-11-02T02:00:00.000Z',
          kind: 3,
          userName: '李四',
          nodeName: '财务审批',
          toUserName: null,
          comment: '金额不符',
        },
      ],
    } as unknown as ApprovalRecord;
    const { container: approval } = render(<ApprovalRecordView record={record} />);

    const inList = tagOf('已驳回', list);
    expect(inList.tone).toBe('danger');
    expect(tagOf('已驳回', detail)).toEqual(inList);
    const inRecord = [...approval.querySelectorAll<HTMLElement>('.ant-tag')].filter(
      (tag) => tag.textContent === '已驳回',
    );
    // The approval's 审批状态 and its task's 处理状态.
    expect(inRecord).toHaveLength(2);
    expect(tagOf('已驳回', approval)).toEqual(inList);
    expect(tagOf('驳回', approval)).toEqual(inList);
    expect(tagOf('提交', approval).tone).toBe('active');
    const passed = tagOf('已通过', list);
    expect(passed.tone).toBe('success');
    expect(passed.colour).not.toEqual(inList.colour);
  });
});
