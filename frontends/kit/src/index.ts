export * from './api/client';
