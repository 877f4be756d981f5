/** single-spa lifecycles of the problems remote (exposed as './app'). */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LoadFailed } from '@oj/kit';
import { ProblemsRoot } from './root';

// On a cold load of a problem page (issue 37), the page's chunk and monaco start loading now, while the shell
// mounts this app, rather than one after the other once the page and then the editor are drawn (the same
// imports, later, take these loads).
if (/^\/problem\/[^/]+\/?$/.test(location.pathname)) {
  void import('./pages/problem-detail').catch(() => undefined);
  void import(/* webpackChunkName: "monaco" */ './editor/monaco-setup').catch(() => undefined);
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: ProblemsRoot,
  errorBoundary: () => <LoadFailed />,
});

export const { bootstrap, mount, unmount } = lifecycles;
