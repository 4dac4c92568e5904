// SPDX-License-Identifier: GPL-2.0
/*
 * rs_seed.c - the seed as text: parsing it, printing bytes as hex, the
 * seed's public name (the SHA-256 of its hex text) and the layout id that
 * module vermagic carries (scripts/gen-random-seed.sh writes the same).
 *
 * Free of GCC like the rest of the derivation, so that host tools built
 * from the same sources read seeds as the plugin does.
 */
#include <stdio.h>
#include <string.h>

#include "rs_crypto.h"

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Exactly 64 lowercase hex digits; returns 0 or a negative error code. */
int rs_parse_seed_hex(const char *text, size_t len,
		      unsigned char seed[RS_SEED_BYTES])
{
	size_t i;

	if (len != 2 * RS_SEED_BYTES)
		return -1;
	for (i = 0; i < len; i++)
		if (hex_value(text[i]) < 0)
			return -2;
	for (i = 0; i < RS_SEED_BYTES; i++)
		seed[i] = hex_value(text[2 * i]) << 4 | hex_value(text[2 * i + 1]);
	return 0;
}

void rs_hex(const unsigned char *bytes, size_t len, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		out[2 * i] = digits[bytes[i] >> 4];
		out[2 * i + 1] = digits[bytes[i] & 15];
	}
	out[2 * len] = '\0';
}

/* The public name of a seed: SHA-256 of its 64-character hex text. */
void rs_seed_hash_hex(const unsigned char seed[RS_SEED_BYTES], char out[65])
{
	unsigned char digest[RS_SHA256_BYTES];
	char text[2 * RS_SEED_BYTES + 1];

	rs_hex(seed, RS_SEED_BYTES, text);
	rs_sha256(text, 2 * RS_SEED_BYTES, digest);
	rs_hex(digest, RS_SHA256_BYTES, out);
}

/*
 * The layout id: "vVERSION_MODE_" and the SHA-256 of "randstruct layout
 * VERSION mode MODE policy POLICY seed SEEDHEX", where POLICY is the
 * compiled-in policy's SHA-256 (or "none").  Everything that decides a
 * layout is in it, so vermagic refuses a module of any other layout.
 */
void rs_layout_id(int version, const char *mode, const char *policy,
		  const unsigned char seed[RS_SEED_BYTES],
		  char out[RS_LAYOUT_ID_SIZE])
{
	char seed_text[2 * RS_SEED_BYTES + 1];
	unsigned char digest[RS_SHA256_BYTES];
	char digest_text[2 * RS_SHA256_BYTES + 1];
	char text[256];

	rs_hex(seed, RS_SEED_BYTES, seed_text);
	snprintf(text, sizeof(text),
		 "randstruct layout %d mode %s policy %s seed %s",
		 version, mode, policy, seed_text);
	rs_sha256(text, strlen(text), digest);
	memset(seed_text, 0, sizeof(seed_text));
	memset(text, 0, sizeof(text));
	rs_hex(digest, RS_SHA256_BYTES, digest_text);
	snprintf(out, RS_LAYOUT_ID_SIZE, "v%d_%s_%s", version, mode,
		 digest_text);
}
