#!/usr/bin/env node
/**
 * Builds every frontend remote that has a webpack config, two at a time (a webpack build is mostly one
 * core's work, and machines here have two), the longest first. A failed build stops the others and fails.
 */
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const LANES = 2;
/** Built first: the longest builds (monaco in both remotes, Terser in the shell), so the lanes end together. */
const LONGEST = ['admin', 'shell', 'problems'];

const frontends = path.join(__dirname, '..', 'frontends');
const names = fs
  .readdirSync(frontends)
  .filter((name) => fs.existsSync(path.join(frontends, name, 'webpack.config.js')))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
function rank(name) {
  const i = LONGEST.indexOf(name);
  return i < 0 ? LONGEST.length : i;
}

const children = new Set();
let failed = false;

/** Builds one frontend; its output lines are prefixed with its name (two builds write at once). */
function build(name) {
  return new Promise((resolve) => {
    console.log(`building frontends/${name}`);
    const child = spawn('npx', ['webpack', '--mode', 'production'], { cwd: path.join(frontends, name), stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code) => {
      children.delete(child);
      if (code !== 0 && !failed) {
        failed = true;
        console.error(`frontends/${name}: webpack failed (${code})`);
        for (const other of children) other.kill();
      }
      resolve();
    });
  });
}

async function lane(queue) {
  while (queue.length && !failed) await build(queue.shift());
}

const queue = [...names];
Promise.all(Array.from({ length: LANES }, () => lane(queue))).then(() => process.exit(failed ? 1 : 0));
