export * from './result-codes';
export * from './roles';
export * from './contest';
export * from './problem';
export * from './limits';
export * from './errors';
export * from './api';
export * from './judge';
