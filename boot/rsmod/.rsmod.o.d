rsmod.o: /work/main/boot/rsmod/rsmod.c include/linux/compiler-version.h \
 include/linux/kconfig.h include/generated/autoconf.h \
 include/linux/compiler_types.h include/linux/compiler-context-analysis.h \
 include/linux/compiler_attributes.h include/linux/compiler-gcc.h \
 include/linux/cred.h include/linux/capability.h \
 include/uapi/linux/capability.h include/linux/types.h \
 include/uapi/linux/types.h arch/x86/include/generated/uapi/asm/types.h \
 include/uapi/asm-generic/types.h include/asm-generic/int-ll64.h \
 include/uapi/asm-generic/int-ll64.h \
 arch/x86/include/uapi/asm/bitsperlong.h \
 include/asm-generic/bitsperlong.h include/uapi/asm-generic/bitsperlong.h \
 include/uapi/linux/posix_types.h include/linux/stddef.h \
 include/uapi/linux/stddef.h include/linux/compiler_types.h \
 arch/x86/include/asm/posix_types.h \
 arch/x86/include/uapi/asm/posix_types_64.h \
 include/uapi/asm-generic/posix_types.h include/linux/uidgid.h \
 include/linux/uidgid_types.h include/linux/highuid.h \
 include/linux/bits.h include/linux/const.h include/vdso/const.h \
 include/uapi/linux/const.h include/vdso/bits.h include/uapi/linux/bits.h \
 include/linux/build_bug.h include/linux/compiler.h \
 arch/x86/include/generated/asm/rwonce.h include/asm-generic/rwonce.h \
 include/linux/kasan-checks.h include/linux/kcsan-checks.h \
 include/linux/overflow.h include/linux/limits.h \
 include/uapi/linux/limits.h include/vdso/limits.h include/linux/init.h \
 include/linux/stringify.h include/linux/key.h include/linux/list.h \
 include/linux/container_of.h include/linux/poison.h \
 arch/x86/include/asm/barrier.h arch/x86/include/asm/alternative.h \
 arch/x86/include/asm/asm.h arch/x86/include/asm/extable_fixup_types.h \
 arch/x86/include/asm/bug.h include/linux/instrumentation.h \
 include/linux/objtool.h include/linux/objtool_types.h \
 include/asm-generic/bug.h include/linux/once_lite.h \
 include/linux/panic.h include/linux/stdarg.h include/linux/printk.h \
 include/linux/kern_levels.h include/linux/linkage.h \
 include/linux/export.h arch/x86/include/asm/linkage.h \
 arch/x86/include/asm/ibt.h include/linux/ratelimit_types.h \
 include/uapi/linux/param.h arch/x86/include/generated/uapi/asm/param.h \
 include/asm-generic/param.h include/uapi/asm-generic/param.h \
 include/linux/spinlock_types_raw.h include/linux/spinlock_types_up.h \
 include/linux/lockdep_types.h arch/x86/include/asm/nops.h \
 include/asm-generic/barrier.h include/linux/rbtree.h \
 include/linux/rbtree_types.h include/linux/rcupdate.h \
 include/linux/atomic.h arch/x86/include/asm/atomic.h \
 arch/x86/include/asm/cmpxchg.h arch/x86/include/asm/cpufeatures.h \
 arch/x86/include/asm/required-features.h \
 arch/x86/include/asm/disabled-features.h \
 arch/x86/include/asm/cmpxchg_64.h arch/x86/include/asm/rmwcc.h \
 include/linux/args.h arch/x86/include/asm/atomic64_64.h \
 include/linux/atomic/atomic-arch-fallback.h \
 include/linux/atomic/atomic-long.h \
 include/linux/atomic/atomic-instrumented.h include/linux/instrumented.h \
 include/linux/kmsan-checks.h include/linux/irqflags.h \
 include/linux/irqflags_types.h include/linux/typecheck.h \
 include/linux/cleanup.h arch/x86/include/asm/irqflags.h \
 arch/x86/include/asm/processor-flags.h \
 arch/x86/include/uapi/asm/processor-flags.h include/linux/mem_encrypt.h \
 arch/x86/include/asm/mem_encrypt.h include/linux/cc_platform.h \
 arch/x86/include/asm/nospec-branch.h include/linux/static_key.h \
 include/linux/jump_label.h include/linux/bug.h \
 arch/x86/include/asm/msr-index.h arch/x86/include/asm/unwind_hints.h \
 arch/x86/include/asm/orc_types.h arch/x86/include/uapi/asm/byteorder.h \
 include/linux/byteorder/little_endian.h \
 include/uapi/linux/byteorder/little_endian.h include/linux/swab.h \
 include/uapi/linux/swab.h arch/x86/include/uapi/asm/swab.h \
 include/linux/byteorder/generic.h arch/x86/include/asm/percpu.h \
 include/asm-generic/percpu.h include/linux/threads.h \
 include/linux/percpu-defs.h arch/x86/include/asm/current.h \
 include/linux/cache.h include/uapi/linux/kernel.h \
 include/uapi/linux/sysinfo.h arch/x86/include/asm/cache.h \
 arch/x86/include/asm/segment.h include/linux/preempt.h \
 arch/x86/include/asm/preempt.h include/linux/static_call_types.h \
 include/linux/bottom_half.h include/linux/instruction_pointer.h \
 include/linux/lockdep.h include/linux/smp.h include/linux/errno.h \
 include/uapi/linux/errno.h arch/x86/include/generated/uapi/asm/errno.h \
 include/uapi/asm-generic/errno.h include/uapi/asm-generic/errno-base.h \
 include/linux/cpumask.h include/linux/kernel.h include/linux/align.h \
 include/linux/array_size.h include/linux/bitops.h \
 include/asm-generic/bitops/generic-non-atomic.h \
 arch/x86/include/asm/bitops.h include/asm-generic/bitops/sched.h \
 arch/x86/include/asm/arch_hweight.h \
 include/asm-generic/bitops/const_hweight.h \
 include/asm-generic/bitops/instrumented-atomic.h \
 include/asm-generic/bitops/instrumented-non-atomic.h \
 include/asm-generic/bitops/instrumented-lock.h \
 include/asm-generic/bitops/le.h \
 include/asm-generic/bitops/ext2-atomic-setbit.h include/linux/hex.h \
 include/linux/kstrtox.h include/linux/log2.h include/linux/math.h \
 arch/x86/include/asm/div64.h include/asm-generic/div64.h \
 include/linux/minmax.h include/linux/sprintf.h include/linux/wordpart.h \
 include/linux/bitmap.h include/linux/find.h include/linux/string.h \
 include/linux/err.h include/uapi/linux/string.h \
 arch/x86/include/asm/string.h arch/x86/include/asm/string_64.h \
 include/linux/bitmap-str.h include/linux/cpumask_types.h \
 include/linux/gfp_types.h include/linux/numa.h include/linux/smp_types.h \
 include/linux/llist.h arch/x86/include/asm/processor.h \
 arch/x86/include/asm/math_emu.h arch/x86/include/asm/ptrace.h \
 arch/x86/include/asm/page_types.h arch/x86/include/asm/page_64_types.h \
 arch/x86/include/asm/kaslr.h arch/x86/include/uapi/asm/ptrace.h \
 arch/x86/include/uapi/asm/ptrace-abi.h arch/x86/include/asm/proto.h \
 arch/x86/include/uapi/asm/ldt.h arch/x86/include/uapi/asm/sigcontext.h \
 arch/x86/include/asm/cpuid.h arch/x86/include/asm/page.h \
 arch/x86/include/asm/page_64.h include/linux/range.h \
 include/asm-generic/memory_model.h include/linux/pfn.h \
 include/asm-generic/getorder.h arch/x86/include/asm/pgtable_types.h \
 arch/x86/include/asm/pgtable_64_types.h arch/x86/include/asm/sparsemem.h \
 arch/x86/include/asm/desc_defs.h arch/x86/include/asm/special_insns.h \
 arch/x86/include/asm/fpu/types.h arch/x86/include/asm/vmxfeatures.h \
 arch/x86/include/asm/vdso/processor.h arch/x86/include/asm/shstk.h \
 include/linux/personality.h include/uapi/linux/personality.h \
 include/linux/math64.h include/vdso/math64.h \
 include/linux/context_tracking_irq.h include/linux/rcutiny.h \
 include/linux/sysctl.h include/linux/wait.h include/linux/spinlock.h \
 include/linux/thread_info.h include/linux/restart_block.h \
 arch/x86/include/asm/thread_info.h arch/x86/include/asm/cpufeature.h \
 arch/x86/include/generated/asm/mmiowb.h include/asm-generic/mmiowb.h \
 include/linux/spinlock_types.h include/linux/rwlock_types.h \
 include/linux/spinlock_up.h include/linux/rwlock.h \
 include/linux/spinlock_api_up.h include/uapi/linux/sysctl.h \
 include/linux/rwsem.h include/linux/assoc_array.h \
 include/linux/refcount.h include/linux/refcount_types.h \
 include/linux/time64.h include/vdso/time64.h include/uapi/linux/time.h \
 include/uapi/linux/time_types.h include/linux/sched.h \
 include/uapi/linux/sched.h include/linux/pid_types.h \
 include/linux/sem_types.h include/linux/shm.h \
 arch/x86/include/asm/shmparam.h include/linux/kmsan_types.h \
 include/linux/mutex_types.h include/linux/osq_lock.h \
 include/linux/plist_types.h include/linux/hrtimer_types.h \
 include/linux/timerqueue_types.h include/linux/timer_types.h \
 include/linux/seccomp_types.h include/linux/nodemask_types.h \
 include/linux/resource.h include/uapi/linux/resource.h \
 arch/x86/include/generated/uapi/asm/resource.h \
 include/asm-generic/resource.h include/uapi/asm-generic/resource.h \
 include/linux/latencytop.h include/linux/sched/prio.h \
 include/linux/sched/types.h include/linux/signal_types.h \
 include/uapi/linux/signal.h arch/x86/include/asm/signal.h \
 arch/x86/include/uapi/asm/signal.h \
 include/uapi/asm-generic/signal-defs.h \
 arch/x86/include/uapi/asm/siginfo.h include/uapi/asm-generic/siginfo.h \
 include/linux/syscall_user_dispatch_types.h \
 include/linux/mm_types_task.h arch/x86/include/asm/tlbbatch.h \
 include/linux/netdevice_xmit.h include/linux/task_io_accounting.h \
 include/linux/posix-timers_types.h include/uapi/linux/rseq.h \
 include/linux/seqlock_types.h include/linux/kcsan.h include/linux/rv.h \
 include/linux/livepatch_sched.h \
 arch/x86/include/generated/asm/kmap_size.h \
 include/asm-generic/kmap_size.h include/linux/sched/ext.h \
 include/linux/sched/user.h include/linux/percpu_counter.h \
 include/linux/percpu.h include/linux/alloc_tag.h include/linux/codetag.h \
 include/linux/mmdebug.h include/linux/ratelimit.h include/linux/module.h \
 include/linux/stat.h arch/x86/include/uapi/asm/stat.h \
 include/uapi/linux/stat.h include/linux/time.h include/linux/time32.h \
 include/linux/timex.h include/uapi/linux/timex.h \
 arch/x86/include/asm/timex.h arch/x86/include/asm/tsc.h \
 arch/x86/include/asm/msr.h arch/x86/include/asm/msr-index.h \
 arch/x86/include/asm/cpumask.h arch/x86/include/uapi/asm/msr.h \
 include/uapi/linux/ioctl.h arch/x86/include/generated/uapi/asm/ioctl.h \
 include/asm-generic/ioctl.h include/uapi/asm-generic/ioctl.h \
 arch/x86/include/asm/shared/msr.h include/linux/tracepoint-defs.h \
 include/vdso/time32.h include/vdso/time.h include/linux/buildid.h \
 include/linux/kmod.h include/linux/umh.h include/linux/gfp.h \
 include/linux/mmzone.h include/linux/list_nulls.h \
 include/linux/seqlock.h include/linux/mutex.h \
 include/linux/debug_locks.h include/linux/nodemask.h \
 include/linux/random.h include/uapi/linux/random.h include/linux/irqnr.h \
 include/uapi/linux/irqnr.h include/linux/prandom.h include/linux/once.h \
 include/linux/pageblock-flags.h include/linux/page-flags-layout.h \
 include/generated/bounds.h include/linux/mm_types.h \
 include/linux/auxvec.h include/uapi/linux/auxvec.h \
 arch/x86/include/uapi/asm/auxvec.h include/linux/kref.h \
 include/linux/maple_tree.h include/linux/completion.h \
 include/linux/swait.h include/linux/uprobes.h include/linux/workqueue.h \
 include/linux/timer.h include/linux/ktime.h include/linux/jiffies.h \
 include/vdso/jiffies.h include/generated/timeconst.h \
 include/vdso/ktime.h include/linux/timekeeping.h \
 include/linux/clocksource_ids.h include/linux/debugobjects.h \
 include/linux/workqueue_types.h arch/x86/include/asm/mmu.h \
 include/linux/page-flags.h include/linux/local_lock.h \
 include/linux/local_lock_internal.h include/linux/zswap.h \
 include/linux/memory_hotplug.h include/linux/notifier.h \
 include/linux/srcu.h include/linux/rculist.h \
 include/linux/rcu_segcblist.h include/linux/srcutiny.h \
 include/linux/topology.h include/linux/arch_topology.h \
 arch/x86/include/asm/topology.h include/asm-generic/topology.h \
 include/linux/elf.h arch/x86/include/asm/elf.h \
 arch/x86/include/asm/ia32.h arch/x86/include/asm/user.h \
 arch/x86/include/asm/user_64.h arch/x86/include/asm/fsgsbase.h \
 arch/x86/include/asm/syscall.h include/uapi/linux/audit.h \
 include/uapi/linux/elf-em.h arch/x86/include/asm/unistd.h \
 arch/x86/include/uapi/asm/unistd.h \
 arch/x86/include/generated/uapi/asm/unistd_64.h \
 arch/x86/include/generated/asm/unistd_64_x32.h \
 arch/x86/include/generated/asm/unistd_32_ia32.h \
 arch/x86/include/asm/vdso.h include/uapi/linux/elf.h \
 include/linux/kobject.h include/linux/sysfs.h include/linux/kernfs.h \
 include/linux/idr.h include/linux/radix-tree.h include/linux/xarray.h \
 include/linux/kconfig.h include/linux/sched/mm.h \
 include/linux/sync_core.h arch/x86/include/asm/sync_core.h \
 include/linux/sched/coredump.h include/linux/kobject_ns.h \
 include/linux/moduleparam.h include/linux/rbtree_latch.h \
 include/linux/error-injection.h include/asm-generic/error-injection.h \
 include/linux/dynamic_debug.h arch/x86/include/asm/module.h \
 include/asm-generic/module.h arch/x86/include/asm/orc_types.h
