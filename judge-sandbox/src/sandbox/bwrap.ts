/** bubblewrap arguments for one run: what the sandbox sees, and nothing else. */
import * as fs from 'fs';
import type { RunSpec } from './types';

/** Read-only system paths every sandbox sees (Debian merged /usr; java reads its conf under /etc). */
export const SYSTEM_BINDS = [
  '/usr',
  '/etc/ld.so.cache',
  '/etc/alternatives',
  '/etc/java-17-openjdk',
  '/etc/ssl/certs/java',
  // Configuration the toolchains read: Mono's assembly map, R's environment, fpc's unit paths, PHP's modules.
  '/etc/mono',
  '/etc/R',
  '/etc/fpc.cfg',
  '/etc/fpc-3.2.2.cfg',
  '/etc/php',
  // GHC's package database (/usr/lib/ghc/package.conf.d links here).
  '/var/lib/ghc',
];
const SYMLINKS: [string, string][] = [
  ['usr/bin', '/bin'],
  ['usr/sbin', '/sbin'],
  ['usr/lib', '/lib'],
  ['usr/lib64', '/lib64'],
  ['usr/lib32', '/lib32'],
];

let systemArgs: string[] | undefined;
export function systemMounts(): string[] {
  if (!systemArgs) {
    systemArgs = [];
    for (const p of SYSTEM_BINDS) if (fs.existsSync(p)) systemArgs.push('--ro-bind', p, p);
    for (const [target, link] of SYMLINKS) {
      if (fs.existsSync(link) && fs.lstatSync(link).isSymbolicLink()) systemArgs.push('--symlink', target, link);
      else if (fs.existsSync(link)) systemArgs.push('--ro-bind', link, link);
    }
  }
  return systemArgs;
}

export const SANDBOX_WORK_DIR = '/w';
const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';

/** The environment of every sandboxed command: nothing of the judge's. */
export function sandboxEnv(spec: RunSpec): Record<string, string> {
  return { PATH: DEFAULT_PATH, HOME: '/tmp', LANG: 'C.UTF-8', ...spec.env };
}

export function bwrapArgs(spec: RunSpec, uid: number, seccompFd: number | null, blockFd: boolean): string[] {
  const tmpfsSize = String(spec.tmpfsSizeBytes ?? 64 * 1024 * 1024);
  const args = [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--uid',
    String(uid),
    '--gid',
    String(uid),
    '--hostname',
    'sandbox',
    ...systemMounts(),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    tmpfsSize,
    '--tmpfs',
    '/tmp',
  ];
  if (spec.workDir) args.push('--bind', spec.workDir, SANDBOX_WORK_DIR);
  else args.push('--size', tmpfsSize, '--perms', '0777', '--tmpfs', SANDBOX_WORK_DIR);
  for (const m of spec.mounts ?? []) args.push(m.writable ? '--bind' : '--ro-bind', m.host, m.sandbox);
  args.push('--remount-ro', '/', '--chdir', SANDBOX_WORK_DIR, '--clearenv');
  const env = sandboxEnv(spec);
  for (const [k, v] of Object.entries(env)) args.push('--setenv', k, v);
  if (seccompFd !== null) args.push('--seccomp', String(seccompFd));
  args.push('--info-fd', '3');
  if (blockFd) args.push('--block-fd', '4');
  args.push('--', ...spec.args);
  return args;
}
