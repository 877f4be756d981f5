/** single-spa lifecycles of the exam remote (exposed as './app'). */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LoadFailed } from '@oj/kit';
import { ExamRoot } from './root';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: ExamRoot,
  errorBoundary: () => <LoadFailed />,
});

export const { bootstrap, mount, unmount } = lifecycles;
