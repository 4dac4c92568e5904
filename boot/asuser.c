// SPDX-License-Identifier: GPL-2.0
/*
 * asuser UID COMMAND [ARG...]: run COMMAND as user and group UID with no
 * supplementary groups, as an unprivileged local user would (the secrecy
 * test runs the audit and reads /sys/kernel/btf as uid 65534 in the booted
 * test kernel).  Built statically into the test initramfs.  Exits 125 when
 * the privileges cannot be dropped for good, 127 when COMMAND cannot run.
 */
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int drop_to(unsigned long id)
{
	if (setgroups(0, NULL) || setgid(id) || setuid(id)) {
		fprintf(stderr, "asuser: cannot become %lu: %s\n", id,
			strerror(errno));
		return -1;
	}
	if (id != 0 && setuid(0) == 0) {
		fprintf(stderr, "asuser: could become root again\n");
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long id;
	char *end;

	if (argc < 3) {
		fprintf(stderr, "usage: asuser UID COMMAND [ARG...]\n");
		return 125;
	}
	errno = 0;
	id = strtoul(argv[1], &end, 10);
	if (errno || *end || end == argv[1]) {
		fprintf(stderr, "asuser: '%s' is not a user id\n", argv[1]);
		return 125;
	}
	if (drop_to(id))
		return 125;
	execvp(argv[2], argv + 2);
	fprintf(stderr, "asuser: %s: %s\n", argv[2], strerror(errno));
	return 127;
}
