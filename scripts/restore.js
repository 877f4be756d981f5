#!/usr/bin/env node
/**
 * `npm run restore ARCHIVE [-- --force]`: restores an archive of `npm run backup` into an empty installation
 * (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, made when missing), runs the newer migrations and clears
 * the installation's cached keys in Redis. Refuses a database or data folder that is not empty unless --force.
 * Stop the site first. See backend/src/modules/backup/README.md.
 */
require('./backup-common').main('restoreMain', { create: true });
