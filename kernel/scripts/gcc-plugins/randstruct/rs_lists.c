// SPDX-License-Identifier: GPL-2.0
/*
 * rs_lists.c - the growable arrays the plugin's files share.
 *
 * Plain C arrays of trees and of source locations that double their
 * capacity as they grow; the plugin keeps to these rather than GCC's
 * C++ containers so its sources stay C.
 */
#include "randstruct.h"

static void *grow(void *items, unsigned int *cap, size_t item_size)
{
	*cap = *cap ? 2 * *cap : 16;
	return xrealloc(items, *cap * item_size);
}

void rs_trees_push(struct rs_trees *list, tree item)
{
	if (list->len == list->cap)
		list->items = (tree *)grow(list->items, &list->cap,
					   sizeof(*list->items));
	list->items[list->len++] = item;
}

void rs_trees_release(struct rs_trees *list)
{
	free(list->items);
	memset(list, 0, sizeof(*list));
}

void rs_locations_push(struct rs_locations *list, location_t item)
{
	if (list->len == list->cap)
		list->items = (location_t *)grow(list->items, &list->cap,
						 sizeof(*list->items));
	list->items[list->len++] = item;
}

void rs_locations_remove(struct rs_locations *list, unsigned int index)
{
	memmove(list->items + index, list->items + index + 1,
		(list->len - index - 1) * sizeof(*list->items));
	list->len--;
}

void rs_locations_release(struct rs_locations *list)
{
	free(list->items);
	memset(list, 0, sizeof(*list));
}
