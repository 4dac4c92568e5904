// SPDX-License-Identifier: GPL-2.0
/*
 * lttng-statedump: run in the defconfig kernel's initramfs once the
 * lttng-modules built by dkms are loaded.  Through LTTng's own ABI
 * (/proc/lttng, the header of the lttng-modules source it is compiled
 * against) it reads the tracer's version, creates a session and asks for
 * a state dump: the tracer walks every task and reads its task_struct,
 * files, mm, credentials and namespaces, all laid out by the plugin.  One
 * RANDSTRUCT-LTTNG line per step; exit status 0 only if every step worked.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <lttng/abi.h>

static int fail(const char *step)
{
	printf("RANDSTRUCT-LTTNG: %s failed: %s\n", step, strerror(errno));
	return 1;
}

int main(void)
{
	struct lttng_kernel_abi_tracer_version version;
	int tracer, session;

	tracer = open("/proc/lttng", O_RDWR);
	if (tracer < 0)
		return fail("open /proc/lttng");
	if (ioctl(tracer, LTTNG_KERNEL_ABI_TRACER_VERSION, &version) < 0)
		return fail("TRACER_VERSION");
	printf("RANDSTRUCT-LTTNG: tracer %u.%u.%u\n", version.major,
	       version.minor, version.patchlevel);
	session = ioctl(tracer, LTTNG_KERNEL_ABI_SESSION);
	if (session < 0)
		return fail("SESSION");
	if (ioctl(session, LTTNG_KERNEL_ABI_SESSION_STATEDUMP) < 0)
		return fail("SESSION_STATEDUMP");
	printf("RANDSTRUCT-LTTNG: statedump done\n");
	close(session);
	close(tracer);
	return 0;
}
