// Modules of other remotes, loaded through Module Federation (webpack.config.js `remotes`); their types are
// the exposing files' (tsconfig paths), except the admin remote's editors, typed by their contract.
declare module 'admin/group-editors' {
  import type { ComponentType } from 'react';
  const editors: Record<string, ComponentType<{ gid: number; id?: number; onDone?: () => void }>>;
  export = editors;
}
