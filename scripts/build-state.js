/**
 * Whether a build output is older than its sources: `npm start` (start.js) and `npm run backup|restore`
 * (backup-common.js) build only what changed since the last build.
 */
const fs = require('fs');
const path = require('path');

/** Newest modification time of the files under dir (node_modules, dist and dot files skipped). */
function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** True when `output` is missing or older than any file under `sources`. */
function stale(output, ...sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

module.exports = { newestMtime, stale };
