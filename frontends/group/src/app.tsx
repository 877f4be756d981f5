/** single-spa lifecycles of the group remote (exposed as './app'). */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LoadFailed } from '@oj/kit';
import { GroupRoot } from './root';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: GroupRoot,
  errorBoundary: () => <LoadFailed />,
});

export const { bootstrap, mount, unmount } = lifecycles;
