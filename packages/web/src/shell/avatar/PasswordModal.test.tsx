import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../resource/testing/render';
import { PasswordModal } from './PasswordModal';

vi.mock('../../request', () => import('../../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 20_000 });

function open(mobile = '13812345678') {
  renderWithShell(<PasswordModal open onClose={() => {}} mobile={mobile} />);
  const dialog = screen.getByRole('dialog');
  const type = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const confirm = () => fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  return { dialog, type, confirm };
}

const error = { selector: '.ant-form-item-explain-error' };

describe('修改密码', () => {
  it('asks for every field first', async () => {
    const { dialog, confirm } = open();
    confirm();
    expect(await within(dialog).findByText('旧密码不能为空', error)).toBeTruthy();
    expect(await within(dialog).findByText('密码不能为空', error)).toBeTruthy();
    expect(await within(dialog).findByText('确认密码不能为空', error)).toBeTruthy();
    expect(screen.queryByText('该功能暂不支持')).toBeNull();
  });

  it('holds the new password to the hint’s rules, saying which one it breaks', async () => {
    const { dialog, type } = open();
    const cases: [string, string][] = [
      ['ab12', '新密码：长度应为6-10位，当前4位'],
      ['abcdefgh', '新密码：须包含数字、字母、符号中至少两种'],
      ['abc 1234', '新密码：不能包含空格'],
      ['pw345678', '新密码：不能包含手机号中连续6位以上的数字'],
    ];
    for (const [password, message] of cases) {
      type('新密码', password);
      expect(await within(dialog).findByText(message, error), password).toBeTruthy();
    }
  });

  it('wants the confirmation to match, and only then says the change is not supported yet', async () => {
    const { dialog, type, confirm } = open();
    type('旧密码', 'old-pass1');
    type('新密码', 'new_pass1');
    type('确认密码', 'new_pass2');
    confirm();
    expect(await within(dialog).findByText('两次输入的新密码不一致', error)).toBeTruthy();
    expect(screen.queryByText('该功能暂不支持')).toBeNull();
    type('确认密码', 'new_pass1');
    await waitFor(() => expect(within(dialog).queryByText('两次输入的新密码不一致')).toBeNull());
    confirm();
    expect(await screen.findByText('该功能暂不支持')).toBeTruthy();
  });
});
