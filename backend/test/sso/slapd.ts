/**
 * A real OpenLDAP server for the sso tests: /usr/sbin/slapd (Debian's `slapd` package) started with its own
 * slapd.conf, data folder and certificate in a fresh temporary folder, on a free loopback port, loaded with slapadd
 * before it starts, and stopped (by its own pid) and removed at the end.
 */
import { ChildProcess, execFileSync, spawn } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'fs';
import { connect, createServer } from 'net';
import { tmpdir } from 'os';
import * as path from 'path';

export const LDAP_SUFFIX = 'dc=oj-test,dc=org';
export const LDAP_READER_DN = `cn=reader,${LDAP_SUFFIX}`;
export const LDAP_READER_PASSWORD = 'reader-secret';

export interface LdapPerson {
  uid: string;
  password: string;
  cn: string;
  mail?: string;
  o?: string;
  employeeNumber?: string;
  /** member of cn=students (the group filter of the tests) */
  student?: boolean;
}

export interface Slapd {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

function ldif(people: LdapPerson[]): string {
  const entries = [
    `dn: ${LDAP_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: OJ Test\ndc: oj-test`,
    `dn: ou=people,${LDAP_SUFFIX}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ou=groups,${LDAP_SUFFIX}\nobjectClass: organizationalUnit\nou: groups`,
    `dn: ${LDAP_READER_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: reader\nuserPassword: ${LDAP_READER_PASSWORD}`,
  ];
  for (const p of people) {
    const lines = [
      `dn: uid=${p.uid},ou=people,${LDAP_SUFFIX}`,
      'objectClass: inetOrgPerson',
      `uid: ${p.uid}`,
      `cn: ${p.cn}`,
      `sn: ${p.cn.split(' ').pop()}`,
      `userPassword: ${p.password}`,
    ];
    if (p.mail) lines.push(`mail: ${p.mail}`);
    if (p.o) lines.push(`o: ${p.o}`);
    if (p.employeeNumber) lines.push(`employeeNumber: ${p.employeeNumber}`);
    // The group filter of the tests reads an attribute of the person: businessCategory=student.
    if (p.student) lines.push('businessCategory: student');
    entries.push(lines.join('\n'));
  }
  return entries.join('\n\n') + '\n';
}

export async function startSlapd(people: LdapPerson[]): Promise<Slapd & { certFile: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'oj-slapd-'));
  const data = path.join(dir, 'data');
  mkdirSync(data);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  // A self-signed certificate for 127.0.0.1: StartTLS works, and a client that checks the chain refuses it.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const conf = path.join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      `pidfile ${dir}/slapd.pid`,
      `argsfile ${dir}/slapd.args`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `TLSCertificateFile ${cert}`,
      `TLSCertificateKeyFile ${key}`,
      'database mdb',
      'maxsize 10485760',
      `suffix "${LDAP_SUFFIX}"`,
      `directory ${data}`,
      // Passwords: only a bind may use them. Entries: readable by a bound user (the reader), not anonymously.
      'access to attrs=userPassword by anonymous auth by * none',
      'access to * by users read by * none',
      '',
    ].join('\n'),
  );
  const ldifFile = path.join(dir, 'data.ldif');
  writeFileSync(ldifFile, ldif(people));
  execFileSync('/usr/sbin/slapadd', ['-f', conf, '-l', ldifFile], { stdio: 'pipe' });

  let proc: ChildProcess | undefined;
  let port = 0;
  let lastError = '';
  for (let attempt = 0; attempt < 5 && !proc; attempt++) {
    port = await freePort();
    // -d 0: stay in the foreground (a child this test owns and stops), logging nothing.
    const child = spawn('/usr/sbin/slapd', ['-f', conf, '-h', `ldap://127.0.0.1:${port}/`, '-d', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let exited = false;
    child.once('exit', () => (exited = true));
    child.stderr?.on('data', (b: Buffer) => (lastError += b.toString()));
    for (let i = 0; i < 100 && !exited; i++) {
      if (await canConnect(port)) {
        proc = child;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!proc && !exited) child.kill('SIGKILL');
  }
  if (!proc) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`slapd did not start: ${lastError}`);
  }
  const running = proc;
  return {
    url: `ldap://127.0.0.1:${port}`,
    port,
    certFile: cert,
    close: async () => {
      if (running.exitCode === null) {
        const exited = new Promise((r) => running.once('exit', r));
        running.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 3000)))]);
        clearTimeout(timer);
        if (running.exitCode === null) running.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
