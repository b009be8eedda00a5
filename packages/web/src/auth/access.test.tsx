import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../test/users';
import { Authorized, useAccess } from './access';
import { SessionProvider } from './session';

const unknownKey = 'roleManagement:fly';
const session = ({ children }: { children: ReactNode }) => (
  <SessionProvider user={{ ...testUser, authBtnData: [...testUser.authBtnData, unknownKey] }}>
    {children}
  </SessionProvider>
);

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('button permission', () => {
  it('keeps buttons whose key the user holds and removes the others', () => {
    render(
      <SessionProvider user={testUser}>
        <Authorized button="roleManagement:add">
          <button type="button">新增</button>
        </Authorized>
        <Authorized button="roleManagement:delete">
          <button type="button">删除</button>
        </Authorized>
      </SessionProvider>,
    );
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('refuses a key the route catalogue does not know in tests, so the component asking for it fails', () => {
    const { result } = renderHook(() => useAccess(), { wrapper: session });
    expect(() => result.current.hasButton(unknownKey)).toThrow(
      `button key ${unknownKey} is not in the route catalogue`,
    );
    // React reports the error it rethrows; the report is not what this test is about.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <Authorized button={unknownKey}>
          <button type="button">飞</button>
        </Authorized>,
        { wrapper: session },
      ),
    ).toThrow(unknownKey);
  });

  it('refuses it in development too', () => {
    vi.stubEnv('MODE', 'development');
    vi.stubEnv('DEV', true);
    const { result } = renderHook(() => useAccess(), { wrapper: session });
    expect(() => result.current.hasButton(unknownKey)).toThrow(unknownKey);
  });

  it('treats it as not held in production, even when a role lists it', () => {
    vi.stubEnv('MODE', 'production');
    vi.stubEnv('DEV', false);
    const { result } = renderHook(() => useAccess(), { wrapper: session });
    expect(result.current.hasButton(unknownKey)).toBe(false);
    expect(result.current.hasButton('roleManagement:add')).toBe(true);
  });
});
