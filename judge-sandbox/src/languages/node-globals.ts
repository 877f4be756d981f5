/**
 * Declarations a TypeScript submission compiles against: Debian packages no @types/node, so
 * Node's globals and modules are declared loosely (any), enough for reading stdin and printing.
 */
export const NODE_GLOBALS_DTS = `declare var require: any;
declare var module: any;
declare var exports: any;
declare var process: any;
declare var Buffer: any;
declare var console: any;
declare var __dirname: string;
declare var __filename: string;
declare function setTimeout(cb: (...args: any[]) => void, ms?: number, ...args: any[]): any;
declare function setImmediate(cb: (...args: any[]) => void, ...args: any[]): any;
declare module 'fs';
declare module 'readline';
declare module 'os';
declare module 'util';
declare module 'node:fs';
declare module 'node:readline';
declare module 'node:os';
declare module 'node:util';
`;
