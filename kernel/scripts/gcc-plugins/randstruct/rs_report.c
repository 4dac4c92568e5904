// SPDX-License-Identifier: GPL-2.0
/*
 * rs_report.c - the JSON-lines layout report (report=PATH).
 *
 * One line per randomized structure per translation unit: where it was
 * defined, why it moved, the mode, the SHA-256 of the seed (never the seed
 * itself), the identity digest and bytes, the size before and after, the
 * entropy lower bound, the units the derivation moved and, for every
 * field in declaration order, its new bit offset and size.  Each line is
 * written with a single write() on an O_APPEND descriptor under an
 * exclusive flock(), so parallel compilers sharing one report never
 * interleave.  The report gives every randomized layout away: it is
 * created mode 0600, and one found with group or other permissions is
 * made 0600 through the open descriptor (no window, no path race).
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "randstruct.h"

static const char *report_path;

struct rs_text {
	char *buf;
	size_t len, cap;
};

static void text_add(struct rs_text *t, const char *fmt, ...)
	ATTRIBUTE_PRINTF_2;

static void text_add(struct rs_text *t, const char *fmt, ...)
{
	va_list ap;
	int need;

	for (;;) {
		va_start(ap, fmt);
		need = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
		va_end(ap);
		if (need >= 0 && (size_t)need < t->cap - t->len)
			break;
		t->buf = (char *)rs_grow(t->buf, &t->cap, t->len, need + 1, 1);
	}
	t->len += need;
}

static void text_add_string(struct rs_text *t, const char *s)
{
	text_add(t, "\"");
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			text_add(t, "\\%c", c);
		else if (c < 0x20)
			text_add(t, "\\u%04x", c);
		else
			text_add(t, "%c", c);
	}
	text_add(t, "\"");
}

/* Open @path for appending, readable by its owner only. */
static int open_private(const char *path)
{
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0600);
	struct stat st;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || (S_ISREG(st.st_mode) && (st.st_mode & 077) &&
			       fchmod(fd, st.st_mode & 0700))) {
		close(fd);
		return -1;
	}
	return fd;
}

bool rs_report_open(const char *path)
{
	int fd;

	if (!*path) {
		error("randstruct: %<report=%> needs a file name");
		return false;
	}
	fd = open_private(path);
	if (fd < 0) {
		error("randstruct: cannot open report file %qs, readable by its owner only: %s",
		      path, xstrerror(errno));
		return false;
	}
	close(fd);
	report_path = path;
	return true;
}

static void append_line(const struct rs_text *t)
{
	size_t done = 0;
	int fd = open_private(report_path);

	if (fd < 0 || flock(fd, LOCK_EX)) {
		error("randstruct: cannot write report file %qs: %s",
		      report_path, xstrerror(errno));
		if (fd >= 0)
			close(fd);
		return;
	}
	while (done < t->len) {
		ssize_t n = write(fd, t->buf + done, t->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			error("randstruct: short write to report file %qs",
			      report_path);
			break;
		}
		done += n;
	}
	flock(fd, LOCK_UN);
	close(fd);
}

static void add_field(struct rs_text *t, tree field, unsigned int i)
{
	tree size = DECL_SIZE(field);

	text_add(t, "%s{\"name\":", i ? "," : "");
	text_add_string(t, DECL_NAME(field) ?
			IDENTIFIER_POINTER(DECL_NAME(field)) : "");
	text_add(t, ",\"index\":%u,\"bitfield\":%s,\"bit_offset\":"
		 HOST_WIDE_INT_PRINT_DEC
		 ",\"bit_size\":" HOST_WIDE_INT_PRINT_DEC "}", i,
		 DECL_BIT_FIELD_TYPE(field) ? "true" : "false",
		 int_bit_position(field),
		 size && tree_fits_shwi_p(size) ? tree_to_shwi(size) :
		 (HOST_WIDE_INT)0);
}

/* Every field in declaration order, the pinned last one too. */
static void add_fields(struct rs_text *t, const struct rs_relayout *r)
{
	unsigned int i;

	text_add(t, ",\"fields\":[");
	for (i = 0; i < r->declared.len; i++)
		add_field(t, r->declared.items[i], i);
	if (r->pinned_tail)
		add_field(t, r->pinned_tail, i);
	text_add(t, "]");
}

/*
 * What a GCC-free implementation of the derivation needs to replay this
 * structure: the identity, and each unit as [first field, size, align,
 * bit-field run, bytes] in declaration order, where size is the shape the
 * derivation sees (a bit-field run rounded to whole storage units) and
 * bytes what the field itself occupies (the shape's size for a run).
 */
static void add_units(struct rs_text *t, const struct rs_relayout *r,
		      const struct rs_bytes *identity)
{
	char *hex = XNEWVEC(char, 2 * identity->len + 1);
	unsigned int u;

	rs_hex(identity->data, identity->len, hex);
	text_add(t, ",\"identity_hex\":\"%s\",\"units\":[", hex);
	XDELETEVEC(hex);
	for (u = 0; u < r->units; u++) {
		tree field = r->declared.items[r->unit_first[u]];
		const struct rs_unit_shape *shape = &r->shapes[u];
		unsigned long long bytes = shape->size;

		if (!shape->is_bitfield_run && DECL_SIZE_UNIT(field) &&
		    tree_fits_uhwi_p(DECL_SIZE_UNIT(field)))
			bytes = tree_to_uhwi(DECL_SIZE_UNIT(field));
		text_add(t, "%s[%u,%llu,%llu,%d,%llu]", u ? "," : "",
			 r->unit_first[u], (unsigned long long)shape->size,
			 (unsigned long long)shape->align,
			 shape->is_bitfield_run, bytes);
	}
	text_add(t, "]");
}

/*
 * @r as the pipeline left it: laid out anew (or kept, with a single unit),
 * @size_before its size in bits as declared.
 */
void rs_report_layout(const struct rs_relayout *r, enum rs_selection why,
		      const struct rs_bytes *identity, uint64_t size_before)
{
	expanded_location where =
		expand_location(DECL_SOURCE_LOCATION(TYPE_STUB_DECL(r->type)));
	unsigned char digest[RS_SHA256_BYTES];
	char identity_hex[2 * RS_SHA256_BYTES + 1];
	struct rs_text t = {};

	if (!report_path)
		return;
	rs_sha256(identity->data, identity->len, digest);
	rs_hex(digest, sizeof(digest), identity_hex);

	text_add(&t, "{\"tu\":");
	text_add_string(&t, main_input_filename ? main_input_filename : "");
	text_add(&t, ",\"struct\":");
	text_add_string(&t, rs_type_tag(r->type));
	text_add(&t, ",\"anonymous\":%s,\"identity\":\"%s\",\"file\":",
		 *rs_type_tag(r->type) ? "false" : "true", identity_hex);
	text_add_string(&t, where.file ? where.file : "");
	text_add(&t, ",\"line\":%d,\"mode\":\"%s\",\"reason\":\"%s\"",
		 where.line, rs_config.performance_mode ? "performance" : "full",
		 rs_selection_name(why));
	text_add(&t, ",\"layout_version\":%d,\"seed_sha256\":\"%s\"",
		 RS_LAYOUT_VERSION, rs_config.seed_hash);
	text_add(&t, ",\"size_before\":%llu,\"size_after\":%llu,\"entropy_bits\":%.2f",
		 (unsigned long long)size_before / BITS_PER_UNIT,
		 (unsigned long long)rs_size_in_bits(r->type) / BITS_PER_UNIT,
		 rs_order_entropy_bits(r->shapes, r->units,
				       rs_config.performance_mode));
	/* a lower bound, not a measured entropy */
	text_add(&t, ",\"entropy_bits_is\":\"lower bound\"");
	add_units(&t, r, identity);
	add_fields(&t, r);
	text_add(&t, "}\n");
	append_line(&t);
	free(t.buf);
}
