/** Which navbar items a visitor sees (product §2 "Top navigation", §6). Pure, so it is tested alone. */
import { WebsiteConfig } from '@oj/contracts';

export interface NavItem {
  key: string;
  path?: string;
  labelId: string;
  children?: NavItem[];
}

export interface NavContext {
  config: Pick<WebsiteConfig, 'openPublicJudge' | 'openPublicDiscussion' | 'register' | 'emailConfigured'>;
  isRoot: boolean;
  isAdmin: boolean;
  isLoggedIn: boolean;
}

export function navItems({ config, isRoot }: NavContext): NavItem[] {
  const items: NavItem[] = [
    { key: '/home', path: '/home', labelId: 'shell.nav.home' },
    { key: '/problem', path: '/problem', labelId: 'shell.nav.problem' },
    { key: '/training', path: '/training', labelId: 'shell.nav.training' },
    { key: '/contest', path: '/contest', labelId: 'shell.nav.contest' },
    { key: '/exam', path: '/exam', labelId: 'shell.nav.exam' },
  ];
  if (config.openPublicJudge || isRoot) items.push({ key: '/status', path: '/status', labelId: 'shell.nav.status' });
  items.push({
    key: 'rank',
    labelId: 'shell.nav.rank',
    children: [
      { key: '/acm-rank', path: '/acm-rank', labelId: 'shell.nav.acmRank' },
      { key: '/oi-rank', path: '/oi-rank', labelId: 'shell.nav.oiRank' },
    ],
  });
  if (config.openPublicDiscussion || isRoot) {
    items.push({ key: '/discussion', path: '/discussion', labelId: 'shell.nav.discussion' });
  }
  items.push({ key: '/group', path: '/group', labelId: 'shell.nav.group' });
  items.push({
    key: 'about',
    labelId: 'shell.nav.about',
    children: [
      { key: '/introduction', path: '/introduction', labelId: 'shell.nav.introduction' },
      { key: '/developer', path: '/developer', labelId: 'shell.nav.developer' },
    ],
  });
  return items;
}

export function userMenuItems({ isAdmin }: NavContext): NavItem[] {
  const items: NavItem[] = [
    { key: '/user-home', path: '/user-home', labelId: 'shell.userMenu.home' },
    { key: '/status?onlyMine=true', path: '/status?onlyMine=true', labelId: 'shell.userMenu.submissions' },
    { key: '/setting', path: '/setting', labelId: 'shell.userMenu.setting' },
  ];
  if (isAdmin) items.push({ key: '/admin/', path: '/admin/', labelId: 'shell.userMenu.management' });
  items.push({ key: '/logout', path: '/logout', labelId: 'shell.userMenu.logout' });
  return items;
}

/**
 * The register link shows when registration works: it is on and mail can carry the code (no SMTP host,
 * no code: the link would lead to a form that always fails). The super admin always sees it; the
 * register form then explains what is missing.
 */
export const canRegister = (config: Pick<WebsiteConfig, 'register' | 'emailConfigured'>): boolean =>
  config.register && config.emailConfigured !== false;
export const showsRegister = ({ config, isRoot }: NavContext): boolean => canRegister(config) || isRoot;

export const MESSAGE_KINDS = ['discuss', 'reply', 'like', 'sys', 'mine'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** Unread counts field per message page (product §3 "Unread counts"). */
export const UNREAD_FIELD: Record<MessageKind, 'comment' | 'reply' | 'like' | 'sys' | 'mine'> = {
  discuss: 'comment',
  reply: 'reply',
  like: 'like',
  sys: 'sys',
  mine: 'mine',
};

/** Badge text capped at 99 (product §9). */
export const badgeCount = (n: number, max = 99): number => Math.min(Math.max(0, n), max);

/** The selected top-level key for a path. */
export function selectedKey(pathname: string): string {
  if (pathname.startsWith('/acm-rank') || pathname.startsWith('/oi-rank')) return '/' + pathname.split('/')[1];
  const first = '/' + (pathname.split('/')[1] || 'home');
  return first === '/' ? '/home' : first;
}
