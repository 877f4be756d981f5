/** single-spa lifecycles of the contest remote (exposed as './app'). */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LoadFailed } from '@oj/kit';
import { ContestRoot } from './root';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: ContestRoot,
  errorBoundary: () => <LoadFailed />,
});

export const { bootstrap, mount, unmount } = lifecycles;
