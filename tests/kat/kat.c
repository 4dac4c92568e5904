// SPDX-License-Identifier: GPL-2.0
/*
 * kat.c - print the derivation's intermediate values for known-answer
 * tests: kat SEED_HEX IDENTITY_HEX N prints the SHA-256 of the identity,
 * the first eight stream words and a Fisher-Yates shuffle of 0..N-1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rs_crypto.h"

static size_t unhex(const char *text, unsigned char *out)
{
	size_t i, len = strlen(text) / 2;

	for (i = 0; i < len; i++)
		sscanf(text + 2 * i, "%2hhx", &out[i]);
	return len;
}

int main(int argc, char **argv)
{
	unsigned char seed[RS_SEED_BYTES], digest[RS_SHA256_BYTES];
	unsigned char *identity;
	unsigned int i, n, *items;
	struct rs_stream stream;
	char hex[2 * RS_SHA256_BYTES + 1];
	size_t len;

	if (argc != 4 || rs_parse_seed_hex(argv[1], strlen(argv[1]), seed)) {
		fprintf(stderr, "usage: kat SEED_HEX IDENTITY_HEX N\n");
		return 2;
	}
	identity = malloc(strlen(argv[2]) / 2 + 1);
	len = unhex(argv[2], identity);
	n = atoi(argv[3]);

	rs_sha256(identity, len, digest);
	rs_hex(digest, sizeof(digest), hex);
	printf("identity-sha256 %s\n", hex);
	rs_stream_init(&stream, seed, identity, len);
	printf("words");
	for (i = 0; i < 8; i++)
		printf(" %08x", rs_stream_word(&stream));
	printf("\n");

	items = calloc(n + 1, sizeof(*items));
	for (i = 0; i < n; i++)
		items[i] = i;
	rs_stream_init(&stream, seed, identity, len);
	rs_shuffle(&stream, items, n);
	printf("shuffle");
	for (i = 0; i < n; i++)
		printf(" %u", items[i]);
	printf("\n");
	free(items);
	free(identity);
	return 0;
}
