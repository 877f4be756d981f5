/** The tab title follows the configured site name (issue 37: every tab said "OJ"). */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_WEBSITE_CONFIG, useDocumentTitle, websiteConfigStore } from '@oj/kit';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Page({ title }: { title?: string }) {
  useDocumentTitle(title);
  return null;
}

it('puts the short name in the tab, or an app title made from it, and follows a change of the config', async () => {
  websiteConfigStore.set({ config: { ...DEFAULT_WEBSITE_CONFIG, shortName: 'Starfire OJ' }, loaded: true });
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () => root.render(<Page />));
  expect(document.title).toBe('Starfire OJ');
  await act(async () => websiteConfigStore.set({ config: { ...DEFAULT_WEBSITE_CONFIG, shortName: 'SFOJ' }, loaded: true }));
  expect(document.title).toBe('SFOJ');
  await act(async () => root.render(<Page title="SFOJ 管理后台" />));
  expect(document.title).toBe('SFOJ 管理后台');
  act(() => root.unmount());
});
