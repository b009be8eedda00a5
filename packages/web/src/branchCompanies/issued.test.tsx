import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CompanyCreated, IssuedAppKey } from './issued';

describe('what 公司运营配置 shows once', () => {
  it("shows an issued key's whole X-App-Key, to copy, until 我已记下", () => {
    const onClose = vi.fn();
    render(
      <IssuedAppKey answer={{ id: '3', name: '司机APP', header: 'ak_0123456789abcdef.s3cret' }} onClose={onClose} />,
    );
    expect(screen.getByText('ak_0123456789abcdef.s3cret')).toBeTruthy();
    expect(screen.getByText(/关闭后无法再次查看/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '我已记下' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('tells the creator of a new company to switch to it', () => {
    render(<CompanyCreated answer={{ id: '9', tenantName: '广州分公司' }} onClose={() => undefined} />);
    expect(screen.getByText(/「广州分公司」已建立，您已是该公司的超级管理员/)).toBeTruthy();
    expect(screen.getByText(/切换到该公司后/)).toBeTruthy();
  });
});
