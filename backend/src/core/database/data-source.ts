/**
 * The data source of the TypeORM CLI (`npm run migration:generate -w backend -- src/migrations/AddX`,
 * `npm run migration:run -w backend`). Reads DATABASE_URL like the app does.
 */
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';

export default new DataSource({ ...dataSourceOptions(loadConfig().database), migrationsRun: false });
