import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { Badge, Button, Drawer, Dropdown, Layout, Menu, MenuProps, Space } from 'antd';
import { BellOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@oj/contracts';
import { openAccountDialog, useAuth, useWebsiteConfig } from '@oj/kit';
import {
  MESSAGE_KINDS,
  NavContext,
  NavItem,
  UNREAD_FIELD,
  badgeCount,
  navItems,
  selectedKey,
  showsRegister,
  userMenuItems,
} from './nav-items';
import { useUnreadCounts } from './use-unread';
import { useIsMobile } from './use-media';

type MenuItems = NonNullable<MenuProps['items']>;

export function Navbar() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const config = useWebsiteConfig();
  const auth = useAuth();
  const mobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const unread = useUnreadCounts(auth.isLoggedIn);
  const ctx: NavContext = { config, isRoot: auth.isRoot, isAdmin: auth.isAdmin, isLoggedIn: auth.isLoggedIn };

  const toMenu = (items: NavItem[]): MenuItems =>
    items.map((item) => ({
      key: item.key,
      label: intl.formatMessage({ id: item.labelId }),
      children: item.children ? toMenu(item.children) : undefined,
    }));

  const go = (path: string) => {
    setDrawerOpen(false);
    if (path === '/admin/') window.location.assign('/admin/');
    else navigate(path);
  };
  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('/')) go(key);
  };

  const totalUnread = Object.values(unread).reduce((a, b) => a + b, 0);
  const messageMenu: MenuItems = MESSAGE_KINDS.map((kind) => ({
    key: `/message/${kind}`,
    label: (
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        {intl.formatMessage({ id: `shell.message.${kind}` })}
        <Badge count={badgeCount(unread[UNREAD_FIELD[kind]])} overflowCount={LIMITS.badgeMax} size="small" />
      </Space>
    ),
  }));

  const account = auth.user ? (
    <Space size="middle">
      <Dropdown menu={{ items: messageMenu, onClick: onMenuClick }} trigger={['hover', 'click']}>
        <Badge count={badgeCount(totalUnread)} overflowCount={LIMITS.badgeMax} size="small">
          <Button
            type="text"
            icon={<BellOutlined />}
            aria-label={intl.formatMessage({ id: 'shell.message.title' })}
            data-testid="message-menu"
          />
        </Badge>
      </Dropdown>
      <Dropdown menu={{ items: toMenu(userMenuItems(ctx)), onClick: onMenuClick }} trigger={['hover', 'click']}>
        <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
          {auth.user.username}
        </Button>
      </Dropdown>
    </Space>
  ) : (
    <Space>
      <Button type="primary" ghost onClick={() => openAccountDialog('Login')} data-testid="nav-login">
        {intl.formatMessage({ id: 'shell.nav.login' })}
      </Button>
      {showsRegister(ctx) && (
        <Button onClick={() => openAccountDialog('Register')} data-testid="nav-register">
          {intl.formatMessage({ id: 'shell.nav.register' })}
        </Button>
      )}
    </Space>
  );

  const brand = (
    <a
      href="/home"
      onClick={(e) => {
        e.preventDefault();
        go('/home');
      }}
      style={{ fontWeight: 700, fontSize: 18, color: '#1677ff', whiteSpace: 'nowrap', marginRight: 24 }}
    >
      {config.shortName}
    </a>
  );
  const selected = [selectedKey(location.pathname)];

  if (mobile) {
    return (
      <Layout.Header style={headerStyle} data-testid="mobile-nav">
        <Button type="text" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} data-testid="drawer-toggle" aria-label="menu" />
        {brand}
        <div style={{ marginLeft: 'auto' }}>{account}</div>
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} width={260} title={config.shortName}>
          <Menu mode="inline" selectedKeys={selected} items={toMenu(navItems(ctx))} onClick={onMenuClick} data-testid="drawer-menu" />
        </Drawer>
      </Layout.Header>
    );
  }
  return (
    <Layout.Header style={headerStyle} data-testid="navbar">
      {brand}
      <Menu
        mode="horizontal"
        selectedKeys={selected}
        items={toMenu(navItems(ctx))}
        onClick={onMenuClick}
        style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
      />
      {account}
    </Layout.Header>
  );
}

const headerStyle = {
  display: 'flex',
  alignItems: 'center',
  background: '#fff',
  padding: '0 16px',
  boxShadow: '0 1px 4px rgba(0,0,0,0.08)',
  position: 'sticky' as const,
  top: 0,
  zIndex: 100,
};
