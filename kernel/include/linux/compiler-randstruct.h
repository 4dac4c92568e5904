/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Structure layout randomization annotations (CONFIG_RANDSTRUCT).
 *
 * Included from <linux/compiler_types.h>.  RANDSTRUCT is defined on the
 * command line by scripts/Makefile.randstruct for every object that is
 * compiled with randomization; the vDSO and the EFI stub filter it out.
 *
 * __randomize_layout		randomize this structure's member order
 * __no_randomize_layout	never randomize it, even if it consists of
 *				function pointers only
 * randomized_struct_fields_start/_end
 *				randomize only the members in between (an
 *				anonymous structure, so it only exists when
 *				randomizing: it can add padding)
 * __designated_init		positional initializers are diagnosed
 *
 * Sparse (__CHECKER__) does not randomize: the randomization annotations
 * expand to nothing there, but __designated_init (which sparse checks) is
 * kept, so __randomize_layout still implies it as without randomization.
 */
#ifndef __LINUX_COMPILER_RANDSTRUCT_H
#define __LINUX_COMPILER_RANDSTRUCT_H

#if defined(__clang__) || defined(__CHECKER__)
# if __has_attribute(__designated_init__)
#  define __designated_init	__attribute__((__designated_init__))
# else
#  define __designated_init
# endif
#elif __GNUC__ > 5 || (__GNUC__ == 5 && __GNUC_MINOR__ >= 1)
/* GCC 5.1 introduced the designated_init type attribute. */
# define __designated_init	__attribute__((__designated_init__))
#else
# define __designated_init
#endif

#if defined(RANDSTRUCT) && !defined(__CHECKER__)
# define __randomize_layout	__designated_init __attribute__((randomize_layout))
# define __no_randomize_layout	__attribute__((no_randomize_layout))
# define randomized_struct_fields_start	struct {
# define randomized_struct_fields_end	} __randomize_layout;
#else
# define __randomize_layout	__designated_init
# define __no_randomize_layout
# define randomized_struct_fields_start
# define randomized_struct_fields_end
#endif

#endif /* __LINUX_COMPILER_RANDSTRUCT_H */
