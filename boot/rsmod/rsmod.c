// SPDX-License-Identifier: GPL-2.0
/*
 * Test module for the randstruct kit.  It reads fields of the randomized
 * struct task_struct and struct cred of the task that loads it, so it only
 * reports sane values when it was compiled with the same layout (seed) as
 * the running kernel.  Loading it into a kernel built with another seed must
 * be refused by the module loader's vermagic check.
 */
#include <linux/cred.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/sched.h>

static int __init rsmod_init(void)
{
	const struct cred *cred = current_cred();

	pr_info("rsmod: loaded comm=%s pid=%d tgid=%d uid=%u\n",
		current->comm, current->pid, current->tgid,
		from_kuid(&init_user_ns, cred->uid));
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
