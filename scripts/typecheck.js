#!/usr/bin/env node
/** `npm run typecheck`: the Node packages through their project references, then each frontend and e2e. */
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const tsc = (args) => {
  console.log(`tsc ${args.join(' ')}`);
  const r = spawnSync('npx', ['tsc', ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

tsc(['-b', 'packages/contracts', 'backend', 'judge-sandbox']);
const web = fs.readdirSync(path.join(root, 'frontends')).map((name) => `frontends/${name}`);
for (const dir of [...web, 'e2e']) {
  if (fs.existsSync(path.join(root, dir, 'tsconfig.json'))) tsc(['-p', dir, '--noEmit']);
}
