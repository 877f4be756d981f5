/** The site navbar (product §2): plain React + CSS, so the first page loads no antd. */
import { MouseEvent, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { LIMITS } from '@oj/contracts';
import { openAccountDialog, useAuth, useDocumentTitle, useWebsiteConfig } from '@oj/kit/core';
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
import { CountBadge, Dropdown } from './dropdown';
import { BellIcon, DownIcon, MenuIcon, UserIcon } from './icons';
import { preloadAntdParts } from '../antd/lazy-parts';

export function Navbar() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const location = useLocation();
  const config = useWebsiteConfig();
  // the site's pages (the navbar is theirs) carry the configured name in the tab
  useDocumentTitle();
  const auth = useAuth();
  const mobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const unread = useUnreadCounts(auth.isLoggedIn);
  const ctx: NavContext = { config, isRoot: auth.isRoot, isAdmin: auth.isAdmin, isLoggedIn: auth.isLoggedIn };
  const selected = selectedKey(location.pathname);

  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);

  const go = (path: string) => {
    setDrawerOpen(false);
    if (path === '/admin/') window.location.assign('/admin/');
    else navigate(path);
  };
  /** A real link (new tab, copy address) that navigates in the app on a plain click. */
  const link = (path: string, label: string, className: string, after?: () => void) => (
    <a
      key={path}
      href={path}
      className={className}
      role="menuitem"
      onClick={(e: MouseEvent) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        after?.();
        go(path);
      }}
    >
      {label}
    </a>
  );
  const isSelected = (item: NavItem) => item.key === selected || !!item.children?.some((c) => c.key === selected);

  const totalUnread = Object.values(unread).reduce((a, b) => a + b, 0);
  const account = auth.user ? (
    <div className="oj-account">
      <Dropdown
        align="right"
        trigger={
          <button type="button" className="oj-icon-button" aria-label={t('shell.message.title')} data-testid="message-menu">
            <BellIcon />
            <CountBadge count={badgeCount(totalUnread, LIMITS.badgeMax)} max={LIMITS.badgeMax} />
          </button>
        }
      >
        {(close) =>
          MESSAGE_KINDS.map((kind) => (
            <div key={kind} className="oj-dropdown-row">
              {link(`/message/${kind}`, t(`shell.message.${kind}`), 'oj-dropdown-item', close)}
              <CountBadge count={badgeCount(unread[UNREAD_FIELD[kind]], LIMITS.badgeMax)} max={LIMITS.badgeMax} />
            </div>
          ))
        }
      </Dropdown>
      <Dropdown
        align="right"
        trigger={
          <button type="button" className="oj-text-button" data-testid="user-menu">
            <UserIcon />
            <span>{auth.user.username}</span>
          </button>
        }
      >
        {(close) => userMenuItems(ctx).map((item) => link(item.path ?? item.key, t(item.labelId), 'oj-dropdown-item', close))}
      </Dropdown>
    </div>
  ) : (
    <div className="oj-account" onMouseEnter={preloadAntdParts} onFocus={preloadAntdParts}>
      <button
        type="button"
        className="oj-button oj-button-primary-ghost"
        onClick={() => openAccountDialog('Login')}
        data-testid="nav-login"
      >
        {t('shell.nav.login')}
      </button>
      {showsRegister(ctx) && (
        <button type="button" className="oj-button" onClick={() => openAccountDialog('Register')} data-testid="nav-register">
          {t('shell.nav.register')}
        </button>
      )}
    </div>
  );

  const brand = link('/home', config.shortName, 'oj-brand');

  if (mobile) {
    return (
      <header className="oj-header" data-testid="mobile-nav">
        <button type="button" className="oj-icon-button" onClick={() => setDrawerOpen(true)} data-testid="drawer-toggle" aria-label="menu">
          <MenuIcon />
        </button>
        {brand}
        <div className="oj-header-end">{account}</div>
        {drawerOpen && (
          <div
            className="oj-drawer-mask"
            onClick={() => setDrawerOpen(false)}
            onKeyDown={(e) => e.key === 'Escape' && setDrawerOpen(false)}
          >
            <aside className="oj-drawer" onClick={(e) => e.stopPropagation()} aria-label={config.shortName}>
              <div className="oj-drawer-title">
                <span>{config.shortName}</span>
                <button type="button" className="oj-icon-button" onClick={() => setDrawerOpen(false)} aria-label="close" autoFocus>
                  ×
                </button>
              </div>
              <nav className="oj-drawer-menu" role="menu" data-testid="drawer-menu">
                {navItems(ctx).map((item) =>
                  item.children ? (
                    <div key={item.key} className="oj-drawer-group">
                      <div className="oj-drawer-group-title">{t(item.labelId)}</div>
                      {item.children.map((c) =>
                        link(c.path ?? c.key, t(c.labelId), c.key === selected ? 'oj-drawer-item oj-selected' : 'oj-drawer-item'),
                      )}
                    </div>
                  ) : (
                    link(item.path ?? item.key, t(item.labelId), item.key === selected ? 'oj-drawer-item oj-selected' : 'oj-drawer-item')
                  ),
                )}
              </nav>
            </aside>
          </div>
        )}
      </header>
    );
  }
  return (
    <header className="oj-header" data-testid="navbar">
      {brand}
      <nav className="oj-menu" role="menubar">
        {navItems(ctx).map((item) =>
          item.children ? (
            <Dropdown
              key={item.key}
              trigger={
                <span className={isSelected(item) ? 'oj-menu-item oj-selected' : 'oj-menu-item'} role="menuitem" tabIndex={0}>
                  {t(item.labelId)} <DownIcon />
                </span>
              }
            >
              {(close) => item.children?.map((c) => link(c.path ?? c.key, t(c.labelId), 'oj-dropdown-item', close))}
            </Dropdown>
          ) : (
            link(item.path ?? item.key, t(item.labelId), isSelected(item) ? 'oj-menu-item oj-selected' : 'oj-menu-item')
          ),
        )}
      </nav>
      {account}
    </header>
  );
}
