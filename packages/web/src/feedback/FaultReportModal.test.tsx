import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openFeedback, pick, renderWidget, submit, type } from './testing';

describe('故障上报', () => {
  it('prefills 页面地址 with the current address and requires every field', async () => {
    window.history.replaceState(null, '', '/billList?status=1');
    const api = renderWidget();
    openFeedback('故障上报');
    const dialog = await screen.findByRole('dialog');
    const address = screen.getByRole('textbox', { name: '页面地址' }) as HTMLInputElement;
    expect(address.value).toBe(window.location.href);
    expect(address.value).toContain('/billList?status=1');
    fireEvent.change(address, { target: { value: '' } });
    submit();
    for (const text of ['请选择类型', '请选择菜单', '请输入页面地址', '请输入问题']) {
      expect(await within(dialog).findByText(text)).toBeTruthy();
    }
    expect(api.submitFault).not.toHaveBeenCalled();
  });

  it('offers the four fault types and posts the report', async () => {
    const api = renderWidget();
    openFeedback('故障上报');
    await screen.findByRole('dialog');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '类型' }));
    for (const option of ['阻塞使用流程', '涉及结算/财务/金额', '普通功能错误', '以上都有']) {
      expect(await screen.findByTitle(option)).toBeTruthy();
    }
    fireEvent.click(screen.getByTitle('涉及结算/财务/金额'));
    await pick('菜单', '财务管理 / 账单列表');
    type('问题', '应收金额计算错误');
    submit();
    await waitFor(() =>
      expect(api.submitFault).toHaveBeenCalledWith({
        type: '涉及结算/财务/金额',
        menu: '财务管理 / 账单列表',
        problem: '应收金额计算错误',
        pic: [],
        url: window.location.href,
        sysName: 'cp',
      }),
    );
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });
});
