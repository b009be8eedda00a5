import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../request/errors';
import { fakeFeedbackApi, openFeedback, pick, renderWidget, submit, type } from './testing';

function chooseScreenshots(...names: string[]) {
  const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: names.map((name) => new File(['png'], name)) } });
}

describe('建议', () => {
  it('requires 角色, 菜单, 问题 and 等级, in Chinese', async () => {
    const api = renderWidget();
    openFeedback('建议');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('建议')).toBeTruthy();
    submit();
    for (const text of ['请输入角色', '请选择菜单', '请输入问题', '请选择等级']) {
      expect(await within(dialog).findByText(text)).toBeTruthy();
    }
    expect(api.submitSuggestion).not.toHaveBeenCalled();
  });

  it('posts the suggestion with its screenshots and says 操作成功', async () => {
    const api = renderWidget();
    openFeedback('建议');
    await screen.findByRole('dialog');
    expect(screen.getByRole('textbox', { name: '角色' }).getAttribute('placeholder')).toBe('请输入');
    type('角色', '运营专员');
    await pick('菜单', '财务管理 / 账单列表');
    type('问题', '希望账单支持批量导出');
    await pick('等级', '高');
    chooseScreenshots('1.png', '2.png');
    await screen.findByRole('button', { name: '2.png' });
    submit();
    await waitFor(() =>
      expect(api.submitSuggestion).toHaveBeenCalledWith({
        role: '运营专员',
        menu: '财务管理 / 账单列表',
        problem: '希望账单支持批量导出',
        level: '高',
        pic: ['private/1.png', 'private/2.png'],
        sysName: 'cp',
      }),
    );
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('takes at most 3 screenshots, as images', async () => {
    const api = renderWidget();
    openFeedback('建议');
    await screen.findByRole('dialog');
    chooseScreenshots('a.pdf');
    expect(await screen.findByText('文件格式不正确!')).toBeTruthy();
    chooseScreenshots('1.png', '2.jpg', '3.jpeg', '4.png');
    expect(await screen.findByText('最多只能上传3个文件!')).toBeTruthy();
    await screen.findByRole('button', { name: '3.jpeg' });
    expect(api.uploadScreenshot).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('button', { name: '上传截图' })).toBeNull();
  });

  it("keeps the dialog open and shows the server's message when the post fails", async () => {
    const api = fakeFeedbackApi();
    api.submitSuggestion.mockRejectedValue(new RequestError(429, '提交过于频繁', 'http'));
    renderWidget(api);
    openFeedback('建议');
    await screen.findByRole('dialog');
    type('角色', '客服');
    await pick('菜单', '车辆管理 / 车辆列表');
    type('问题', '页面打不开');
    await pick('等级', '低');
    submit();
    expect(await screen.findByText('提交过于频繁')).toBeTruthy();
    expect(screen.queryByText('操作成功')).toBeNull();
    expect(screen.getByRole('textbox', { name: '角色' })).toBeTruthy();
  });
});
