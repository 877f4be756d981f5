/**
 * File staging for the prepared sandbox: what a run needs goes into its slot directory (bound on /s in the zygote,
 * unmounted before the program starts) and what it wrote comes out of it. The program's files are hard-linked and
 * kept while the same program runs again, the input is linked (or copied), the seccomp filter copied once per
 * profile, and the outputs renamed to where the caller asked for them.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { RunSpec } from './types';
import { sandboxEnv } from './bwrap';
import { seccompFile } from './common';

/** Where the program is bound read-only inside the sandbox. */
export const PROGRAM_DIR = '/p';

/** A slot directory and what it already holds. */
export interface StagingArea {
  /** Host directory bound on /s in the zygote (never visible to a program). */
  dir: string;
  /** The program whose files are in `p` (host path, inode, mtime). */
  programKey?: string;
  /** The seccomp profiles whose filter files are in the directory. */
  seccompFiles: Set<string>;
}

/** Puts the run's files where the zygote sees them: the program, stdin and the seccomp filter. */
export function stageFiles(area: StagingArea, spec: RunSpec): string[] {
  const program = (spec.mounts ?? []).find((m) => m.sandbox === PROGRAM_DIR);
  let programField = '';
  if (program) {
    const st = fs.statSync(program.host);
    const key = `${program.host}:${st.ino}:${st.mtimeMs}`;
    if (area.programKey !== key) {
      area.programKey = undefined;
      const target = path.join(area.dir, 'p');
      // The directory stays (removing a directory costs milliseconds here); the last program's files go.
      for (const old of fs.existsSync(target) ? fs.readdirSync(target) : [])
        fs.rmSync(path.join(target, old), { recursive: true, force: true });
      linkTree(program.host, target);
      area.programKey = key;
    }
    programField = 'p';
  }
  let stdinField = '';
  if (spec.stdin) {
    const target = path.join(area.dir, 'in');
    fs.rmSync(target, { force: true });
    const st = fs.statSync(spec.stdin);
    let linked = false;
    if (st.mode & 0o004) {
      try {
        fs.linkSync(spec.stdin, target);
        linked = true;
      } catch {
        // another file system: copy
      }
    }
    if (!linked) {
      fs.copyFileSync(spec.stdin, target);
      fs.chmodSync(target, 0o644);
    }
    stdinField = 'in';
  }
  let seccompField = '';
  if (spec.seccomp !== null) {
    const profile = spec.seccomp ?? 'default';
    seccompField = `seccomp-${profile}.bpf`;
    if (!area.seccompFiles.has(profile)) {
      fs.copyFileSync(seccompFile(profile), path.join(area.dir, seccompField));
      fs.chmodSync(path.join(area.dir, seccompField), 0o644);
      area.seccompFiles.add(profile);
    }
  }
  const env = Object.entries(sandboxEnv(spec)).map(([k, v]) => `${k}=${v}`);
  const stackKb = spec.stackLimitKb ?? spec.memoryLimitKb;
  return [
    seccompField,
    String(stackKb * 1024),
    String(spec.outputLimitBytes),
    String(spec.openFilesLimit ?? 64),
    String(Math.ceil(spec.timeLimitMs / 1000) + 1),
    String(spec.tmpfsSizeBytes ?? 64 * 1024 * 1024),
    stdinField,
    spec.stdout ? 'out' : '',
    spec.stderr ? 'err' : '',
    programField,
    String(env.length),
    ...env,
    ...spec.args,
  ];
}

/**
 * The compiled program into a slot: its files hard-linked (a copy per slot and submission cost more than
 * the runs), copied across file systems; other entries (a compiler's symlinks) copied as they are. The
 * files are root's and read-only to the run, which sees them on a read-only mount.
 */
function linkTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o755 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (!entry.isFile()) fs.cpSync(source, target);
    else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

/** Moves what the run wrote in the slot to where the caller asked for it. */
export function deliver(area: StagingArea, name: string, target: string | undefined): void {
  if (!target) return;
  const from = path.join(area.dir, name);
  try {
    fs.renameSync(from, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') fs.writeFileSync(target, '');
    else if (code === 'EXDEV') {
      fs.copyFileSync(from, target);
      fs.rmSync(from, { force: true });
    } else throw err;
  }
}
