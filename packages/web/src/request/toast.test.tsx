import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bindMessageApi, showErrorToast } from './toast';

describe('error toast', () => {
  it('is an error toast that stays 5 seconds and has a close button', () => {
    const api = { open: vi.fn(), destroy: vi.fn() };
    bindMessageApi(api);
    showErrorToast('账号或密码错误');
    const args = api.open.mock.calls[0]?.[0];
    expect(args).toMatchObject({ type: 'error', duration: 5 });
    render(args.content);
    expect(screen.getByText('账号或密码错误')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(api.destroy).toHaveBeenCalledWith(args.key);
  });
});
