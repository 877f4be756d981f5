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
 *   reply   : "S <id> <wait status>[ <nr of a call the init refused>]\n" or "E <id> <why the run could not start>\n", written by the
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
 * program, which sets its rlimits, installs the seccomp filter (passing its listener back, see
 * supervise) and execs. When the program ends
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
#include <stdint.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_FIELDS 4096
#define MAX_FILTER (4096 * 8)
#define EXIT_NO_REQUEST 125
/* Placeholders of "the one execve allowed" in an exec-self filter (seccomp.ts EXEC_SELF_*). */
#define EXEC_SELF_LO 0x6f6a6578u
#define EXEC_SELF_HI 0x65786563u
/* Bytes of a program's stderr kept (run.ts STDERR_KEEP_BYTES); the rest is read and dropped. */
#define STDERR_KEEP (64 * 1024)

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

/*
 * An exec-self filter allows execve only with the path at one address: a page placed at a random
 * address (about 35 bits of it) that holds the program's path. The exec replaces the address
 * space, so the program cannot know the address, and a wrong guess is killed: the program may
 * exec nothing, itself included. Returns where the path was put (NULL: no placeholder, exec as usual).
 */
static char *place_exec_path(struct sock_filter *filter, size_t count, const char *path) {
  size_t lo = 0, hi = 0;
  for (size_t i = 0; i < count; i++) {
    if (filter[i].code != (BPF_JMP | BPF_JEQ | BPF_K)) continue;
    if (filter[i].k == EXEC_SELF_LO) lo = i + 1;
    if (filter[i].k == EXEC_SELF_HI) hi = i + 1;
  }
  if (!lo || !hi) return NULL;
  if (path[0] != '/') {
    errno = EINVAL;
    fail("exec-self needs an absolute program path");
  }
  for (int tries = 0; tries < 64; tries++) {
    uint64_t r;
    if (getrandom(&r, sizeof r, 0) != sizeof r) fail("getrandom");
    uintptr_t at = (uintptr_t)(r & 0x00003ffffffff000ULL);
    if (at < 0x100000000ULL) continue;
    void *p = mmap((void *)at, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == MAP_FAILED) continue;
    if (p != (void *)at) {
      munmap(p, 4096);
      continue;
    }
    snprintf((char *)p, 4096, "%s", path);
    filter[lo - 1].k = (uint32_t)at;
    filter[hi - 1].k = (uint32_t)((uint64_t)at >> 32);
    return (char *)p;
  }
  errno = ENOMEM;
  fail("exec-self address");
  return NULL;
}

/*
 * A foreign execve is not killed by the filter (the kernel would kill only the process that tried,
 * maybe a child the program then ignores) but handed to a supervisor through a seccomp user
 * notification: the exec-self filter answers SECCOMP_RET_USER_NOTIF for it, and the program installs
 * that filter with a listener, which it passes to its supervisor (the run's init, or the --exec
 * launcher) before its exec. The supervisor ends the whole run and names the call itself, so the
 * verdict never depends on the kernel's rate-limited audit lines. Without a listener the kernel
 * answers such a call ENOSYS: still refused.
 */
static int install_filter(struct sock_filter *filter, ssize_t flen, int notify_sock) {
  struct sock_fprog prog_filter = {(unsigned short)(flen / sizeof(struct sock_filter)), filter};
  long fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog_filter);
  if (fd < 0) {
    /* A kernel before 5.0: no listeners; the foreign execve then fails with ENOSYS. */
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog_filter, 0, 0)) fail("seccomp");
    close(notify_sock);
    return 0;
  }
  char byte = 'L';
  struct iovec iov = {&byte, 1};
  union {
    char buf[CMSG_SPACE(sizeof(int))];
    struct cmsghdr align;
  } ctl;
  memset(&ctl, 0, sizeof ctl);
  struct msghdr mh = {0};
  mh.msg_iov = &iov;
  mh.msg_iovlen = 1;
  mh.msg_control = ctl.buf;
  mh.msg_controllen = sizeof ctl.buf;
  struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int));
  int lfd = (int)fd;
  memcpy(CMSG_DATA(c), &lfd, sizeof(int));
  if (sendmsg(notify_sock, &mh, 0) != 1) fail("send seccomp listener");
  close(lfd);
  close(notify_sock);
  return 0;
}

/* The supervisor's end: the listener the program sent, or -1 (none: no exec-self filter, or an old kernel). */
static int receive_listener(int notify_sock) {
  char byte;
  struct iovec iov = {&byte, 1};
  union {
    char buf[CMSG_SPACE(sizeof(int))];
    struct cmsghdr align;
  } ctl;
  struct msghdr mh = {0};
  mh.msg_iov = &iov;
  mh.msg_iovlen = 1;
  mh.msg_control = ctl.buf;
  mh.msg_controllen = sizeof ctl.buf;
  ssize_t n;
  do n = recvmsg(notify_sock, &mh, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  close(notify_sock);
  if (n != 1) return -1;
  struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
  if (!c || c->cmsg_type != SCM_RIGHTS) return -1;
  int fd;
  memcpy(&fd, CMSG_DATA(c), sizeof(int));
  return fd;
}

/*
 * Waits for the program, serving the listener: the first notification (a foreign execve by the program
 * or any of its children) ends every other process of this pid namespace and is returned as the
 * refused call's number; -1 when the program ended by itself. The notifying thread dies with the
 * rest, so the call never runs.
 */
static long supervise(pid_t prog, int listener, int *status) {
  long refused = -1;
  int pfd = listener >= 0 ? (int)syscall(SYS_pidfd_open, prog, 0) : -1;
  if (pfd >= 0) {
    for (;;) {
      struct pollfd fds[2] = {{pfd, POLLIN, 0}, {listener, POLLIN, 0}};
      int r = poll(fds, 2, -1);
      if (r < 0 && errno == EINTR) continue;
      if (r < 0 || fds[0].revents) break;
      if (fds[1].revents & POLLIN) {
        struct seccomp_notif req;
        memset(&req, 0, sizeof req);
        if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &req) == 0 && refused < 0) {
          refused = req.data.nr;
          kill(-1, SIGKILL);
        }
      } else if (fds[1].revents) {
        break; /* the listener is done (every process of the filter gone) */
      }
    }
    close(pfd);
  }
  if (listener >= 0) close(listener);
  for (;;) {
    pid_t w = waitpid(prog, status, 0);
    if (w == prog) break;
    if (w < 0 && errno != EINTR) _exit(127);
  }
  return refused;
}

/* Reads the program's stderr from a pipe and keeps its head in the file: a flood is cut, never fatal. */
static void drain_stderr(int from, int to) {
  char buf[65536];
  size_t kept = 0;
  for (;;) {
    ssize_t n = read(from, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(0);
    if (kept < STDERR_KEEP) {
      size_t part = (size_t)n < STDERR_KEEP - kept ? (size_t)n : STDERR_KEEP - kept;
      if (write(to, buf, part) < 0) _exit(0);
      kept += part;
    }
  }
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
  /* Mounted at 64 MiB above; a run that asks for just that (most do) is spared three remounts. */
  if (strtoull(tmpfs, NULL, 10) != 64ULL * 1024 * 1024 &&
      (mount(NULL, "/w", NULL, MS_REMOUNT | MS_NOSUID | MS_NODEV, opts) ||
       mount(NULL, "/tmp", NULL, MS_REMOUNT | MS_NOSUID | MS_NODEV, opts) ||
       mount(NULL, "/dev/shm", NULL, MS_REMOUNT | MS_NOSUID | MS_NODEV, opts)))
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

  /* stderr through a pipe and a drainer (in the run's cgroup), so RLIMIT_FSIZE never hits it. */
  pid_t drainer = -1;
  if (f[8][0]) {
    int sp[2];
    if (pipe2(sp, O_CLOEXEC)) fail("pipe");
    drainer = fork();
    if (drainer < 0) fail("fork");
    if (drainer == 0) {
      close(sp[1]);
      drain_stderr(sp[0], errf);
    }
    close(sp[0]);
    close(errf);
    errf = sp[1];
  }
  int errp[2], np[2];
  if (pipe2(errp, O_CLOEXEC)) fail("pipe");
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, np)) fail("socketpair");
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
    char *exec_path = NULL;
    close(np[0]);
    if (flen > 0) {
      exec_path = place_exec_path(filter, (size_t)flen / sizeof(struct sock_filter), argv[0]);
      install_filter(filter, flen, np[1]);
    } else {
      close(np[1]);
    }
    /* err_fd is close-on-exec: the zygote sees EOF once the program runs. */
    if (exec_path) execve(exec_path, argv, envp);
    else execvp(argv[0], argv);
    fail(argv[0]);
  }
  close(errp[1]);
  close(np[1]);
  close(in);
  close(out);
  close(errf);
  int listener = receive_listener(np[0]);
  char msg[400];
  ssize_t n;
  do n = read(errp[0], msg, sizeof msg - 1);
  while (n < 0 && errno == EINTR);
  int st = 0, drained = drainer < 0;
  long refused = supervise(prog, listener, &st);
  /* The drainer ends once every writer is gone; give it a moment for the program's last words
     (processes the program left holding the pipe are killed below anyway). */
  for (int i = 0; i < 100 && !drained; i++) {
    if (waitpid(drainer, NULL, WNOHANG) == drainer) drained = 1;
    else usleep(500);
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
  } else if (refused >= 0) {
    /* A call the supervisor refused: the run died of it (as of a filter's kill), and it has a name. */
    len = snprintf(reply, sizeof reply, "S %ld %d %ld\n", run_id, (128 + SIGSYS) << 8, refused);
  } else {
    /* bubblewrap's convention: the exit code, or 128 + the signal. */
    len = snprintf(reply, sizeof reply, "S %ld %d\n", run_id, WIFEXITED(st) ? WEXITSTATUS(st) << 8 : (128 + WTERMSIG(st)) << 8);
  }
  /* Straight to the judge (one atomic write), then "done" to the zygote; then leave, which ends
     the namespaces. */
  if (write(1, reply, (size_t)len) != len || write(status_fd, "D\n", 2) != 2) _exit(127);
  _exit(0);
}

/*
 * `oj-zygote --exec FILTER REPORT_FD -- PROGRAM ARGS...`: the fresh sandbox's way to the exec-self rule
 * (bubblewrap installs its filter itself and then execs). Forks the program, which installs FILTER
 * with its path placed as above and execs; this process stays as its supervisor (see supervise), ends
 * with the program's status in bubblewrap's convention, and on a refused call writes "X <nr>\n" to
 * REPORT_FD (a pipe to the judge that the program never holds) and ends as if killed by SIGSYS.
 */
static int exec_mode(int argc, char **argv) {
  static struct sock_filter filter[MAX_FILTER / sizeof(struct sock_filter)];
  if (argc < 6 || strcmp(argv[4], "--")) {
    fprintf(stderr, "usage: oj-zygote --exec FILTER REPORT_FD -- PROGRAM ARGS...\n");
    return 127;
  }
  int report = atoi(argv[3]);
  if (report < 3 || fcntl(report, F_SETFD, FD_CLOEXEC)) report = -1;
  int fd = open(argv[2], O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail("open seccomp filter");
  ssize_t flen = read(fd, filter, sizeof filter);
  if (flen <= 0 || flen % sizeof(struct sock_filter)) fail("read seccomp filter");
  close(fd);
  err_fd = 2;
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) fail("no_new_privs");
  int np[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, np)) fail("socketpair");
  pid_t prog = fork();
  if (prog < 0) fail("fork");
  if (prog == 0) {
    close(np[0]);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)) fail("pdeathsig");
    char *exec_path = place_exec_path(filter, (size_t)flen / sizeof(struct sock_filter), argv[5]);
    install_filter(filter, flen, np[1]);
    if (exec_path) execve(exec_path, &argv[5], environ);
    else execvp(argv[5], &argv[5]);
    fail(argv[5]);
  }
  close(np[1]);
  /* The supervisor holds none of the program's stdio, so the program alone decides their EOF. */
  int null = open("/dev/null", O_RDWR);
  if (null >= 0) {
    dup2(null, 0);
    dup2(null, 1);
    if (null > 2) close(null);
  }
  int st = 0;
  long refused = supervise(prog, receive_listener(np[0]), &st);
  if (refused >= 0) {
    char line[64];
    int len = snprintf(line, sizeof line, "X %ld\n", refused);
    if (report >= 0 && write(report, line, (size_t)len) != len) {
      /* the judge is gone */
    }
    return 128 + SIGSYS;
  }
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--exec") == 0) return exec_mode(argc, argv);
  /* `oj-zygote CPU`: this slot's runs stay on one CPU (fair timings); best effort. */
  if (argc > 1) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(atoi(argv[1]), &set);
    if (sched_setaffinity(0, sizeof set, &set)) {
      /* not allowed here (a CPU outside the container's set): the runs float */
    }
  }
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
