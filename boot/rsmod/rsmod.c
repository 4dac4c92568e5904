// SPDX-License-Identifier: GPL-2.0
/*
 * Test module for the randstruct kit.  It reads fields of the randomized
 * struct task_struct and struct cred of the task that loads it, so it only
 * reports sane values when it was compiled with the same layout (seed) as
 * the running kernel.  Loading it into a kernel built with another seed must
 * be refused by the module loader's vermagic check.  It also prints where
 * those fields are, as read from the running kernel's objects, for the
 * tests to compare with pahole and the plugin's report, and the C
 * dialect it was compiled as (__STDC_VERSION__: an external module may pick
 * its own -std=, and must get the kernel's layouts all the same).
 */
#include <linux/cred.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/sched.h>

/* Byte offset of @field inside the object @obj points to, at run time. */
#define RSMOD_AT(obj, field) \
	((unsigned long)((const char *)&(obj)->field - (const char *)(obj)))

static int __init rsmod_init(void)
{
	const struct cred *cred = current_cred();

	pr_info("rsmod: loaded comm=%s pid=%d tgid=%d uid=%u stdc=%ld\n",
		current->comm, current->pid, current->tgid,
		from_kuid(&init_user_ns, cred->uid), (long)__STDC_VERSION__);
	pr_info("rsmod: offsets task_struct.comm=%lu task_struct.pid=%lu task_struct.tgid=%lu task_struct.real_cred=%lu task_struct.cred=%lu cred.uid=%lu cred.euid=%lu cred.usage=%lu\n",
		RSMOD_AT(current, comm), RSMOD_AT(current, pid),
		RSMOD_AT(current, tgid), RSMOD_AT(current, real_cred),
		RSMOD_AT(current, cred), RSMOD_AT(cred, uid),
		RSMOD_AT(cred, euid), RSMOD_AT(cred, usage));
	return 0;
}

static void __exit rsmod_exit(void)
{
	pr_info("rsmod: unloaded\n");
}

module_init(rsmod_init);
module_exit(rsmod_exit);
MODULE_DESCRIPTION("randstruct kit layout test module");
MODULE_LICENSE("GPL");
