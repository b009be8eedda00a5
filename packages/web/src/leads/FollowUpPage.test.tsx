import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, lastCall, resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { FollowUpPage } from './FollowUpPage';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const lead = {
  id: '7',
  version: 2,
  contactName: '王磊',
  mobile: '13812345678',
  cityId: null,
  business: 0,
  customerKind: 0,
  salespersonId: '1',
  salespersonName: '张销售',
  source: 0,
  status: 2,
  intentionLevel: 1,
  nextFollowUpDate: '2026-12-01',
  remark: null,
  createdAt: '2026-10-01T02:00:00.000Z',
};
const older = {
  id: '1',
  followedAt: '2026-10-02T02:00:00.000Z',
  way: 0,
  answered: false,
  intentionLevel: 2,
  content: '电话未接',
  nextFollowUpDate: null,
  followerName: '张销售',
};
const newer = {
  ...older,
  id: '2',
  followedAt: '2026-10-05T06:30:00.000Z',
  answered: true,
  content: '约了下周面谈',
  intentionLevel: 1,
};

function open(id = '7') {
  return renderWithShell(<FollowUpPage />, {
    url: `/threadDeatailsFollowUp?id=${id}`,
    buttons: ['threadDeatails:followUp'],
  });
}

beforeEach(() => {
  resetServer();
  serve('GET', '/api/leads/:id', ({ params }: { params: Record<string, string> }) =>
    params.id === '7' ? lead : undefined,
  );
  serve('GET', '/api/lead-follow-ups/views/threadDeatailsFollowUp', {
    list: [newer, older],
    total: 2,
    totalExact: true,
    page: 1,
    limit: 100,
  });
});

describe('线索跟进', () => {
  it('shows the lead and its follow-ups newest first, asked for by the lead', async () => {
    open();
    expect(await screen.findByText('王磊（13812345678）')).toBeTruthy();
    expect(await screen.findByText('跟进记录（2）')).toBeTruthy();
    const entries = screen.getAllByTestId('follow-up').map((entry) => entry.textContent);
    expect(entries[0]).toContain('约了下周面谈');
    expect(entries[1]).toContain('电话未接');
    expect(entries[1]).toContain('未接通');
    expect(lastCall('GET', '/api/lead-follow-ups/views/threadDeatailsFollowUp')?.query).toMatchObject({ leadId: '7' });
  });

  it('says what is missing before sending, then sends the follow-up and asks for the list again', async () => {
    serve('POST', '/api/leads/:id/follow-up', { id: '3' });
    open();
    const form = (await screen.findByText('新增跟进')).closest('.ant-card') as HTMLElement;
    fireEvent.click(within(form).getByRole('button', { name: '提交跟进' }));
    expect(await within(form).findByText('请输入跟进内容')).toBeTruthy();
    expect(lastCall('POST', '/api/leads/7/follow-up')).toBeUndefined();
    fireEvent.change(within(form).getByLabelText('跟进内容'), { target: { value: '客户确认租一辆秦PLUS' } });
    fireEvent.click(within(form).getByRole('button', { name: '提交跟进' }));
    await waitFor(() => expect(lastCall('POST', '/api/leads/7/follow-up')).toBeTruthy());
    expect(lastCall('POST', '/api/leads/7/follow-up')?.body).toMatchObject({
      way: 0,
      answered: true,
      intentionLevel: 1,
      content: '客户确认租一辆秦PLUS',
    });
    expect(await screen.findByText('跟进已记录')).toBeTruthy();
  });

  it('refuses a follow-up of a lead no longer being worked, saying why', async () => {
    serve('GET', '/api/leads/:id', { ...lead, status: 3 });
    open();
    expect(await screen.findByText('线索当前为「已激活」，不能跟进')).toBeTruthy();
    expect((screen.getByRole('button', { name: '提交跟进' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so for a lead that is not there', async () => {
    open('99');
    expect(await screen.findByText('线索不存在')).toBeTruthy();
  });
});

describe('线索跟进: 提交跟进', () => {
  const errors = (form: HTMLElement) => form.querySelectorAll('.ant-form-item-explain-error');

  it('empties the form for the next follow-up and shows no red errors, even when double-clicked', async () => {
    serve('POST', '/api/leads/:id/follow-up', { id: '3' });
    open();
    const form = (await screen.findByText('新增跟进')).closest('.ant-card') as HTMLElement;
    const content = () => within(form).getByLabelText('跟进内容') as HTMLTextAreaElement;
    fireEvent.change(content(), { target: { value: '客户确认租一辆秦PLUS' } });
    const button = within(form).getByRole('button', { name: '提交跟进' });
    fireEvent.click(button);
    expect(await screen.findByText('跟进已记录')).toBeTruthy();
    await waitFor(() => expect(content().value).toBe(''));
    // The second click of a double click, landing after a quick answer has emptied the form.
    fireEvent.click(button);
    // Whatever that click starts (a check of the fields) has finished when its effects are flushed.
    await act(async () => {});
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(errors(form)).toHaveLength(0);
    expect(within(form).queryByText('请输入跟进内容')).toBeNull();
  });
});
