// SPDX-License-Identifier: GPL-2.0
/*
 * rs_sha256.c - SHA-256 (FIPS 180-4).
 *
 * The plugin derives every layout from this hash (rs_permutation.c builds
 * HMAC-SHA-256 on it), so it is implemented here from the standard with no
 * library dependency: the plugin must load into any cc1 without pulling in
 * libcrypto.  Byte order handling is explicit, so results do not depend on
 * the host.
 */
#include <string.h>

#include "rs_crypto.h"

static const uint32_t sha256_round_constants[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr32(uint32_t x, unsigned int n)
{
	return (x >> n) | (x << (32 - n));
}

static uint32_t load_be32(const unsigned char *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
	       ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static void store_be32(unsigned char *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static void sha256_expand(const unsigned char *block, uint32_t w[64])
{
	unsigned int i;

	for (i = 0; i < 16; i++)
		w[i] = load_be32(block + 4 * i);
	for (i = 16; i < 64; i++) {
		uint32_t s0 = rotr32(w[i - 15], 7) ^ rotr32(w[i - 15], 18) ^
			      (w[i - 15] >> 3);
		uint32_t s1 = rotr32(w[i - 2], 17) ^ rotr32(w[i - 2], 19) ^
			      (w[i - 2] >> 10);

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
}

static uint32_t big_sigma0(uint32_t x)
{
	return rotr32(x, 2) ^ rotr32(x, 13) ^ rotr32(x, 22);
}

static uint32_t big_sigma1(uint32_t x)
{
	return rotr32(x, 6) ^ rotr32(x, 11) ^ rotr32(x, 25);
}

/*
 * One round.  The eight working variables do not move: each round turns
 * *d into the next e and *h into the next a, and the caller rotates the
 * roles by passing the variables in rotated order.
 */
static inline void sha256_round(uint32_t a, uint32_t b, uint32_t c,
				uint32_t *d, uint32_t e, uint32_t f,
				uint32_t g, uint32_t *h, uint32_t kw)
{
	uint32_t t1 = *h + big_sigma1(e) + (g ^ (e & (f ^ g))) + kw;
	uint32_t t2 = big_sigma0(a) + ((a & b) | (c & (a | b)));

	*d += t1;
	*h = t1 + t2;
}

/* One 64-byte block, eight rounds per pass so no variable is copied. */
static void sha256_compress(uint32_t state[8], const unsigned char *block)
{
	const uint32_t *k = sha256_round_constants;
	uint32_t w[64], a, b, c, d, e, f, g, h;
	unsigned int i;

	sha256_expand(block, w);
	a = state[0];
	b = state[1];
	c = state[2];
	d = state[3];
	e = state[4];
	f = state[5];
	g = state[6];
	h = state[7];
	for (i = 0; i < 64; i += 8) {
		sha256_round(a, b, c, &d, e, f, g, &h, k[i] + w[i]);
		sha256_round(h, a, b, &c, d, e, f, &g, k[i + 1] + w[i + 1]);
		sha256_round(g, h, a, &b, c, d, e, &f, k[i + 2] + w[i + 2]);
		sha256_round(f, g, h, &a, b, c, d, &e, k[i + 3] + w[i + 3]);
		sha256_round(e, f, g, &h, a, b, c, &d, k[i + 4] + w[i + 4]);
		sha256_round(d, e, f, &g, h, a, b, &c, k[i + 5] + w[i + 5]);
		sha256_round(c, d, e, &f, g, h, a, &b, k[i + 6] + w[i + 6]);
		sha256_round(b, c, d, &e, f, g, h, &a, k[i + 7] + w[i + 7]);
	}
	state[0] += a;
	state[1] += b;
	state[2] += c;
	state[3] += d;
	state[4] += e;
	state[5] += f;
	state[6] += g;
	state[7] += h;
}

void rs_sha256_init(struct rs_sha256 *ctx)
{
	static const uint32_t initial_state[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};

	memcpy(ctx->state, initial_state, sizeof(initial_state));
	ctx->total_bytes = 0;
	ctx->used = 0;
}

void rs_sha256_update(struct rs_sha256 *ctx, const void *data, size_t len)
{
	const unsigned char *bytes = (const unsigned char *)data;

	ctx->total_bytes += len;
	while (len) {
		size_t take = RS_SHA256_BLOCK - ctx->used;

		if (take > len)
			take = len;
		memcpy(ctx->block + ctx->used, bytes, take);
		ctx->used += take;
		bytes += take;
		len -= take;
		if (ctx->used == RS_SHA256_BLOCK) {
			sha256_compress(ctx->state, ctx->block);
			ctx->used = 0;
		}
	}
}

void rs_sha256_final(struct rs_sha256 *ctx, unsigned char out[RS_SHA256_BYTES])
{
	uint64_t bits = ctx->total_bytes * 8;
	unsigned char length_be[8];
	const unsigned char pad = 0x80;
	unsigned int i;

	for (i = 0; i < 8; i++)
		length_be[i] = bits >> (56 - 8 * i);
	rs_sha256_update(ctx, &pad, 1);
	/* zeros up to the length field, in at most two blocks */
	if (ctx->used > RS_SHA256_BLOCK - 8) {
		memset(ctx->block + ctx->used, 0, RS_SHA256_BLOCK - ctx->used);
		sha256_compress(ctx->state, ctx->block);
		ctx->used = 0;
	}
	memset(ctx->block + ctx->used, 0, RS_SHA256_BLOCK - 8 - ctx->used);
	ctx->used = RS_SHA256_BLOCK - 8;
	rs_sha256_update(ctx, length_be, 8);
	for (i = 0; i < 8; i++)
		store_be32(out + 4 * i, ctx->state[i]);
}

void rs_sha256(const void *data, size_t len, unsigned char out[RS_SHA256_BYTES])
{
	struct rs_sha256 ctx;

	rs_sha256_init(&ctx);
	rs_sha256_update(&ctx, data, len);
	rs_sha256_final(&ctx, out);
}
