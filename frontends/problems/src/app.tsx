/** single-spa lifecycles of the problems remote (exposed as './app'). */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LoadFailed } from '@oj/kit';
import { ProblemsRoot } from './root';

// On a cold load of a problem page (issue 37), the page's chunk starts loading now, while the shell mounts this
// app, rather than once the router draws the page (the lazy route's import takes this load). monaco is not
// started here: in a bench:web run with it (load 11-12), running its 3 MB beside the page's first render made
// the editor ready later, not sooner (baseline 2,663 ms, with it 3,802 ms); without it the next run gave
// 6,758 → 5,496 ms (load 14-16). Two cores are busy with the page, so its loads wait for them anyway.
if (/^\/problem\/[^/]+\/?$/.test(location.pathname)) void import('./pages/problem-detail').catch(() => undefined);

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: ProblemsRoot,
  errorBoundary: () => <LoadFailed />,
});

export const { bootstrap, mount, unmount } = lifecycles;
