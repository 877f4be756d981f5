/**
 * Hostile programs against the real sandbox: each gets the right verdict and leaves nothing on
 * the host (no process, no cgroup, no file outside its work dir).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { JudgeStatus } from '@oj/contracts';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';

const C = 'C With O2';
const CPP = 'C++ 17 With O2';
/** Prints the right answer of the A+B problem (1 2 → 3, 100 200 → 300). */
const ANSWER = 'long a,b; if (scanf("%ld %ld",&a,&b)==2) printf("%ld\\n",a+b);';
const HEAD =
  '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <signal.h>\n#include <fcntl.h>\n#include <sys/types.h>\n#include <sys/wait.h>\n';

let problem: string;
beforeAll(() => {
  isolateJudge('hostile');
  problem = makeProblem({ pkg: { timeLimit: 1000, memoryLimit: 128, stackLimit: 64 } });
});
afterAll(() => {
  fs.rmSync(problem, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

async function verdict(code: string, lang = C) {
  const r = await judgeSource(problem, lang, code);
  return { status: r.status, message: r.cases[0]?.message ?? r.compileInfo ?? r.errorMessage ?? '', result: r };
}

describe('resource bombs', () => {
  it('stops a fork bomb with the pids limit and the CPU limit (TLE)', async () => {
    const v = await verdict(`${HEAD} int main(){ for(;;) fork(); }`);
    expect(v.status).toBe(JudgeStatus.TimeLimitExceeded);
  });

  it('stops a thread bomb (TLE)', async () => {
    const v = await verdict(
      `${HEAD}#include <pthread.h>\nvoid* spin(void* x){ for(;;); return x; }\nint main(){ pthread_t t; for(;;) pthread_create(&t,0,spin,0); }`,
    );
    expect(v.status).toBe(JudgeStatus.TimeLimitExceeded);
  });

  it('gives MLE to malloc-and-touch', async () => {
    const v = await verdict(`${HEAD} int main(){ for(;;){ char* p = malloc(1<<20); if(!p) return 1; memset(p, 1, 1<<20);} }`);
    expect(v.status).toBe(JudgeStatus.MemoryLimitExceeded);
  });

  it('gives MLE to a populated mmap', async () => {
    const v = await verdict(
      `#define _GNU_SOURCE\n${HEAD}#include <sys/mman.h>\nint main(){ char* p = mmap(0, 1L<<30, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS|MAP_POPULATE, -1, 0); if (p == MAP_FAILED) return 1; p[0]=1; return 0; }`,
    );
    expect(v.status).toBe(JudgeStatus.MemoryLimitExceeded);
  });

  it('gives MLE to a large static array that is touched', async () => {
    const v = await verdict(`${HEAD} static char big[1<<30]; int main(){ memset(big, 1, sizeof big); printf("%d", big[12345]); }`);
    expect(v.status).toBe(JudgeStatus.MemoryLimitExceeded);
  });

  it('gives RE to unbounded recursion (stack limit)', async () => {
    const v = await verdict(`${HEAD} int f(int n){ volatile char pad[4096]; pad[0]=n; return f(n+1)+pad[0]; } int main(){ return f(0); }`);
    expect(v.status).toBe(JudgeStatus.RuntimeError);
    expect(v.message).toContain('SIGSEGV');
  });

  it('gives RE (output limit) to an stdout flood', async () => {
    const v = await verdict(`${HEAD} int main(){ static char b[1<<16]; memset(b,'x',sizeof b); for(;;) fwrite(b,1,sizeof b,stdout); }`);
    expect(v.status).toBe(JudgeStatus.RuntimeError);
    expect(v.message).toBe('Output Limit Exceeded');
  });

  it('an endless stderr flood is cut, not fatal: the program runs into its time limit', async () => {
    const v = await verdict(`${HEAD} int main(){ static char b[1<<16]; memset(b,'x',sizeof b); for(;;) fwrite(b,1,sizeof b,stderr); }`);
    expect(v.status).toBe(JudgeStatus.TimeLimitExceeded);
  });

  it('gives MLE to a creator of a million files (inodes are charged to the run) and leaves no file', async () => {
    // Creating files is kernel time charged to the run: on a busy machine 1 s of CPU can run out before
    // 128 MB of inodes do, so this one gets 10 s; the memory limit must be what stops it.
    const slowProblem = makeProblem({ pkg: { timeLimit: 10_000, memoryLimit: 128, stackLimit: 64 } });
    try {
      const r = await judgeSource(
        slowProblem,
        C,
        `${HEAD} int main(){ char n[64]; for(int i=0;i<1000000;i++){ sprintf(n,"f%d",i); int fd=open(n,O_CREAT|O_WRONLY,0644); if(fd<0) return 3; close(fd);} ${ANSWER} }`,
      );
      expect(r.status).toBe(JudgeStatus.MemoryLimitExceeded);
    } finally {
      fs.rmSync(slowProblem, { recursive: true, force: true });
    }
  });
});

describe('time', () => {
  it('gives TLE to a CPU loop', async () => {
    const v = await verdict(`${HEAD} int main(){ volatile unsigned long x=0; for(;;) x++; }`);
    expect(v.status).toBe(JudgeStatus.TimeLimitExceeded);
    expect(v.message).toBe('CPU time limit exceeded');
  });

  it('gives TLE to a sleeper through the wall clock limit', async () => {
    const v = await verdict(`${HEAD} int main(){ sleep(30); return 0; }`);
    expect(v.status).toBe(JudgeStatus.TimeLimitExceeded);
    expect(v.message).toBe('wall clock limit exceeded');
    expect(v.result.cases[0].time).toBeLessThan(100);
  });

  it('gives TLE to a busy wait on the clock', async () => {
    const v = await verdict(`${HEAD}#include <time.h>\nint main(){ time_t t=time(0); while(time(0) < t+30); return 0; }`);
    expect(v.status).toBe(JudgeStatus.TimeLimitExceeded);
  });
});

describe('escapes', () => {
  it('refuses a TCP connection to 127.0.0.1 and names the call', async () => {
    const v = await verdict(
      `${HEAD}#include <sys/socket.h>\n#include <netinet/in.h>\n#include <arpa/inet.h>\nint main(){ int s=socket(AF_INET,SOCK_STREAM,0); struct sockaddr_in a={0}; a.sin_family=AF_INET; a.sin_port=htons(6379); a.sin_addr.s_addr=inet_addr("127.0.0.1"); if(connect(s,(void*)&a,sizeof a)==0){ ${ANSWER} } return 0; }`,
    );
    expect(v.status).toBe(JudgeStatus.RuntimeError);
    expect(v.message).toMatch(/^refused system call/);
    if (fs.existsSync('/dev/kmsg')) expect(v.message).toBe('refused system call: socket');
  });

  it('refuses ptrace with a message naming it', async () => {
    const v = await verdict(`${HEAD}#include <sys/ptrace.h>\nint main(){ ptrace(PTRACE_TRACEME,0,0,0); ${ANSWER} }`);
    expect(v.status).toBe(JudgeStatus.RuntimeError);
    if (fs.existsSync('/dev/kmsg')) expect(v.message).toBe('refused system call: ptrace');
  });

  it('cannot read /etc/shadow', async () => {
    const v = await verdict(`${HEAD} int main(){ if (open("/etc/shadow", O_RDONLY) >= 0) { ${ANSWER} return 0; } return 3; }`);
    expect(v.status).toBe(JudgeStatus.RuntimeError);
    expect(v.message).toBe('Runtime Error (exit code 3)');
  });

  it('cannot read the answer file, by its host path or next to the input', async () => {
    const answer = path.join(problem, '1.out');
    const v = await verdict(
      `${HEAD} int main(){ const char* p[] = {"${answer}", "1.out", "../1.out", "/w/1.out", "/p/1.out", "/proc/1/root${answer}"}; for (int i=0;i<6;i++) if (open(p[i], O_RDONLY) >= 0) { ${ANSWER} return 0; } return 3; }`,
    );
    expect(v.status).toBe(JudgeStatus.RuntimeError);
    expect(v.message).toBe('Runtime Error (exit code 3)');
  });

  it('cannot write outside its work dir, and its /tmp never reaches the host', async () => {
    const marker = path.join(os.tmpdir(), `oj-hostile-marker-${process.pid}`);
    const v = await verdict(
      `${HEAD} int main(){ const char* bad[] = {"/usr/evil", "/etc/evil", "/evil", "/proc/evil", "${problem}/evil"}; for (int i=0;i<5;i++) if (open(bad[i], O_CREAT|O_WRONLY, 0644) >= 0) return 3; int fd = open("${marker}", O_CREAT|O_WRONLY, 0644); if (fd < 0) return 4; ${ANSWER} return 0; }`,
    );
    expect(v.status).toBe(JudgeStatus.Accepted);
    expect(fs.existsSync(marker)).toBe(false);
    expect(fs.existsSync(path.join(problem, 'evil'))).toBe(false);
  });

  it('may not run /bin/sh from a compiled program (RE naming execve)', async () => {
    const v = await verdict(`${HEAD} int main(){ execl("/bin/sh", "sh", "-c", "echo 3", (char*)0); return 5; }`);
    expect(v).toEqual(expect.objectContaining({ status: JudgeStatus.RuntimeError, message: 'refused system call: execve' }));
  });

  it('a shell (Bash, which may exec) sees no secrets in the sandbox', async () => {
    const v = await verdict('cat /etc/shadow /root/.bashrc >/dev/null 2>&1 && echo leaked || (read a b; echo $((a+b)))', 'bash');
    expect(v.status).toBe(JudgeStatus.Accepted);
  });

  it('cannot kill its parent, kill(-1) or stop the parent', async () => {
    const v = await verdict(
      `${HEAD} int main(){ kill(getppid(), SIGSTOP); kill(getppid(), SIGKILL); kill(1, SIGKILL); kill(-1, SIGKILL); ${ANSWER} return 0; }`,
    );
    expect(v.status).toBe(JudgeStatus.Accepted);
  });

  it('kills a child that outlives the main process', async () => {
    const v = await verdict(`${HEAD} int main(){ if (fork()==0) { for(;;) sleep(1); } ${ANSWER} return 0; }`);
    expect(v.status).toBe(JudgeStatus.Accepted);
  });

  it('kills a setsid daemon child', async () => {
    const v = await verdict(
      `${HEAD} int main(){ if (fork()==0) { setsid(); if (fork()==0) { volatile long x=0; for(;;) x++; } _exit(0); } ${ANSWER} return 0; }`,
    );
    expect(v.status).toBe(JudgeStatus.Accepted);
  });

  it('inherits no descriptor but stdin, stdout and stderr', async () => {
    const v = await verdict(
      `${HEAD}#include <dirent.h>\nint main(){ DIR* d = opendir("/proc/self/fd"); struct dirent* e; int extra = 0; while ((e = readdir(d))) { int fd = atoi(e->d_name); if (e->d_name[0] != '.' && fd > 2 && fd != dirfd(d)) extra++; } if (extra) return 3; ${ANSWER} return 0; }`,
    );
    expect(v.status).toBe(JudgeStatus.Accepted);
  });

  it('refuses new namespaces through unshare and clone flags', async () => {
    const v = await verdict(`#define _GNU_SOURCE\n${HEAD}#include <sched.h>\nint main(){ unshare(CLONE_NEWUSER); ${ANSWER} return 0; }`);
    expect(v.status).toBe(JudgeStatus.RuntimeError);
    if (fs.existsSync('/dev/kmsg')) expect(v.message).toBe('refused system call: unshare');
  });
});

describe('compile bombs', () => {
  it('stops #include </dev/urandom> (CE)', async () => {
    const v = await verdict('#include </dev/urandom>\nint main(){}');
    expect(v.status).toBe(JudgeStatus.CompileError);
    expect(v.result.compileInfo).toMatch(/limit exceeded|error/i);
  });

  it('stops a template explosion (CE)', async () => {
    const v = await verdict(
      '#include <utility>\n#include <cstdio>\nint main(){ auto s = std::make_index_sequence<200000000>{}; std::printf("%zu", s.size()); }',
      CPP,
    );
    expect(v.status).toBe(JudgeStatus.CompileError);
    expect(v.result.compileInfo).toMatch(/limit exceeded/);
  });

  it('truncates huge compiler output (CE)', async () => {
    const line = `int x = ${'a+'.repeat(300000)}a;`;
    const v = await verdict(`${line}\n${line}\n${line}\nint main(){}`);
    expect(v.status).toBe(JudgeStatus.CompileError);
    expect(Buffer.byteLength(v.result.compileInfo ?? '')).toBeLessThan(9000);
    expect(v.result.compileInfo).toContain('(truncated)');
  });
});
