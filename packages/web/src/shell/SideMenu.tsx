import type { MenuNode } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../auth/api';
import { groupKeyOf } from './menus';
import { usePageResume } from './pageCache/resume';

function PendingBadge() {
  const pending = useQuery({ queryKey: ['session', 'starSeaPending'], queryFn: authApi.starSeaPending });
  return <Badge count={pending.data?.count ?? 0} size="small" offset={[6, -2]} />;
}

function toItems(nodes: readonly MenuNode[], open: (path: string) => void): NonNullable<MenuProps['items']> {
  return nodes.map((node) =>
    node.path
      ? {
          key: node.key,
          label: (
            <Link
              to={node.path}
              onClick={(event) => {
                event.preventDefault();
                if (node.path) open(node.path);
              }}
            >
              {node.title}
              {node.badge === 'pending' && <PendingBadge />}
            </Link>
          ),
        }
      : { key: node.key, label: node.title, children: toItems(node.children ?? [], open) },
  );
}

/** The pages of the chosen section, in their groups; a cached page opens as the user left it. */
export function SideMenu({
  section,
  selectedKey,
  onNavigate,
}: {
  section: MenuNode | undefined;
  selectedKey: string | undefined;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const { resume } = usePageResume();
  const open = (path: string) => navigate(resume(path));
  const group = selectedKey ? groupKeyOf(section, selectedKey) : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);
  useEffect(() => {
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [group]);

  return (
    <nav aria-label="侧边菜单" className="shell-side-menu">
      <Menu
        mode="inline"
        style={{ borderInlineEnd: 'none' }}
        items={toItems(section?.children ?? [], open)}
        selectedKeys={selectedKey ? [selectedKey] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        onClick={() => onNavigate?.()}
      />
    </nav>
  );
}
