#!/usr/bin/env node
/** Builds every frontend remote that has a webpack config, one after another (2-core machines). */
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const frontends = path.join(__dirname, '..', 'frontends');
for (const name of fs.readdirSync(frontends)) {
  const dir = path.join(frontends, name);
  if (!fs.existsSync(path.join(dir, 'webpack.config.js'))) continue;
  console.log(`building frontends/${name}`);
  const r = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: dir, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
