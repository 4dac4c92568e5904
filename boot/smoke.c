// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace smoke test run as part of the initramfs of a randstruct kernel.
 *
 * Every check here goes through kernel code that reads or writes fields of
 * randomized structures (task_struct, cred, signal_struct, sighand_struct),
 * in particular task_struct::blocked and task_struct::saved_sigmask, which
 * sigsuspend() and pselect() save and restore.  The result is a single line
 * on the console: "RANDSTRUCT-SMOKE: PASS" or "RANDSTRUCT-SMOKE: FAIL ...".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t got_usr1;
static volatile sig_atomic_t got_usr2;
static int failures;

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1++;
}

static void on_usr2(int sig)
{
	(void)sig;
	got_usr2++;
}

static void check(int ok, const char *what)
{
	printf("smoke: %s %s\n", ok ? "ok  " : "FAIL", what);
	if (!ok)
		failures++;
}

/* Read the hex mask that follows @key in /proc/self/status. */
static int status_mask(const char *key, unsigned long long *mask)
{
	char line[256];
	size_t len = strlen(key);
	FILE *f = fopen("/proc/self/status", "r");
	int found = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, key, len) && line[len] == ':') {
			*mask = strtoull(line + len + 1, NULL, 16);
			found = 1;
			break;
		}
	}
	fclose(f);
	return found;
}

static int status_pid_matches(void)
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");
	long pid = -1;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "Pid:", 4))
			pid = strtol(line + 4, NULL, 10);
	fclose(f);
	return pid == (long)getpid();
}

static unsigned long long sigbit(int sig)
{
	return 1ULL << (sig - 1);
}

static int blocked_now(int sig)
{
	sigset_t cur;

	sigprocmask(SIG_SETMASK, NULL, &cur);
	return sigismember(&cur, sig);
}

/* Fork a child that sends @sig to us after a short delay. */
static pid_t send_later(int sig)
{
	pid_t parent = getpid();
	pid_t pid = fork();

	if (pid == 0) {
		usleep(50000);
		kill(parent, sig);
		_exit(0);
	}
	return pid;
}

static int reap(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void test_fork_exec(const char *self)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(42);
	check(pid > 0 && reap(pid) == 42, "fork/exit/wait status 42");

	pid = fork();
	if (pid == 0) {
		execl(self, self, "--child", (char *)NULL);
		_exit(127);
	}
	check(pid > 0 && reap(pid) == 7, "exec of self returns status 7");

	pid = fork();
	if (pid == 0) {
		raise(SIGTERM);
		_exit(0);
	}
	check(reap(pid) == 128 + SIGTERM, "child killed by SIGTERM");
}

static void test_mask(void)
{
	unsigned long long blk = 0, pnd = 0, shd = 0;
	sigset_t set, old;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	check(status_mask("SigBlk", &blk) && (blk & sigbit(SIGUSR1)),
	      "SigBlk in /proc/self/status shows SIGUSR1 blocked");

	got_usr1 = 0;
	raise(SIGUSR1);
	check(got_usr1 == 0, "blocked SIGUSR1 not delivered");
	check(status_mask("SigPnd", &pnd) && status_mask("ShdPnd", &shd) &&
	      ((pnd | shd) & sigbit(SIGUSR1)),
	      "SigPnd/ShdPnd shows SIGUSR1 pending");

	sigprocmask(SIG_SETMASK, &old, NULL);
	check(got_usr1 == 1, "SIGUSR1 delivered on unblock");
	check(status_mask("SigBlk", &blk) && !(blk & sigbit(SIGUSR1)),
	      "SigBlk clear after unblock");
}

static void test_sigsuspend(void)
{
	sigset_t block, wait_mask;
	pid_t pid;
	int ret;

	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, NULL);

	got_usr1 = 0;
	pid = send_later(SIGUSR1);
	/* Temporarily unblock only SIGUSR1; saved_sigmask holds @block. */
	sigfillset(&wait_mask);
	sigdelset(&wait_mask, SIGUSR1);
	ret = sigsuspend(&wait_mask);
	check(ret == -1 && errno == EINTR && got_usr1 == 1,
	      "sigsuspend woken by SIGUSR1");
	check(blocked_now(SIGUSR1) && blocked_now(SIGUSR2),
	      "mask restored after sigsuspend (saved_sigmask)");
	reap(pid);

	for (int i = 0; i < 3; i++) {
		got_usr1 = 0;
		pid = send_later(SIGUSR1);
		sigsuspend(&wait_mask);
		reap(pid);
		if (got_usr1 != 1 || !blocked_now(SIGUSR1))
			break;
		if (i == 2)
			check(1, "three more sigsuspend round trips");
	}
	if (got_usr1 != 1 || !blocked_now(SIGUSR1))
		check(0, "three more sigsuspend round trips");
}

static void test_pselect(void)
{
	sigset_t wait_mask;
	struct timespec ts = { .tv_sec = 5 };
	unsigned long long blk = 0;
	pid_t pid;
	int ret;

	/* SIGUSR1 and SIGUSR2 are still blocked from test_sigsuspend(). */
	got_usr2 = 0;
	pid = send_later(SIGUSR2);
	sigemptyset(&wait_mask);
	ret = pselect(0, NULL, NULL, NULL, &ts, &wait_mask);
	check(ret == -1 && errno == EINTR && got_usr2 == 1,
	      "pselect interrupted by SIGUSR2");
	check(blocked_now(SIGUSR1) && blocked_now(SIGUSR2),
	      "mask restored after pselect (saved_sigmask)");
	check(status_mask("SigBlk", &blk) &&
	      (blk & sigbit(SIGUSR1)) && (blk & sigbit(SIGUSR2)),
	      "SigBlk agrees with sigprocmask after pselect");
	reap(pid);

	/* A pselect timeout must restore the mask too. */
	ts.tv_sec = 0;
	ts.tv_nsec = 10000000;
	ret = pselect(0, NULL, NULL, NULL, &ts, &wait_mask);
	check(ret == 0 && blocked_now(SIGUSR2), "pselect timeout keeps mask");
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_usr1 };

	if (argc > 1 && !strcmp(argv[1], "--child"))
		return 7;

	setvbuf(stdout, NULL, _IONBF, 0);
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_handler = on_usr2;
	sigaction(SIGUSR2, &sa, NULL);

	check(status_pid_matches(), "/proc/self/status Pid matches getpid()");
	test_fork_exec(argv[0]);
	test_mask();
	test_sigsuspend();
	test_pselect();

	if (failures)
		printf("RANDSTRUCT-SMOKE: FAIL (%d checks)\n", failures);
	else
		printf("RANDSTRUCT-SMOKE: PASS\n");
	return failures ? 1 : 0;
}
