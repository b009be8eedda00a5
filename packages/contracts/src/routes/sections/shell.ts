import type { RouteDef } from '../types';

function shellRoute(path: string, title: string, access: RouteDef['access'], key: string): RouteDef {
  return {
    path,
    title,
    key,
    section: null,
    hidden: true,
    cached: false,
    params: [],
    access,
    menuKey: key,
    buttons: [],
  };
}

/** Pages outside the sections: every signed-in user may open /home and /downloadRecord. */
export const shellRoutes: RouteDef[] = [
  shellRoute('/login', '登录', 'public', 'login'),
  shellRoute('/404', '404', 'public', '404'),
  shellRoute('/home', '首页', 'session', 'home'),
  shellRoute('/downloadRecord', '下载记录', 'session', 'downloadRecord'),
];
