/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rs_crypto.h - the keyed layout derivation, free of any GCC dependency.
 *
 * Everything that turns the 256-bit build seed and a structure's identity
 * into a permutation lives behind this header: SHA-256 (rs_sha256.c), the
 * HMAC-SHA-256 counter-mode stream built on it, unbiased bounded draws and
 * the Fisher-Yates shuffle (rs_permutation.c), and the seed's text form
 * (rs_seed.c).  The known-answer tests link these files directly, so the
 * derivation documented in Documentation/security/randstruct.rst is
 * pinned independently of the compiler.
 */
#ifndef RS_CRYPTO_H
#define RS_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

#define RS_SEED_BYTES		32
#define RS_SHA256_BYTES		32
#define RS_SHA256_BLOCK		64

struct rs_sha256 {
	uint32_t state[8];
	uint64_t total_bytes;
	unsigned char block[RS_SHA256_BLOCK];
	size_t used;
};

void rs_sha256_init(struct rs_sha256 *ctx);
void rs_sha256_update(struct rs_sha256 *ctx, const void *data, size_t len);
void rs_sha256_final(struct rs_sha256 *ctx, unsigned char out[RS_SHA256_BYTES]);
void rs_sha256(const void *data, size_t len, unsigned char out[RS_SHA256_BYTES]);

/*
 * A deterministic stream of 32-bit words:
 * block k = HMAC-SHA-256(seed, identity || le64(k)), words taken
 * little-endian, eight per block, k counting from zero.  The two hashes
 * are kept part-way: @prefix has absorbed the keyed inner pad and the
 * identity, @outer the keyed outer pad, so a block costs only what
 * follows.  Bounded draws below 2^16 read the words as 16-bit halves,
 * low half first (rs_stream_below()).
 */
struct rs_stream {
	struct rs_sha256 prefix;
	struct rs_sha256 outer;
	uint64_t counter;
	unsigned char block[RS_SHA256_BYTES];
	unsigned int next_word;
	uint32_t spare;		/* high half of the last word, for draws */
	int has_spare;
};

void rs_stream_init(struct rs_stream *stream,
		    const unsigned char seed[RS_SEED_BYTES],
		    const unsigned char *identity, size_t identity_len);
uint32_t rs_stream_word(struct rs_stream *stream);
uint32_t rs_stream_below(struct rs_stream *stream, uint32_t bound);
void rs_shuffle(struct rs_stream *stream, unsigned int *items, unsigned int n);

/* rs_seed.c: the seed as text, shared by the plugin and the tests. */
int rs_parse_seed_hex(const char *text, size_t len,
		      unsigned char seed[RS_SEED_BYTES]);
void rs_hex(const unsigned char *bytes, size_t len, char *out);
void rs_seed_hash_hex(const unsigned char seed[RS_SEED_BYTES], char out[65]);

/* "vVERSION_MODE_" and 64 hex digits, with room to spare: rs_seed.c. */
#define RS_LAYOUT_ID_SIZE	96
void rs_layout_id(int version, const char *mode, const char *policy,
		  const unsigned char seed[RS_SEED_BYTES],
		  char out[RS_LAYOUT_ID_SIZE]);

#endif /* RS_CRYPTO_H */
