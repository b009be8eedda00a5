import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showErrorToast } from '../request/toast';
import { testRoute } from '../test/routes';
import { testUser } from '../test/users';
import { authApi } from './api';
import { SessionGate } from './SessionGate';
import { prefetchUserInfo } from './session';
import { getToken, setToken } from './token';

vi.mock('./api', () => ({ authApi: { userInfo: vi.fn() } }));
vi.mock('../request/toast', () => ({ showErrorToast: vi.fn() }));
const userInfo = vi.mocked(authApi.userInfo);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderGate(route = testRoute('/home'), queryClient = new QueryClient(), fallback?: ReactNode) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/roleManagement?keyword=a']}>
        <Routes>
          <Route
            path="/roleManagement"
            element={
              <SessionGate route={route} fallback={fallback}>
                <p>page content</p>
              </SessionGate>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('session gate', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setToken('tok-1');
  });

  it('loads user info once and shows the page', async () => {
    userInfo.mockResolvedValue(testUser);
    renderGate();
    await screen.findByText('page content');
    expect(userInfo).toHaveBeenCalledOnce();
  });

  it('on failure clears the token, shows the failure and goes to login with the redirect', async () => {
    userInfo.mockRejectedValue(new Error('登录已过期，请重新登录'));
    renderGate();
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2FroleManagement%3Fkeyword%3Da'),
    );
    expect(getToken()).toBeUndefined();
    expect(showErrorToast).toHaveBeenCalledWith('登录已过期，请重新登录');
  });

  it('reports the failure of the read started before the first render, without asking again', async () => {
    userInfo.mockRejectedValue(new Error('登录已过期，请重新登录'));
    const queryClient = new QueryClient();
    prefetchUserInfo(queryClient);
    await waitFor(() => expect(queryClient.getQueryState(['session', 'userInfo'])?.status).toBe('error'));
    renderGate(testRoute('/home'), queryClient);
    await screen.findByTestId('where');
    expect(showErrorToast).toHaveBeenCalledWith('登录已过期，请重新登录');
    expect(userInfo).toHaveBeenCalledOnce();
  });

  it('says "Has Error" when the failure has no text', async () => {
    userInfo.mockRejectedValue({});
    renderGate();
    await screen.findByTestId('where');
    expect(showErrorToast).toHaveBeenCalledWith('Has Error');
  });

  it('answers 404 for a route the menus do not grant, naming the path', async () => {
    userInfo.mockResolvedValue(testUser);
    renderGate(testRoute('/roleManagement', { access: 'menu', menuKey: 'roleManagement' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/404?path=%2FroleManagement'));
  });

  it('shows its fallback when the session cannot be read, and stays (the public 404)', async () => {
    userInfo.mockRejectedValue(new Error('登录已过期，请重新登录'));
    renderGate(testRoute('/home'), new QueryClient(), <p>public page</p>);
    await screen.findByText('public page');
    expect(screen.queryByTestId('where')).toBeNull();
    expect(getToken()).toBeUndefined();
    expect(showErrorToast).not.toHaveBeenCalled();
  });
});
