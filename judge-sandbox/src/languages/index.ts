/**
 * Languages: the table (table.ts), which of them this machine can judge, their versions, and
 * lookup by display name or CLI id.
 */
import * as fs from 'fs';
import { execFileSync } from 'child_process';
import type { LanguageInfo } from '@oj/contracts';
import { LANGUAGES } from './table';
import type { Language } from './types';

export { LANGUAGES, PROGRAM_DIR, TESTLIB_DIR } from './table';
export type { Language, RunLimits } from './types';
export type { EntryPoint } from './entry';

let available: Language[] | undefined;

/**
 * The languages whose toolchains exist on this machine. Only paths under /usr count: the
 * sandbox sees /usr and nothing of /root or /opt (a rustup under /root is not offered).
 * A worker without a toolchain does not offer the language; the backend offers the union of
 * what live workers offer.
 */
export function detectLanguages(): Language[] {
  if (!available) {
    available = LANGUAGES.filter((lang) =>
      lang.requires.every((file) => {
        try {
          const real = fs.realpathSync(file);
          // Run as another uid in the sandbox: readable (and, but for jars, executable) by others.
          const bits = real.endsWith('.jar') ? 0o004 : 0o005;
          return real.startsWith('/usr/') && (fs.statSync(real).mode & bits) === bits;
        } catch {
          return false;
        }
      }),
    );
  }
  return available;
}

/** Finds a language by display name ("C++ With O2") or CLI id ("cpp-o2"), case-insensitively. */
export function findLanguage(nameOrId: string): Language | undefined {
  const key = nameOrId.trim().toLowerCase();
  return detectLanguages().find((l) => l.id === key || l.name.toLowerCase() === key);
}

let versions: Map<string, string> | undefined;
/** Debian package versions of the toolchains (one dpkg-query for all), without epoch and revision. */
export function toolchainVersions(): Map<string, string> {
  if (!versions) {
    versions = new Map();
    const packages = [...new Set(LANGUAGES.map((l) => l.toolchain.package))];
    let out = '';
    try {
      out = execFileSync('dpkg-query', ['-W', '-f', '${Package} ${Version}\\n', ...packages], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (err) {
      // Exit 1 when some package is not installed; the installed ones are still printed.
      out = String((err as { stdout?: string }).stdout ?? '');
    }
    for (const line of out.split('\n')) {
      const [pkg, version] = line.split(' ');
      if (pkg && version) versions.set(pkg, version.replace(/^\d+:/, '').split(/[+~-]|\.dfsg/)[0]);
    }
  }
  return versions;
}

export function languageInfo(lang: Language): LanguageInfo {
  const version = toolchainVersions().get(lang.toolchain.package);
  return {
    id: lang.id,
    name: lang.name,
    contentType: lang.contentType,
    compileCommand: lang.compile?.(false, lang.sourceFile).join(' '),
    runCommand: lang.run({ memoryLimitKb: 262144, stackLimitKb: 131072 }, lang.entryPoint ? 'Main' : undefined).join(' '),
    sourceFile: lang.sourceFile,
    version: version ? `${lang.toolchain.label} ${version}` : lang.toolchain.label,
    timeFactor: lang.timeFactor,
    memoryExtraMb: Math.round(lang.memoryExtraKb / 1024),
    // Special judges and interactors are C or C++ (testlib).
    isSpj: /^c(pp)?(\d+)?(-o2)?$/.test(lang.id),
  };
}
