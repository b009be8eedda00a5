import { describe, expect, it } from 'vitest';
import { createRouteTable, pageTitle } from './routeTable';

const Page = () => null;

describe('route table', () => {
  const table = createRouteTable({ home: Page, roleManagement: Page, 'powerOff.applyList': Page });

  it('routes public pages and registered pages only', () => {
    expect(table.resolve('/login')?.key).toBe('login');
    expect(table.resolve('/404')?.key).toBe('404');
    expect(table.resolve('/roleManagement')?.key).toBe('roleManagement');
    expect(table.resolve('/powerOff/applyList')?.key).toBe('powerOff.applyList');
    expect(table.resolve('/userManagement')).toBeUndefined();
    expect(table.resolve('/nothing')).toBeUndefined();
    expect(table.pages.map((page) => page.route.key)).toEqual(['home', 'powerOff.applyList', 'roleManagement']);
  });

  it('knows which catalogue pages are built', () => {
    expect(table.isBuilt('roleManagement')).toBe(true);
    expect(table.isBuilt('downloadRecord')).toBe(false);
  });

  it('titles a page "{title} - CP运营管理系统"', () => {
    const route = table.resolve('/roleManagement');
    expect(route && pageTitle(route)).toBe('角色管理 - CP运营管理系统');
  });
});
