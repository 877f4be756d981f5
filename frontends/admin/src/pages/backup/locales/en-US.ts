/** English texts of the admin backups page (issue 36), spread into the admin app's en-US messages. */
const messages: Record<string, string> = {
  'admin.menu.backup': 'Backups',
  'admin.backup.title': 'Backups',
  'admin.backup.intro':
    'An archive holds the database, the test data and uploads, and the site’s secrets. Restore one with “npm run restore ARCHIVE” on the server (see the backup module’s README).',
  'admin.backup.settings': 'Daily backup',
  'admin.backup.enabled': 'Back up every day',
  'admin.backup.hour': 'At (hour, server time)',
  'admin.backup.retention': 'Archives kept',
  'admin.backup.retentionHint': 'After each backup the oldest archives beyond this number are deleted',
  'admin.backup.save': 'Save',
  'admin.backup.saved': 'Saved',
  'admin.backup.runNow': 'Back up now',
  'admin.backup.running': 'Backing up…',
  'admin.backup.done': 'Archive {name} written ({size}, {seconds} s)',
  'admin.backup.failed': 'The backup failed: {error}',
  'admin.backup.pollFailed': 'The backup’s progress could not be read.',
  'admin.backup.archives': 'Archives',
  'admin.backup.name': 'File',
  'admin.backup.size': 'Size',
  'admin.backup.createdAt': 'Written at',
  'admin.backup.actions': 'Actions',
  'admin.backup.download': 'Download',
  'admin.backup.deleteConfirm': 'Delete archive {name}? It cannot be recovered.',
  'admin.backup.empty': 'No archive yet.',
};
export default messages;
