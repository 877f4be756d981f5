/** single-spa lifecycles of the problems remote (exposed as './app'). */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LoadFailed } from '@oj/kit';
import { ProblemsRoot } from './root';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: ProblemsRoot,
  errorBoundary: () => <LoadFailed />,
});

export const { bootstrap, mount, unmount } = lifecycles;
