import type { Screen } from '@cp/contracts';
import { Button, Result, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';

/**
 * The kinds of records one page lists, each a screen of its own address: the page's screen and its child
 * pages (`/x/:type`), as tabs above the search panel titled by what each lists (车型报价 · 政策预警: the screens' `title`).
 */
export function ScreenViews({ views, current }: { views: readonly Screen[]; current: Screen }) {
  const navigate = useNavigate();
  return (
    <Tabs
      activeKey={current.key}
      onChange={(key) => {
        const target = views.find((view) => view.key === key);
        if (target) navigate(target.path);
      }}
      items={views.map((view) => ({ key: view.key, label: view.title }))}
    />
  );
}

/** A child page's screen only at its own address: another value of its parameter is no page. */
export function AtScreenPath({ screen, children }: { screen: Screen; children: ReactNode }) {
  const path = useParams();
  const navigate = useNavigate();
  const wrong = Object.entries(screen.params ?? {}).some(([name, value]) => path[name] !== value);
  if (!wrong) return children;
  return (
    <Result
      status="404"
      title="页面不存在"
      extra={<Button onClick={() => navigate(screen.path)}>查看{screen.title}</Button>}
    />
  );
}

/** The screens a page's tabs offer for a screen: those of the module on its page and the page's child pages. */
export function viewsOf(screens: readonly Screen[], screen: Screen): Screen[] {
  const menuKey = screen.route.menuKey;
  const onPage = screens.filter(
    (candidate) =>
      !candidate.embedded &&
      candidate.route.menuKey === menuKey &&
      (candidate.params !== undefined || candidate.route.key === menuKey),
  );
  return onPage.length > 1 && onPage.includes(screen) ? onPage : [];
}
