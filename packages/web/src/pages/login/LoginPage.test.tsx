import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConsole } from '../../app/loadConsole';
import { UiProvider } from '../../app/UiProvider';
import { loginApi } from '../../auth/loginApi';
import { getToken, removeToken } from '../../auth/token';
import { LoginPage } from './LoginPage';

vi.mock('../../auth/loginApi', () => ({ loginApi: { login: vi.fn(), tokenLogin: vi.fn(), imLogin: vi.fn() } }));
const api = vi.mocked(loginApi);
// The console a login loads: here only whether the session began.
const beginSession = vi.fn();
vi.mock('../../app/loadConsole', () => ({ loadConsole: vi.fn(async () => ({ beginSession })) }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderLogin(url: string) {
  render(
    <UiProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
}

const where = async () => (await screen.findByTestId('where')).textContent;

describe('login page', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    removeToken();
  });

  it('logs in with login id and password, stores the token and returns to the redirect', async () => {
    api.login.mockResolvedValue({ access_token: 'fresh' });
    renderLogin('/login?redirect=%2FroleManagement%3Fkeyword%3Da');
    fireEvent.change(screen.getByLabelText('登录账号'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'admin123' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await where()).toBe('/roleManagement?keyword=a');
    expect(api.login).toHaveBeenCalledWith('admin', 'admin123');
    expect(getToken()).toBe('fresh');
    // The console was loaded once the token existed, and forgot what an earlier session left.
    expect(loadConsole).toHaveBeenCalledOnce();
    expect(beginSession).toHaveBeenCalledOnce();
  });

  it('asks for both fields before calling the server', async () => {
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('请输入登录账号');
    await screen.findByText('请输入密码');
    expect(api.login).not.toHaveBeenCalled();
  });

  it('shows the server message of a failed login', async () => {
    api.login.mockRejectedValue(new Error('账号或密码错误'));
    renderLogin('/login');
    fireEvent.change(screen.getByLabelText('登录账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain('账号或密码错误');
    expect(getToken()).toBeUndefined();
    expect(loadConsole).not.toHaveBeenCalled();
  });

  it.each([
    ['token', '/login?token=t-1&redirect=%2FroleManagement'],
    ['system', '/login?system=t-1&redirect=%2FroleManagement'],
  ])('logs in directly with a %s parameter through token login', async (_, url) => {
    api.tokenLogin.mockResolvedValue({ access_token: 'fresh' });
    renderLogin(url);
    expect(await where()).toBe('/roleManagement');
    expect(api.tokenLogin).toHaveBeenCalledExactlyOnceWith('t-1');
    expect(getToken()).toBe('fresh');
  });

  it('exchanges an authorization code through the messaging-platform login and shows its answer', async () => {
    api.imLogin.mockRejectedValue(new Error('未配置企业消息平台登录'));
    renderLogin('/login?code=c-1&state=success');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('未配置企业消息平台登录'));
    expect(api.imLogin).toHaveBeenCalledExactlyOnceWith('c-1', 'success');
    expect(screen.getByLabelText('登录账号')).toBeTruthy();
  });
});
