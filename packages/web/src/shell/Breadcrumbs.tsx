import { type RouteDef, routesByKey, sections } from '@cp/contracts';
import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { breadcrumbTrail } from './menus';

const sectionTitle = (key: string) => sections.find((section) => section.key === key)?.title;
const routeByKey = (key: string) => routesByKey.get(key);

export function Breadcrumbs({ route, isBuilt }: { route: RouteDef; isBuilt: (key: string) => boolean }) {
  const trail = breadcrumbTrail(route, sectionTitle, routeByKey);
  const items = trail.map((crumb, index) => {
    const page = index < trail.length - 1 && crumb.page && isBuilt(crumb.page.key) ? crumb.page : undefined;
    return { key: `${index}-${crumb.title}`, title: page ? <Link to={page.path}>{crumb.title}</Link> : crumb.title };
  });
  return <Breadcrumb className="shell-breadcrumb" items={items} />;
}
