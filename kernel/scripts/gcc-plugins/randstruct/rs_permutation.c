// SPDX-License-Identifier: GPL-2.0
/*
 * rs_permutation.c - from (seed, identity) to an unbiased permutation.
 *
 * The stream is HMAC-SHA-256 in counter mode keyed with the build seed;
 * bounded draws use rejection sampling so every value below the bound is
 * equally likely, and the shuffle is the classic Fisher-Yates walking from
 * the last slot down.  HMAC is built here from the keyed pads, hashed once
 * per seed, and the identity.  The seed's text form is in rs_seed.c.
 */
#include <string.h>

#include "rs_crypto.h"

/* HMAC's keyed pads, hashed: they depend on the seed alone. */
struct rs_keyed {
	unsigned char seed[RS_SEED_BYTES];
	struct rs_sha256 inner, outer;
	int valid;
};

static const struct rs_keyed *keyed(const unsigned char seed[RS_SEED_BYTES])
{
	static struct rs_keyed cache;
	unsigned char pad[RS_SHA256_BLOCK];
	unsigned int i;

	if (cache.valid && !memcmp(cache.seed, seed, RS_SEED_BYTES))
		return &cache;
	memset(pad, 0x36, sizeof(pad));
	for (i = 0; i < RS_SEED_BYTES; i++)
		pad[i] ^= seed[i];
	rs_sha256_init(&cache.inner);
	rs_sha256_update(&cache.inner, pad, sizeof(pad));
	for (i = 0; i < RS_SHA256_BLOCK; i++)
		pad[i] ^= 0x36 ^ 0x5c;
	rs_sha256_init(&cache.outer);
	rs_sha256_update(&cache.outer, pad, sizeof(pad));
	memcpy(cache.seed, seed, RS_SEED_BYTES);
	cache.valid = 1;
	return &cache;
}

/* HMAC over identity || le64(counter), from the saved partial hashes. */
static void stream_refill(struct rs_stream *stream)
{
	unsigned char counter_le[8], digest[RS_SHA256_BYTES];
	struct rs_sha256 ctx;
	unsigned int i;

	for (i = 0; i < 8; i++)
		counter_le[i] = stream->counter >> (8 * i);
	ctx = stream->prefix;
	rs_sha256_update(&ctx, counter_le, sizeof(counter_le));
	rs_sha256_final(&ctx, digest);
	ctx = stream->outer;
	rs_sha256_update(&ctx, digest, sizeof(digest));
	rs_sha256_final(&ctx, stream->block);

	stream->counter++;
	stream->next_word = 0;
}

void rs_stream_init(struct rs_stream *stream,
		    const unsigned char seed[RS_SEED_BYTES],
		    const unsigned char *identity, size_t identity_len)
{
	const struct rs_keyed *key = keyed(seed);

	stream->prefix = key->inner;
	rs_sha256_update(&stream->prefix, identity, identity_len);
	stream->outer = key->outer;
	stream->counter = 0;
	stream->next_word = RS_SHA256_BYTES / 4;
	stream->has_spare = 0;
}

uint32_t rs_stream_word(struct rs_stream *stream)
{
	const unsigned char *p;

	if (stream->next_word == RS_SHA256_BYTES / 4)
		stream_refill(stream);
	p = stream->block + 4 * stream->next_word++;
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) |
	       ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

/* The stream as 16-bit values: each word's low half, then its high half. */
static uint32_t stream_half(struct rs_stream *stream)
{
	uint32_t word;

	if (stream->has_spare) {
		stream->has_spare = 0;
		return stream->spare;
	}
	word = rs_stream_word(stream);
	stream->spare = word >> 16;
	stream->has_spare = 1;
	return word & 0xffff;
}

/*
 * A uniform value in [0, bound): reject the biased top of the range.
 * Bounds up to 2^16 (every shuffle of a structure's units) take 16-bit
 * values, half the stream a 32-bit draw would use; larger ones take words.
 */
uint32_t rs_stream_below(struct rs_stream *stream, uint32_t bound)
{
	uint64_t span, limit;
	uint32_t value;
	int halves = bound <= 1U << 16;

	if (bound <= 1)
		return 0;
	span = halves ? (uint64_t)1 << 16 : (uint64_t)1 << 32;
	limit = span - span % bound;
	do {
		value = halves ? stream_half(stream) : rs_stream_word(stream);
	} while (value >= limit);
	return value % bound;
}

void rs_shuffle(struct rs_stream *stream, unsigned int *items, unsigned int n)
{
	unsigned int i, j, tmp;

	for (i = n; i > 1; i--) {
		j = rs_stream_below(stream, i);
		tmp = items[i - 1];
		items[i - 1] = items[j];
		items[j] = tmp;
	}
}
