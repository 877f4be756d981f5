/**
 * LoadFailed is what single-spa shows when a remote's tree throws: it renders outside the remote's
 * providers, so it brings its own and speaks the chosen language.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { LoadFailed, setLocale } from '@oj/kit';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it.each([
  ['zh-CN', '页面加载失败', '刷新重试'],
  ['en-US', 'The page failed to load', 'Reload'],
] as const)('renders without any provider around it, in %s', async (locale, title, button) => {
  setLocale(locale);
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  await act(async () => root.render(<LoadFailed />));
  const page = host.querySelector('[data-testid="load-failed"]');
  expect(page?.textContent).toContain(title);
  expect(page?.querySelector('button')?.textContent?.replace(/\s/g, '')).toBe(button.replace(/\s/g, ''));
  act(() => root.unmount());
  host.remove();
});
