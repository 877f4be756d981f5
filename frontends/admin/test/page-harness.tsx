/**
 * What the admin app's page tests share: mounting a page inside the app's providers (messages, antd's App), letting
 * React and the mocked API settle, waiting for a condition, and the API's envelope for a mocked answer.
 */
import { act, ReactNode } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { App as AntApp } from 'antd';
import type { AdapterRequest } from '@oj/kit';
import { LocaleProvider } from '@oj/kit';
import { MESSAGES } from '../src/i18n';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Lets timers of `ms` and the effects they start run. */
export const settle = (ms = 50) =>
  act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });

/** Settles until `check` holds; fails naming `what` when it never does. */
export async function until(check: () => boolean, what = 'the awaited state', tries = 150): Promise<void> {
  for (let i = 0; i < tries && !check(); i++) await settle();
  if (!check()) throw new Error(`never: ${what}`);
}

/** Mounts `ui` inside the app's providers in a fresh element of the document; unmount with `unmountPage`. */
export async function mountPage(ui: ReactNode): Promise<Root> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  let root!: Root;
  await act(async () => {
    root = createRoot(host);
    root.render(
      <LocaleProvider messages={MESSAGES}>
        <AntApp>{ui}</AntApp>
      </LocaleProvider>,
    );
  });
  return root;
}

export async function unmountPage(root: Root | null): Promise<void> {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
}

/** The mocked adapter's answer: the API's success envelope around `data`. */
export const answer = (config: AdapterRequest, data: unknown) => ({
  data: { status: 200, msg: 'success', data },
  status: 200,
  headers: {},
  config,
});
