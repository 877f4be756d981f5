/** The names createBackup gives its archives (archiveName); nothing else in the folder is listed or served. */
export const ARCHIVE_NAME = /^oj-backup-\d{8}-\d{6}-[0-9a-f]{6}\.tar\.gz$/;
