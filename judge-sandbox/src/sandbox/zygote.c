/*
 * oj-zygote: the launcher inside a prepared sandbox (see prepared.ts and the README).
 *
 * It runs as the pid-1 of one long-lived bubblewrap instance (new user, pid, mount, net, ipc, uts and
 * cgroup namespaces, read-only system directories, capabilities kept only inside that user
 * namespace) and serves one run at a time for the judge, which talks to it over stdin/stdout.
 * It pre-forks the next run's init (clone into fresh pid, mount, ipc and uts namespaces, fresh
 * mounts) and then says "R <its pid in the zygote's namespace>\n"; the judge finds its host pid among
 * the zygote's children (NSpid), moves it into the run's fresh cgroup and sends the request:
 *
 *   request : "<N> <id>\n" then N NUL-terminated fields:
 *             seccomp file | stack bytes | fsize bytes | nofile | cpu seconds | tmpfs bytes |
 *             stdin file | stdout file | stderr file | program dir | env count E | E × "K=V" | argv...
 *             (files are relative to /s, the slot directory; "" means /dev/null or none)
 *   reply   : "S <id> <wait status>\n" or "E <id> <why the run could not start>\n", written by the
 *             run's init straight to the judge; the zygote answers "S <id> <status>" for an init
 *             that died without replying (killed at the time or wall limit). The judge takes the
 *             first answer per id. "F <why>\n": the zygote cannot go on (and exits).
 *
 * Every run gets (clone): a fresh pid, mount, ipc and uts namespace. Its init (our code, pid 1 of
 * that pid namespace) mounts a fresh tmpfs on /w, /tmp and /dev/shm and a fresh /proc, makes /dev
 * read-only; once the request is there it sets the tmpfs sizes, binds the program read-only on
 * /p, opens the run's stdio files, reads the seccomp filter and then unmounts /s, so nothing of the
 * slot directory (nor of any earlier run) is reachable. It drops every capability (bounding set,
 * securebits NOROOT locked, capset 0), sets no_new_privs, makes itself non-dumpable and forks the
 * program, which sets its rlimits, installs the seccomp filter and execs. When the program ends
 * the init kills and reaps everything else in its pid namespace, replies (bubblewrap's
 * convention: exit code, or 128 + signal) and exits.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <linux/securebits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_FIELDS 4096
#define MAX_FILTER (4096 * 8)
#define EXIT_NO_REQUEST 125

static int err_fd = -1;    /* the program, before exec: the init's error pipe */
static int status_fd = -1; /* the init: its pipe to the zygote ("I <id>", "D", "P <why>") */
static int reply_mode = 0; /* 1 in the init */
static long run_id = -1;   /* the request's id, once read */

static void fail(const char *what) {
  char msg[400];
  int n, fd;
  if (!reply_mode) {
    n = snprintf(msg, sizeof msg, "%s: %s", what, strerror(errno));
    fd = err_fd;
  } else if (run_id >= 0) {
    n = snprintf(msg, sizeof msg, "E %ld %s: %s\n", run_id, what, strerror(errno));
    fd = 1;
  } else {
    n = snprintf(msg, sizeof msg, "P %s: %s\n", what, strerror(errno));
    fd = status_fd;
  }
  if (fd >= 0 && n > 0) {
    ssize_t w = write(fd, msg, (size_t)n);
    (void)w;
  }
  _exit(127);
}

static int open_slot_file(const char *name, int flags) {
  char p[4096];
  if (!*name) return open("/dev/null", flags & O_ACCMODE);
  snprintf(p, sizeof p, "/s/%s", name);
  return open(p, flags | O_CLOEXEC, 0644);
}

static void drop_privileges(void) {
  if (prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP |
                                   SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED |
                                   SECBIT_NO_CAP_AMBIENT_RAISE | SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED))
    fail("securebits");
  for (int cap = 0; cap <= 63; cap++)
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) && errno != EINVAL) fail("capbset");
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)) fail("ambient");
  struct __user_cap_header_struct hdr = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct data[2];
  memset(data, 0, sizeof data);
  if (syscall(SYS_capset, &hdr, data)) fail("capset");
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) fail("no_new_privs");
}

static void set_limit(int res, const char *value, int extra) {
  rlim_t v = (rlim_t)strtoull(value, NULL, 10);
  struct rlimit rl = {v, v + (rlim_t)extra};
  if (setrlimit(res, &rl)) fail("setrlimit");
}

static char *read_field(FILE *in) {
  char *buf = NULL;
  size_t cap = 0;
  if (getdelim(&buf, &cap, '\0', in) < 0) _exit(EXIT_NO_REQUEST);
  return buf;
}

/* The run's init: pid 1 of a fresh pid namespace. Prepares, waits for the request, never returns. */
static void run_init(int sfd) {
  status_fd = sfd;
  reply_mode = 1;
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) fail("mount private");
  if (mount("tmpfs", "/w", "tmpfs", MS_NOSUID | MS_NODEV, "size=64m,mode=0777")) fail("mount /w");
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=64m,mode=1777")) fail("mount /tmp");
  if (mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "size=64m,mode=1777")) fail("mount /dev/shm");
  if (mount(NULL, "/dev", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NOEXEC, NULL)) fail("remount /dev");
  if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL)) fail("mount /proc");
  if (mount("/proc/sys", "/proc/sys", NULL, MS_BIND | MS_REC, NULL) ||
      mount(NULL, "/proc/sys", NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL))
    fail("remount /proc/sys");

  /* The request (the judge sends it once this process is in the run's cgroup). */
  int nf;
  long id;
  if (scanf("%d %ld", &nf, &id) != 2) _exit(EXIT_NO_REQUEST);
  if (getchar() != '\n' || nf < 12 || nf > MAX_FIELDS) _exit(EXIT_NO_REQUEST);
  char **f = calloc((size_t)nf + 1, sizeof(char *));
  for (int i = 0; i < nf; i++) f[i] = read_field(stdin);
  run_id = id;
  char tag[64];
  int tl = snprintf(tag, sizeof tag, "I %ld\n", id);
  if (write(status_fd, tag, (size_t)tl) != tl) _exit(127);
  const char *seccomp = f[0], *tmpfs = f[5];
  char opts[128];
  snprintf(opts, sizeof opts, "size=%s", tmpfs);
  if (mount(NULL, "/w", NULL, MS_REMOUNT | MS_NOSUID | MS_NODEV, opts) ||
      mount(NULL, "/tmp", NULL, MS_REMOUNT | MS_NOSUID | MS_NODEV, opts) ||
      mount(NULL, "/dev/shm", NULL, MS_REMOUNT | MS_NOSUID | MS_NODEV, opts))
    fail("tmpfs size");
  if (f[9][0]) {
    char p[4096];
    snprintf(p, sizeof p, "/s/%s", f[9]);
    if (mount(p, "/p", NULL, MS_BIND | MS_REC, NULL)) fail("bind /p");
    if (mount(NULL, "/p", NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL)) fail("remount /p");
  }
  int in = open_slot_file(f[6], O_RDONLY);
  int out = open_slot_file(f[7], O_WRONLY | O_CREAT | O_TRUNC);
  int errf = open_slot_file(f[8], O_WRONLY | O_CREAT | O_TRUNC);
  if (in < 0 || out < 0 || errf < 0) fail("open stdio");
  static struct sock_filter filter[MAX_FILTER / sizeof(struct sock_filter)];
  ssize_t flen = 0;
  if (seccomp[0]) {
    int sfd = open_slot_file(seccomp, O_RDONLY);
    if (sfd < 0) fail("open seccomp filter");
    flen = read(sfd, filter, sizeof filter);
    if (flen <= 0 || flen % sizeof(struct sock_filter)) fail("read seccomp filter");
    close(sfd);
  }
  /* From here on nothing of the slot directory is reachable. */
  if (umount2("/s", MNT_DETACH)) fail("umount /s");
  if (chdir("/w")) fail("chdir /w");
  int adj = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
  /* In the run's cgroup the program, not this init, is the OOM killer's first choice. */
  if (adj < 0 || write(adj, "1000", 4) != 4) fail("oom_score_adj");
  close(adj);
  if (setsid() < 0) fail("setsid");
  drop_privileges();
  if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)) fail("dumpable");

  int nenv = atoi(f[10]);
  char **envp = calloc((size_t)nenv + 1, sizeof(char *));
  for (int i = 0; i < nenv; i++) envp[i] = f[11 + i];
  char **argv = &f[11 + nenv];
  if (11 + nenv >= nf) fail("no command");

  int errp[2];
  if (pipe2(errp, O_CLOEXEC)) fail("pipe");
  pid_t prog = fork();
  if (prog < 0) fail("fork");
  if (prog == 0) {
    err_fd = errp[1];
    reply_mode = 0;
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)) fail("pdeathsig");
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(errf, 2) < 0) fail("dup2");
    set_limit(RLIMIT_STACK, f[1], 0);
    set_limit(RLIMIT_FSIZE, f[2], 0);
    set_limit(RLIMIT_NOFILE, f[3], 0);
    set_limit(RLIMIT_CORE, "0", 0);
    set_limit(RLIMIT_CPU, f[4], 1);
    environ = envp;
    if (flen > 0) {
      struct sock_fprog prog_filter = {(unsigned short)(flen / sizeof(struct sock_filter)), filter};
      if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog_filter, 0, 0)) fail("seccomp");
    }
    /* err_fd is close-on-exec: the zygote sees EOF once the program runs. */
    execvp(argv[0], argv);
    fail(argv[0]);
  }
  close(errp[1]);
  close(in);
  close(out);
  close(errf);
  char msg[400];
  ssize_t n;
  do n = read(errp[0], msg, sizeof msg - 1);
  while (n < 0 && errno == EINTR);
  int st = 0;
  for (;;) {
    pid_t w = waitpid(-1, &st, 0);
    if (w == prog) break;
    if (w < 0 && errno != EINTR) _exit(127);
  }
  /* Nothing of the run outlives its reply: kill the rest of the namespace and reap it all. */
  kill(-1, SIGKILL);
  while (waitpid(-1, NULL, 0) > 0 || errno == EINTR) {
  }
  char reply[512];
  int len;
  if (n > 0) {
    msg[n] = 0;
    for (char *c = msg; *c; c++)
      if (*c == '\n') *c = ' ';
    len = snprintf(reply, sizeof reply, "E %ld %s\n", run_id, msg);
  } else {
    /* bubblewrap's convention: the exit code, or 128 + the signal. */
    len = snprintf(reply, sizeof reply, "S %ld %d\n", run_id, WIFEXITED(st) ? WEXITSTATUS(st) << 8 : (128 + WTERMSIG(st)) << 8);
  }
  /* Straight to the judge (one atomic write), then "done" to the zygote; then leave, which ends
     the namespaces. */
  if (write(1, reply, (size_t)len) != len || write(status_fd, "D\n", 2) != 2) _exit(127);
  _exit(0);
}

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  pid_t previous = 0;
  for (;;) {
    int rp[2];
    if (pipe2(rp, O_CLOEXEC)) return 1;
    pid_t pid = (pid_t)syscall(SYS_clone, CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | SIGCHLD, 0, 0, 0, 0);
    if (pid == 0) {
      close(rp[0]);
      run_init(rp[1]);
    }
    close(rp[1]);
    if (pid < 0) {
      printf("F clone: %s\n", strerror(errno));
      fflush(stdout);
      return 1;
    }
    printf("R %d\n", pid);
    fflush(stdout);
    /* The previous init tears its namespaces down meanwhile: reap it. */
    while (previous > 0 && waitpid(previous, NULL, 0) < 0 && errno == EINTR) {
    }
    previous = 0;
    /* The init says "I <id>" once it has the request and "D" once it has replied. */
    char buf[1024];
    size_t len = 0;
    int done = 0;
    buf[0] = 0;
    for (;;) {
      ssize_t n = read(rp[0], buf + len, sizeof buf - 1 - len);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      len += (size_t)n;
      buf[len] = 0;
      if (strstr(buf, "D\n")) {
        done = 1;
        break;
      }
      if (len >= sizeof buf - 1) break;
    }
    close(rp[0]);
    if (done) {
      previous = pid;
      continue;
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(st) && WEXITSTATUS(st) == EXIT_NO_REQUEST) return 0;
    if (strncmp(buf, "I ", 2) == 0) {
      /* Killed (time or wall limit) or failed before replying: answer for it. A reply it sent
         just before is not repeated to the run: the judge takes the first answer per id. */
      printf("S %ld %d\n", strtol(buf + 2, NULL, 10), st);
      fflush(stdout);
      continue;
    }
    char *nl = strchr(buf, '\n');
    if (nl) *nl = 0;
    printf("F %s\n", strncmp(buf, "P ", 2) == 0 ? buf + 2 : "the run's init ended before its request");
    fflush(stdout);
    return 1;
  }
}
