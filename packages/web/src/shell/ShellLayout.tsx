import { Drawer, FloatButton } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { RouteTable } from '../app/routeTable';
import { useSession } from '../auth/session';
import { FeedbackWidget } from '../feedback';
import { NotFoundResult } from '../pages';
import { useIsMobileWidth } from '../widgets';
import { Breadcrumbs } from './Breadcrumbs';
import { HeaderBar } from './HeaderBar';
import { downloadRecordKey, firstPagePath, visibleMenu } from './menus';
import { PageHost } from './pageCache/PageHost';
import { PageResumeProvider, usePageResume } from './pageCache/resume';
import { SideMenu } from './SideMenu';
import { ShellMenuContext } from './shellMenu';
import { useActiveTopMenu } from './useActiveTopMenu';
import { useSidebar } from './useSidebar';
import { WatermarkLayer } from './WatermarkLayer';

const sidebarWidth = 270;
/** /404 inside the frame: the path asked for and the way home, with header and sidebar kept. */
const notFound = <NotFoundResult />;
/** The scroll-to-top helper's animation (SPEC.md §9). */
const scrollToTopMs = 800;

function Shell({ table }: { table: RouteTable }) {
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { resume } = usePageResume();
  const route = table.resolve(location.pathname);
  const menu = useMemo(() => visibleMenu(user.menuData, table.isBuilt), [user.menuData, table]);
  const sectionKeys = useMemo(() => menu.map((section) => section.key), [menu]);
  const top = useActiveTopMenu(sectionKeys, route?.section ?? null);
  const section = menu[top.index];

  const mobile = useIsMobileWidth();
  const sidebar = useSidebar();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebarOpen = mobile ? drawerOpen : sidebar.opened;

  const chooseSection = (index: number) => {
    top.choose(index);
    const path = menu[index] && firstPagePath(menu[index]);
    if (path) navigate(resume(path));
  };

  const sideMenu = <SideMenu section={section} selectedKey={route?.menuKey} onNavigate={() => setDrawerOpen(false)} />;

  return (
    <WatermarkLayer user={user}>
      <div className={`shell ${mobile ? 'shell-mobile' : ''}`}>
        <HeaderBar
          sections={menu}
          activeSection={section?.key}
          onChooseSection={chooseSection}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={mobile ? () => setDrawerOpen((open) => !open) : sidebar.toggle}
          downloadsBuilt={table.isBuilt(downloadRecordKey)}
          mobile={mobile}
        />
        <div className="shell-body">
          {mobile ? (
            <Drawer
              placement="left"
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              size={sidebarWidth}
              title={section?.title ?? '菜单'}
              styles={{ body: { padding: 0 } }}
            >
              {sideMenu}
            </Drawer>
          ) : (
            sidebar.opened && (
              <aside className="shell-sider" style={{ width: sidebarWidth }}>
                {sideMenu}
              </aside>
            )
          )}
          <main className="shell-main" style={{ marginLeft: !mobile && sidebar.opened ? sidebarWidth : 0 }}>
            {route && (
              // The page's one h1 is its catalogue title, here and not in the pages: cached pages kept hidden
              // would otherwise each hold one.
              <div className="shell-page-header">
                <h1 className="shell-page-title">{route.title}</h1>
                <Breadcrumbs route={route} isBuilt={table.isBuilt} />
              </div>
            )}
            <ShellMenuContext.Provider value={menu}>
              <PageHost pages={table.pages} fallback={notFound} />
            </ShellMenuContext.Provider>
          </main>
        </div>
        <FloatButton.BackTop duration={scrollToTopMs} />
        <FeedbackWidget menuData={menu} />
      </div>
    </WatermarkLayer>
  );
}

/** The console around every signed-in page: header, menus, breadcrumb, watermark and the page itself. */
export function ShellLayout({ table }: { table: RouteTable }) {
  return (
    <PageResumeProvider>
      <Shell table={table} />
    </PageResumeProvider>
  );
}
