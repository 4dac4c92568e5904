// SPDX-License-Identifier: GPL-2.0
/*
 * rs_casts.c - warnings for casts between randomized and other structs.
 *
 * Placeholder until the cast checks land.
 */
#include "randstruct.h"

void rs_check_casts_in_function(tree fndecl)
{
	(void)fndecl;
}

void rs_check_casts_in_decl(tree decl)
{
	(void)decl;
}
