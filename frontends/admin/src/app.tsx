/** single-spa lifecycles of the admin remote; the shell mounts it for every /admin path. */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AdminApp } from './AdminApp';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: () => <AdminApp />,
  errorBoundary: (err: Error) => <pre role="alert">{String(err?.message ?? err)}</pre>,
});

export const { bootstrap, mount, unmount } = lifecycles;
export default lifecycles;
