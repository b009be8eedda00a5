import { BankOutlined, DownloadOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { MenuNode } from '@cp/contracts';
import { Button, Menu, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { systemTitle } from '../app/routeTable';
import { useSession } from '../auth/session';
import { useLogout } from '../auth/useLogout';
import { UserMenu } from './avatar/UserMenu';
import { Logo } from './Logo';

export interface HeaderBarProps {
  sections: readonly MenuNode[];
  activeSection: string | undefined;
  onChooseSection: (index: number) => void;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  downloadsBuilt: boolean;
  mobile: boolean;
}

export function HeaderBar(props: HeaderBarProps) {
  const { user } = useSession();
  const logout = useLogout();
  const sectionItems = props.sections.map((section) => ({ key: section.key, label: section.title }));
  return (
    <header className="shell-header">
      <Button
        type="text"
        aria-label={props.sidebarOpen ? '收起侧边栏' : '展开侧边栏'}
        icon={props.sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={props.onToggleSidebar}
      />
      <Link to="/home" className="shell-brand">
        <Logo />
        {!props.mobile && <span className="shell-title">{systemTitle}</span>}
      </Link>
      <nav aria-label="顶部菜单" className="shell-top-menu">
        <Menu
          mode="horizontal"
          items={sectionItems}
          selectedKeys={props.activeSection ? [props.activeSection] : []}
          onClick={({ key }) => props.onChooseSection(props.sections.findIndex((section) => section.key === key))}
        />
      </nav>
      <div className="shell-actions">
        <Tooltip title="下载记录">
          {props.downloadsBuilt ? (
            <Link to="/downloadRecord" aria-label="下载记录" className="shell-icon-link">
              <DownloadOutlined />
            </Link>
          ) : (
            <Button type="text" aria-label="下载记录" icon={<DownloadOutlined />} disabled />
          )}
        </Tooltip>
        {user.companyName && (
          <Tooltip title="当前分公司：数据与操作都属于这家分公司，可在头像菜单「切换账号」中更换">
            <Tag color="orange" className="shell-company" aria-label={`当前分公司：${user.companyName}`}>
              <BankOutlined /> {user.companyName}
            </Tag>
          </Tooltip>
        )}
        <UserMenu user={user} hideName={props.mobile} />
        <a
          href="/login"
          className="shell-logout"
          onClick={(event) => {
            event.preventDefault();
            void logout();
          }}
        >
          退出登录
        </a>
      </div>
    </header>
  );
}
