// SPDX-License-Identifier: GPL-2.0
/*
 * rs_lists.c - the growable arrays of the plugin's GCC-facing files.
 *
 * rs_grow() is the one place an array grows: lists of trees and byte
 * strings here, and the policy's rules, the held warnings and the report's
 * text elsewhere, double their capacity through it.  Plain C arrays rather
 * than GCC's C++ containers keep the plugin's sources C.
 */
#include "randstruct.h"

/*
 * Make room in @items (@len used of *@cap, each @item_size bytes) for
 * @extra more; returns the array, possibly moved.
 */
void *rs_grow(void *items, size_t *cap, size_t len, size_t extra,
	      size_t item_size)
{
	if (len + extra <= *cap)
		return items;
	if (!*cap)
		*cap = 16;
	while (*cap < len + extra)
		*cap *= 2;
	return xrealloc(items, *cap * item_size);
}

void rs_trees_push(struct rs_trees *list, tree item)
{
	list->items = (tree *)rs_grow(list->items, &list->cap, list->len, 1,
				      sizeof(*list->items));
	list->items[list->len++] = item;
}

void rs_trees_release(struct rs_trees *list)
{
	free(list->items);
	memset(list, 0, sizeof(*list));
}

void rs_bytes_append(struct rs_bytes *bytes, const void *src, size_t len)
{
	bytes->data = (unsigned char *)rs_grow(bytes->data, &bytes->cap,
					       bytes->len, len, 1);
	memcpy(bytes->data + bytes->len, src, len);
	bytes->len += len;
}

void rs_bytes_release(struct rs_bytes *bytes)
{
	free(bytes->data);
	memset(bytes, 0, sizeof(*bytes));
}
