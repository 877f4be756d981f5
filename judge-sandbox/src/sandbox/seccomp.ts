/**
 * Seccomp BPF filter built in TypeScript and handed to bubblewrap (`--seccomp FD`), which
 * expects the raw array of 8-byte `struct sock_filter` entries (no sock_fprog header).
 * bubblewrap's own init runs under the filter too, so execve, wait4, write and exit_group
 * must stay allowed (they are: the filter is a deny list).
 */

/** x86_64 syscall numbers of every call a profile may refuse. */
export const SYSCALLS: Record<string, number> = {
  socket: 41,
  socketpair: 53,
  clone: 56,
  execve: 59,
  ptrace: 101,
  syslog: 103,
  personality: 135,
  vhangup: 153,
  pivot_root: 155,
  adjtimex: 159,
  chroot: 161,
  acct: 163,
  settimeofday: 164,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  iopl: 172,
  ioperm: 173,
  init_module: 175,
  delete_module: 176,
  quotactl: 179,
  lookup_dcookie: 212,
  clock_settime: 227,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  execveat: 322,
  perf_event_open: 298,
  fanotify_init: 300,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  clock_adjtime: 305,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  kcmp: 312,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  clone3: 435,
  pidfd_getfd: 438,
  mount_setattr: 442,
};

export const SYSCALL_NAMES: Record<number, string> = Object.fromEntries(Object.entries(SYSCALLS).map(([name, nr]) => [nr, name]));

/** Calls no program needs and every profile kills (the process ends with SIGSYS → RE). */
export const ALWAYS_DENIED = [
  'ptrace',
  'mount',
  'umount2',
  'pivot_root',
  'chroot',
  'reboot',
  'kexec_load',
  'kexec_file_load',
  'init_module',
  'finit_module',
  'delete_module',
  'bpf',
  'perf_event_open',
  'keyctl',
  'add_key',
  'request_key',
  'unshare',
  'setns',
  'personality',
  'syslog',
  'vhangup',
  'adjtimex',
  'clock_adjtime',
  'clock_settime',
  'settimeofday',
  'acct',
  'swapon',
  'swapoff',
  'iopl',
  'ioperm',
  'quotactl',
  'lookup_dcookie',
  'fanotify_init',
  'name_to_handle_at',
  'open_by_handle_at',
  'process_vm_readv',
  'process_vm_writev',
  'kcmp',
  'userfaultfd',
  'open_tree',
  'move_mount',
  'fsopen',
  'fsconfig',
  'fsmount',
  'fspick',
  'mount_setattr',
  'pidfd_getfd',
  'io_uring_setup',
  'io_uring_enter',
  'io_uring_register',
] as const;

export interface SeccompProfile {
  /** Calls that kill the process (SIGSYS). */
  kill: string[];
  /** Calls that fail with ENOSYS instead (runtimes that probe and fall back, e.g. libuv's io_uring). */
  enosys: string[];
  /**
   * The program may execve nothing after its own start: execve is allowed only with the path at an
   * address the launcher patches in (EXEC_SELF_LO/HI, see zygote.c), which the exec'd program cannot
   * know. Any other execve or execveat goes to the launcher as a user notification: it ends the whole
   * run and names the call, in a child too (zygote.c `supervise`).
   */
  execSelf?: boolean;
  /** Refuse socket()/socketpair() for every address family except AF_UNIX. */
  unixSocketsOnly: boolean;
  /**
   * How other families are refused: kill, or fail with EAFNOSUPPORT for runtimes that probe
   * (the JVM opens an inet socket at start). The empty network namespace stays the real wall.
   */
  socketRefusal?: 'kill' | 'errno';
}

/** Placeholders for the address of the one allowed execve's path (zygote.c patches them). */
export const EXEC_SELF_LO = 0x6f6a6578;
export const EXEC_SELF_HI = 0x65786563;

const BASE_PROFILES: Record<'default' | 'node' | 'java' | 'compiler', SeccompProfile> = {
  default: { kill: [...ALWAYS_DENIED], enosys: ['clone3'], unixSocketsOnly: true },
  // libuv probes io_uring at start and falls back to the thread pool when it is missing.
  node: {
    kill: ALWAYS_DENIED.filter((c) => !c.startsWith('io_uring')),
    enosys: ['clone3', 'io_uring_setup', 'io_uring_enter', 'io_uring_register'],
    unixSocketsOnly: true,
  },
  java: { kill: [...ALWAYS_DENIED], enosys: ['clone3'], unixSocketsOnly: true, socketRefusal: 'errno' },
  // Compilers include javac, a JVM.
  compiler: { kill: [...ALWAYS_DENIED], enosys: ['clone3'], unixSocketsOnly: true, socketRefusal: 'errno' },
};

/** Profiles by name; the language table picks one per language, `<name>-exec-self` unless the runtime must start other programs. */
export const SECCOMP_PROFILES = {
  ...BASE_PROFILES,
  'default-exec-self': { ...BASE_PROFILES.default, execSelf: true },
  'node-exec-self': { ...BASE_PROFILES.node, execSelf: true },
  'java-exec-self': { ...BASE_PROFILES.java, execSelf: true },
} satisfies Record<string, SeccompProfile>;

/** The profile a launcher hands to bubblewrap when it installs the exec-self part itself. */
export function withoutExecSelf(name: keyof typeof SECCOMP_PROFILES): keyof typeof BASE_PROFILES {
  return name.replace(/-exec-self$/, '') as keyof typeof BASE_PROFILES;
}

// BPF opcodes (linux/bpf_common.h) and seccomp constants (linux/seccomp.h, linux/audit.h).
const BPF_LD_W_ABS = 0x20;
const BPF_JMP_JEQ_K = 0x15;
const BPF_JMP_JGE_K = 0x35;
const BPF_JMP_JSET_K = 0x45;
const BPF_RET_K = 0x06;
const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;
const SECCOMP_RET_KILL_PROCESS = 0x80000000;
const SECCOMP_RET_ERRNO = 0x00050000;
const SECCOMP_RET_ALLOW = 0x7fff0000;
const SECCOMP_RET_USER_NOTIF = 0x7fc00000;
const ENOSYS = 38;
const EAFNOSUPPORT = 97;
const AF_UNIX = 1;
/** CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET: clone() must not create namespaces. */
const CLONE_NAMESPACE_FLAGS = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;
// struct seccomp_data offsets
const OFF_NR = 0;
const OFF_ARCH = 4;
const OFF_ARG0_LO = 16;

interface Insn {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

const stmt = (code: number, k: number): Insn => ({ code, jt: 0, jf: 0, k });
const jump = (code: number, k: number, jt: number, jf: number): Insn => ({ code, jt, jf, k });

/** Builds the filter program (list of instructions) for a profile. */
export function buildFilter(profile: SeccompProfile): Insn[] {
  const kill = stmt(BPF_RET_K, SECCOMP_RET_KILL_PROCESS);
  const prog: Insn[] = [
    stmt(BPF_LD_W_ABS, OFF_ARCH),
    jump(BPF_JMP_JEQ_K, AUDIT_ARCH_X86_64, 1, 0),
    kill,
    stmt(BPF_LD_W_ABS, OFF_NR),
    // The x86_64 arch value also covers x32, whose numbers carry bit 30: refuse them all.
    jump(BPF_JMP_JGE_K, X32_SYSCALL_BIT, 0, 1),
    kill,
  ];
  for (const name of profile.kill) {
    prog.push(jump(BPF_JMP_JEQ_K, nr(name), 0, 1), kill);
  }
  for (const name of profile.enosys) {
    prog.push(jump(BPF_JMP_JEQ_K, nr(name), 0, 1), stmt(BPF_RET_K, SECCOMP_RET_ERRNO | ENOSYS));
  }
  if (profile.execSelf) {
    const notify = stmt(BPF_RET_K, SECCOMP_RET_USER_NOTIF);
    prog.push(
      jump(BPF_JMP_JEQ_K, SYSCALLS.execveat, 0, 1),
      notify,
      // execve(path, ...): allowed only when path is the patched-in address (both words).
      jump(BPF_JMP_JEQ_K, SYSCALLS.execve, 0, 6),
      stmt(BPF_LD_W_ABS, OFF_ARG0_LO),
      jump(BPF_JMP_JEQ_K, EXEC_SELF_LO, 0, 3),
      stmt(BPF_LD_W_ABS, OFF_ARG0_LO + 4),
      jump(BPF_JMP_JEQ_K, EXEC_SELF_HI, 0, 1),
      stmt(BPF_RET_K, SECCOMP_RET_ALLOW),
      notify,
    );
  }
  // clone(flags, ...): refuse namespace flags (arg0 low word holds them).
  prog.push(
    jump(BPF_JMP_JEQ_K, SYSCALLS.clone, 0, 4),
    stmt(BPF_LD_W_ABS, OFF_ARG0_LO),
    jump(BPF_JMP_JSET_K, CLONE_NAMESPACE_FLAGS, 0, 1),
    kill,
    stmt(BPF_RET_K, SECCOMP_RET_ALLOW),
  );
  if (profile.unixSocketsOnly) {
    // socket(domain, ...) / socketpair(domain, ...): only AF_UNIX; any other family kills.
    prog.push(
      jump(BPF_JMP_JEQ_K, SYSCALLS.socket, 1, 0),
      jump(BPF_JMP_JEQ_K, SYSCALLS.socketpair, 0, 4),
      stmt(BPF_LD_W_ABS, OFF_ARG0_LO),
      jump(BPF_JMP_JEQ_K, AF_UNIX, 0, 1),
      stmt(BPF_RET_K, SECCOMP_RET_ALLOW),
      profile.socketRefusal === 'errno' ? stmt(BPF_RET_K, SECCOMP_RET_ERRNO | EAFNOSUPPORT) : kill,
    );
  }
  prog.push(stmt(BPF_RET_K, SECCOMP_RET_ALLOW));
  if (prog.length > 4096) throw new Error('seccomp filter too long');
  return prog;
}

/** Serialises a program as the raw `struct sock_filter` array bubblewrap reads. */
export function encodeFilter(prog: Insn[]): Buffer {
  const buf = Buffer.alloc(prog.length * 8);
  prog.forEach((insn, i) => {
    buf.writeUInt16LE(insn.code, i * 8);
    buf.writeUInt8(insn.jt, i * 8 + 2);
    buf.writeUInt8(insn.jf, i * 8 + 3);
    buf.writeUInt32LE(insn.k >>> 0, i * 8 + 4);
  });
  return buf;
}

const cache = new Map<string, Buffer>();
export function seccompFilter(profileName: keyof typeof SECCOMP_PROFILES): Buffer {
  let buf = cache.get(profileName);
  if (!buf) {
    buf = encodeFilter(buildFilter(SECCOMP_PROFILES[profileName]));
    cache.set(profileName, buf);
  }
  return buf;
}

/**
 * A tiny classic-BPF interpreter for the instructions this builder emits, so the unit tests can
 * check decisions without a kernel. Returns the seccomp return value.
 */
export function evaluateFilter(prog: Insn[], data: { nr: number; arch: number; args?: (number | bigint)[] }): number {
  let acc = 0;
  let pc = 0;
  const load = (off: number): number => {
    if (off === OFF_NR) return data.nr >>> 0;
    if (off === OFF_ARCH) return data.arch >>> 0;
    // Arguments are 64-bit: the low word at +0, the high word at +4 (bigint for values past 2^53).
    if (off >= 16 && off < 64 && off % 8 === 0) return Number(BigInt(data.args?.[(off - 16) / 8] ?? 0) & 0xffffffffn);
    if (off >= 16 && off < 64 && off % 8 === 4) return Number((BigInt(data.args?.[(off - 20) / 8] ?? 0) >> 32n) & 0xffffffffn);
    throw new Error(`unexpected load offset ${off}`);
  };
  for (let steps = 0; steps < 10000; steps++) {
    const insn = prog[pc];
    if (!insn) throw new Error('fell off the program');
    switch (insn.code) {
      case BPF_LD_W_ABS:
        acc = load(insn.k);
        pc++;
        break;
      case BPF_JMP_JEQ_K:
        pc += 1 + (acc === insn.k >>> 0 ? insn.jt : insn.jf);
        break;
      case BPF_JMP_JGE_K:
        pc += 1 + (acc >= insn.k >>> 0 ? insn.jt : insn.jf);
        break;
      case BPF_JMP_JSET_K:
        pc += 1 + ((acc & insn.k) !== 0 ? insn.jt : insn.jf);
        break;
      case BPF_RET_K:
        return insn.k >>> 0;
      default:
        throw new Error(`unknown opcode ${insn.code}`);
    }
  }
  throw new Error('filter did not terminate');
}

export const SECCOMP_RESULT = {
  kill: SECCOMP_RET_KILL_PROCESS,
  allow: SECCOMP_RET_ALLOW,
  notify: SECCOMP_RET_USER_NOTIF,
  enosys: SECCOMP_RET_ERRNO | ENOSYS,
  afNoSupport: SECCOMP_RET_ERRNO | EAFNOSUPPORT,
  archX86_64: AUDIT_ARCH_X86_64,
};

function nr(name: string): number {
  const n = SYSCALLS[name];
  if (n === undefined) throw new Error(`unknown syscall ${name}`);
  return n;
}
