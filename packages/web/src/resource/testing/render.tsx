import type { MenuNode, UserInfo } from '@cp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { SessionProvider } from '../../auth/session';

export interface RenderOptions {
  url?: string;
  /** Button keys the user holds. */
  buttons?: readonly string[];
  /** Menu keys (route keys) the user holds. */
  menus?: readonly string[];
  /** The app's query client, when a test prepares its cache first (a prefetch). */
  queryClient?: QueryClient;
}

export function testUser(buttons: readonly string[] = [], menus: readonly string[] = []): UserInfo {
  const menuData: MenuNode[] = menus.map((key) => ({ key, title: key, path: `/${key}` }));
  return {
    id: '1',
    userName: '管理员',
    name: '管理员',
    code: 'admin',
    loginId: 'admin',
    roleCodes: [],
    mobile: '',
    companyName: '',
    email: '',
    avatar: '',
    menuData,
    authBtnData: [...buttons],
    pendingNum: 0,
  };
}

function LocationSpy({ seen }: { seen: { location?: Location } }) {
  seen.location = useLocation();
  return null;
}

/** Renders `ui` as the shell would: antd in Chinese, a query client, a router at `url`, a signed-in user. */
export function renderWithShell(
  ui: ReactElement,
  { url = '/', buttons = [], menus = [], queryClient: given }: RenderOptions = {},
) {
  const queryClient =
    given ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const seen: { location?: Location } = {};
  const view = render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[url]}>
            <SessionProvider user={testUser(buttons, menus)}>
              {ui}
              <LocationSpy seen={seen} />
            </SessionProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
  const search = () => new URLSearchParams(seen.location?.search ?? '');
  return { ...view, queryClient, location: () => seen.location, search };
}
