/** The light navbar (no antd) keeps product §2: items, dropdowns, the drawer below 1050 px, badges capped at 99. */
import { act, createElement } from 'react';
import { Root, createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { LIMITS } from '@oj/contracts';
import { Navbar } from '../src/layout/navbar';
import { CountBadge } from '../src/layout/dropdown';
import { badgeCount } from '../src/layout/nav-items';
import { shellMessages } from '../src/locales';

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mobile = false;
window.matchMedia = ((query: string) => ({
  matches: mobile && query.includes(`max-width: ${LIMITS.mobileLayoutWidthPx - 1}px`),
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
})) as unknown as typeof window.matchMedia;

let root: Root;
let host: HTMLElement;
function render(node: React.ReactElement) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() =>
    root.render(
      createElement(
        IntlProvider,
        { locale: 'en-US', messages: shellMessages['en-US'] },
        createElement(MemoryRouter, { initialEntries: ['/home'], future: { v7_startTransition: true, v7_relativeSplatPath: true } }, node),
      ),
    ),
  );
}
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});
/** A pointer event as the browser sends it (jsdom has no PointerEvent: a MouseEvent with a pointerType). */
function pointer(type: string, pointerType: 'mouse' | 'touch', target: Element, init: MouseEventInit = {}) {
  const e = new MouseEvent(type, { bubbles: true, cancelable: true, ...init });
  Object.defineProperty(e, 'pointerType', { value: pointerType });
  act(() => {
    target.dispatchEvent(e);
  });
}
const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;

describe('navbar', () => {
  it('draws the top menu on wide screens, with submenus opening on hover', () => {
    mobile = false;
    render(createElement(Navbar));
    const bar = byTestId('navbar') as HTMLElement;
    expect(bar).not.toBeNull();
    expect(byTestId('mobile-nav')).toBeNull();
    const labels = [...bar.querySelectorAll('.oj-menu > a, .oj-menu .oj-dropdown-trigger')].map((e) => e.textContent?.trim());
    expect(labels).toEqual(['Home', 'Problem', 'Training', 'Contest', 'Exam', 'Status', 'Rank', 'Discussion', 'Group', 'About']);
    expect(bar.querySelector('.oj-selected')?.textContent).toBe('Home');
    expect(bar.textContent).not.toContain('ACM Rank');
    const rank = bar.querySelectorAll('.oj-menu .oj-dropdown')[0] as HTMLElement;
    pointer('pointerover', 'mouse', rank, { relatedTarget: document.body });
    expect([...rank.querySelectorAll('[role="menu"] a')].map((a) => a.getAttribute('href'))).toEqual(['/acm-rank', '/oi-rank']);
    expect(byTestId('nav-login')?.textContent).toBe('Login');
    expect(byTestId('nav-register')?.textContent).toBe('Register');
  });

  it('keeps a hover-opened menu open when the mouse then clicks its trigger; leaving closes it', () => {
    mobile = false;
    render(createElement(Navbar));
    const rank = document.querySelectorAll('.oj-menu .oj-dropdown')[0] as HTMLElement;
    const trigger = rank.querySelector('.oj-dropdown-trigger') as HTMLElement;
    pointer('pointerover', 'mouse', trigger, { relatedTarget: document.body });
    pointer('pointerdown', 'mouse', trigger);
    act(() => trigger.click());
    expect(rank.querySelector('[role="menu"]')).not.toBeNull();
    pointer('pointerout', 'mouse', rank, { relatedTarget: document.body });
    expect(rank.querySelector('[role="menu"]')).toBeNull();
  });

  it('opens a menu with one tap and closes it with the next tap or a tap outside', () => {
    mobile = false;
    render(createElement(Navbar));
    const rank = document.querySelectorAll('.oj-menu .oj-dropdown')[0] as HTMLElement;
    const trigger = rank.querySelector('.oj-dropdown-trigger') as HTMLElement;
    const tap = () => {
      pointer('pointerover', 'touch', trigger, { relatedTarget: document.body });
      pointer('pointerdown', 'touch', trigger);
      act(() => trigger.click());
    };
    tap();
    expect(rank.querySelector('[role="menu"]')).not.toBeNull();
    tap();
    expect(rank.querySelector('[role="menu"]')).toBeNull();
    tap();
    expect(rank.querySelector('[role="menu"]')).not.toBeNull();
    pointer('pointerdown', 'touch', document.body);
    expect(rank.querySelector('[role="menu"]')).toBeNull();
  });

  it('replaces the menu by a drawer below 1050 px', () => {
    mobile = true;
    render(createElement(Navbar));
    expect(byTestId('navbar')).toBeNull();
    expect(byTestId('drawer-menu')).toBeNull();
    act(() => byTestId('drawer-toggle')?.click());
    const drawer = byTestId('drawer-menu') as HTMLElement;
    expect([...drawer.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/home',
      '/problem',
      '/training',
      '/contest',
      '/exam',
      '/status',
      '/acm-rank',
      '/oi-rank',
      '/discussion',
      '/group',
      '/introduction',
      '/developer',
    ]);
    act(() => (drawer.querySelector('a[href="/problem"]') as HTMLElement).click());
    expect(byTestId('drawer-menu')).toBeNull();
  });

  it('caps badges at 99 and hides them at 0', () => {
    mobile = false;
    render(
      createElement('div', null, [
        createElement(CountBadge, { key: 'a', count: badgeCount(150, LIMITS.badgeMax), max: LIMITS.badgeMax }),
        createElement(CountBadge, { key: 'b', count: badgeCount(7, LIMITS.badgeMax), max: LIMITS.badgeMax }),
        createElement(CountBadge, { key: 'c', count: badgeCount(0, LIMITS.badgeMax), max: LIMITS.badgeMax }),
      ]),
    );
    expect([...host.querySelectorAll('.oj-badge')].map((b) => b.textContent)).toEqual(['99', '7']);
  });
});
