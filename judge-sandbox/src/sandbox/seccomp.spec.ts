import {
  buildFilter,
  encodeFilter,
  evaluateFilter,
  EXEC_SELF_HI,
  EXEC_SELF_LO,
  SECCOMP_PROFILES,
  SECCOMP_RESULT,
  SYSCALLS,
} from './seccomp';

const X86_64 = SECCOMP_RESULT.archX86_64;
const decide = (profile: keyof typeof SECCOMP_PROFILES, nr: number, args: (number | bigint)[] = [], arch = X86_64) =>
  evaluateFilter(buildFilter(SECCOMP_PROFILES[profile]), { nr, arch, args });

describe('seccomp BPF builder', () => {
  it('kills every call the issue lists as refused', () => {
    for (const name of [
      'ptrace',
      'mount',
      'umount2',
      'pivot_root',
      'chroot',
      'reboot',
      'kexec_load',
      'init_module',
      'finit_module',
      'bpf',
      'perf_event_open',
      'keyctl',
      'add_key',
      'unshare',
      'setns',
      'io_uring_setup',
      'personality',
    ]) {
      expect([name, decide('default', SYSCALLS[name])]).toEqual([name, SECCOMP_RESULT.kill]);
    }
  });

  it('allows ordinary calls (read 0, write 1, execve 59, wait4 61, exit_group 231)', () => {
    for (const nr of [0, 1, 59, 61, 231]) expect(decide('default', nr)).toBe(SECCOMP_RESULT.allow);
  });

  it('kills other architectures and x32 numbers', () => {
    expect(decide('default', 0, [], 0x40000003 /* i386 */)).toBe(SECCOMP_RESULT.kill);
    expect(decide('default', 0x40000000 + 1)).toBe(SECCOMP_RESULT.kill);
  });

  it('allows AF_UNIX sockets only; the JVM profile fails other families with EAFNOSUPPORT', () => {
    expect(decide('default', SYSCALLS.socket, [1])).toBe(SECCOMP_RESULT.allow);
    expect(decide('default', SYSCALLS.socket, [2])).toBe(SECCOMP_RESULT.kill);
    expect(decide('default', SYSCALLS.socketpair, [10])).toBe(SECCOMP_RESULT.kill);
    expect(decide('java', SYSCALLS.socket, [2])).toBe(SECCOMP_RESULT.afNoSupport);
    expect(decide('java', SYSCALLS.socket, [1])).toBe(SECCOMP_RESULT.allow);
  });

  it('lets clone fork and start threads but not create namespaces', () => {
    expect(decide('default', SYSCALLS.clone, [0x11 /* SIGCHLD */])).toBe(SECCOMP_RESULT.allow);
    expect(decide('default', SYSCALLS.clone, [0x003d0f00 /* pthread flags */])).toBe(SECCOMP_RESULT.allow);
    expect(decide('default', SYSCALLS.clone, [0x10000000 | 0x11 /* CLONE_NEWUSER */])).toBe(SECCOMP_RESULT.kill);
    expect(decide('default', SYSCALLS.clone3)).toBe(SECCOMP_RESULT.enosys);
  });

  it('answers io_uring with ENOSYS for node, whose libuv falls back', () => {
    expect(decide('node', SYSCALLS.io_uring_setup)).toBe(SECCOMP_RESULT.enosys);
    expect(decide('node', SYSCALLS.ptrace)).toBe(SECCOMP_RESULT.kill);
  });

  it('encodes 8-byte little-endian sock_filter entries', () => {
    const prog = buildFilter(SECCOMP_PROFILES.default);
    const buf = encodeFilter(prog);
    expect(buf.length).toBe(prog.length * 8);
    // first instruction: BPF_LD|BPF_W|BPF_ABS of the arch field (offset 4)
    expect([...buf.subarray(0, 8)]).toEqual([0x20, 0, 0, 0, 4, 0, 0, 0]);
  });

  it('exec-self profiles allow execve only at the patched-in path address, and hand any other exec to the launcher', () => {
    const placeholder = (BigInt(EXEC_SELF_HI) << 32n) | BigInt(EXEC_SELF_LO);
    expect(decide('default-exec-self', SYSCALLS.execve, [placeholder])).toBe(SECCOMP_RESULT.allow);
    expect(decide('default-exec-self', SYSCALLS.execve, [0x7ffd12345000])).toBe(SECCOMP_RESULT.notify);
    // Either half alone is not enough.
    expect(decide('default-exec-self', SYSCALLS.execve, [EXEC_SELF_LO])).toBe(SECCOMP_RESULT.notify);
    expect(decide('default-exec-self', SYSCALLS.execve, [BigInt(EXEC_SELF_HI) << 32n])).toBe(SECCOMP_RESULT.notify);
    expect(decide('java-exec-self', SYSCALLS.execveat, [placeholder])).toBe(SECCOMP_RESULT.notify);
    // The rest of the profile is unchanged; the base profile still lets runtimes exec.
    expect(decide('node-exec-self', SYSCALLS.io_uring_setup)).toBe(SECCOMP_RESULT.enosys);
    expect(decide('default-exec-self', SYSCALLS.ptrace)).toBe(SECCOMP_RESULT.kill);
    expect(decide('default', SYSCALLS.execve, [0x7ffd12345000])).toBe(SECCOMP_RESULT.allow);
  });
});
