#!/usr/bin/env node
/**
 * `npm run backup [-- --out DIR]`: one archive (.tar.gz) of this installation into DATA_DIR/backups (or DIR): the
 * database as a logical dump taken in one snapshot, the data folder's files and secrets, a manifest of checksums.
 * Works while the site runs. See backend/src/modules/backup/README.md.
 */
require('./backup-common').main('backupMain');
