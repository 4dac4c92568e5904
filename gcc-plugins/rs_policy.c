// SPDX-License-Identifier: GPL-2.0
/*
 * rs_policy.c - the policy file (policy=PATH).
 *
 * Placeholder until the policy parser lands: no structure is added or
 * excluded and no cast is allowed by policy.
 */
#include "randstruct.h"

bool rs_policy_load(const char *path)
{
	error("randstruct: policy files are not supported yet (%qs)", path);
	return false;
}

bool rs_policy_allows_cast(location_t loc, const_tree from, const_tree to)
{
	(void)loc;
	(void)from;
	(void)to;
	return false;
}

int rs_policy_decision(const_tree type)
{
	(void)type;
	return 0;
}
