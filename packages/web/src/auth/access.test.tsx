import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../test/users';
import { Authorized } from './access';
import { SessionProvider } from './session';

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
});
