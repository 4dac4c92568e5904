#include "common.h"
static __attribute__((unused)) double fz_a_fn_d_0(double x)
{
    return x * 0.5 + 384.25;
}
static __attribute__((unused)) double fz_a_fn_d_1(double x)
{
    return x * 0.5 + 765.25;
}
static __attribute__((unused)) int fz_a_fn_i_0(int x)
{
    return (int)((unsigned)x * 7u + 838u);
}
static __attribute__((unused)) int fz_a_fn_i_1(int x)
{
    return (int)((unsigned)x * 5u + 784u);
}
static __attribute__((unused)) unsigned long fz_a_fn_u_0(unsigned long x)
{
    return x * 5UL + 666UL;
}
static __attribute__((unused)) unsigned long fz_a_fn_u_1(unsigned long x)
{
    return x * 3UL + 966UL;
}
static __attribute__((unused)) void fz_a_fn_v_0(unsigned int x)
{
    fz_mix((unsigned long long)x * 5ULL + 14ULL);
}
static __attribute__((unused)) void fz_a_fn_v_1(unsigned int x)
{
    fz_mix((unsigned long long)x * 5ULL + 960ULL);
}
struct S1 g12 = { .f1_1 = { .u2_2 = { 0, 188, 16 } } };
union U2 g16 = { .u2_2 = { 42, 0, 0 } };
union U4 g17[3] = { { .f6_2 = -1LL, .f6_1 = 34 }, { .f6_2 = 6830959669728474580LL, .f6_1 = -1 }, { .f6_1 = -2090074405, .f6_2 = -96LL } };
union U4 g18 = {};
static union U4 g19 = { .f6_1 = 436114489, .f6_2 = 9223372036854775807LL };
static struct S9 g20 = { .f9_4 = fz_fn_d_2, .f9_2 = fz_a_fn_i_1, .f9_5 = fz_fn_i_0, .f9_3[1] = fz_a_fn_u_0, .f9_1 = fz_fn_u_0 };
static union U10 g22 = { .u10_2 = { -1 } };
static short *fz_ap32 = &g22.u10_2[0];
static struct S9 *fz_cl34 = &(struct S9){ .f9_4 = fz_fn_d_1, .f9_3[0 ... 1] = fz_fn_u_0, .f9_2 = fz_fn_i_0, .f9_1 = fz_fn_u_0 };
void fz_sum_1(fz_c1 *p)
{
    for (unsigned i0 = 0; i0 < 3u; i0++) {
        fz_mix((unsigned long long)(p->f1_1.u2_2[i0]));
    }
}
void fz_set_1(struct S1 *p, unsigned k)
{
    p->f1_1.u2_2[0] = (unsigned char)((unsigned long long)k * 1ULL + 346308ULL);
    p->f1_1.u2_2[1] = (unsigned char)((unsigned long long)k * 3ULL + 848654ULL);
    p->f1_1.u2_2[2] = (unsigned char)((unsigned long long)k * 5ULL + 97939ULL);
    (void)k;
}
void fz_mut0_1(struct S1 *p, unsigned k)
{
    p->f1_1.u2_2[1] = (unsigned char)((unsigned long long)k * 1ULL + 758831ULL);
    (void)k;
}
void fz_mut1_1(struct S1 *p, unsigned k)
{
    p->f1_1.u2_2[0] = (unsigned char)((unsigned long long)k * 3ULL + 749446ULL);
    (void)k;
}
void fz_set_2(union U2 *p, unsigned k)
{
    p->u2_2[0] = (unsigned char)((unsigned long long)k * 2654435769ULL + 632309ULL);
    p->u2_2[1] = (unsigned char)((unsigned long long)k * 3ULL + 680527ULL);
    p->u2_2[2] = (unsigned char)((unsigned long long)k * 65537ULL + 36167ULL);
    (void)k;
}
union U2 fz_make_2(unsigned k)
{
    return (union U2){ .u2_2 = { 21, (unsigned char)((unsigned long long)k * 3ULL + 738131ULL), 34 } };
}
void fz_set_4(union U4 *p, unsigned k)
{
    p->f6_1 = (int)((unsigned long long)k * 65537ULL + 535269ULL);
    p->f6_2 = (long long)((unsigned long long)k * 3ULL + 44348ULL);
    (void)k;
}
void fz_mut1_4(union U4 *p, unsigned k)
{
    p->f6_1 = (int)((unsigned long long)p->f6_1 * 65537ULL + k);
    p->f6_2 = (long long)((unsigned long long)p->f6_2 * 5ULL + k);
    (void)k;
}
void fz_mut2_4(union U4 *p, unsigned k)
{
    p->f6_1 = (int)((unsigned long long)p->f6_1 * 5ULL + k);
    p->f6_2 = (long long)((unsigned long long)k * 5ULL + 125616ULL);
    (void)k;
}
void fz_set_7(union U7 *p, unsigned k)
{
    p->u7_2 = (unsigned long long)((unsigned long long)k * 5ULL + 22218ULL);
    (void)k;
}
void fz_mut0_7(union U7 *p, unsigned k)
{
    p->u7_2 = (unsigned long long)((unsigned long long)k * 5ULL + 583109ULL);
    (void)k;
}
union U7 fz_make_7(unsigned k)
{
    return (union U7){ .u7_2 = (unsigned long long)((unsigned long long)k * 65537ULL + 207718ULL) };
}
void fz_sum_10(fz_c10 *p)
{
    for (unsigned i0 = 0; i0 < 1u; i0++) {
        fz_mix((unsigned long long)(p->u10_2[i0]));
    }
}
void fz_set_10(union U10 *p, unsigned k)
{
    p->u10_2[0] = (short)((unsigned long long)k * 2654435769ULL + 398506ULL);
    (void)k;
}
void fz_mut1_10(union U10 *p, unsigned k)
{
    p->u10_2[0] = (short)((unsigned long long)k * 3ULL + 810496ULL);
    (void)k;
}
union U10 fz_make_10(unsigned k)
{
    return (union U10){ .u10_2 = { -39 } };
}
int main(int argc, char **argv)
{
    unsigned k = fz_k0;
    if (argc > 1 && strcmp(argv[1], "probe") == 0) {
        fz_probe();
        return 0;
    }
    fz_set_2(&g15, k);
    fz_set_4(&g18, k);
    fz_mix(((unsigned long)&g13 % 128u) == 0u);
    fz_mix(__alignof__(g13));
    fz_mix(__alignof__(struct S1));
    fz_mix(__alignof__(union U2));
    fz_mix(__alignof__(union U4));
    fz_mix(__alignof__(union U7));
    fz_mix(__alignof__(struct S9));
    fz_mix(__alignof__(union U10));
    memcpy(&fz_tgt_S1, &g11, sizeof fz_tgt_S1);
    g13 = g12;
    fz_local_b0(k);
    fz_mut0_4(&g17[1], k + 40u);
    {
        struct S9 l35 = { .f9_5 = fz_fn_i_2, .f9_2 = fz_fn_i_1, .f9_3 = { fz_a_fn_u_1, fz_a_fn_u_1 }, .f9_1 = fz_a_fn_u_1, .f9_4 = 0 };
        fz_sum_9(&l35);
    }
    fz_va_4(3u, g18, g18, g19);
    fz_sum_2(&g15);
    fz_cp(101u);
    (*(unsigned char *)((char *)&fz_tgt_S1 + offsetof(struct S1, f1_1.u2_2[2]))) = (unsigned char)((unsigned long long)(*(unsigned char *)((char *)&fz_tgt_S1 + offsetof(struct S1, f1_1.u2_2[2]))) * 65537ULL + k);
    {
        union U10 l36 __attribute__((aligned(128))) = { .u10_2 = { (short)((unsigned long long)k * 65537ULL + 234576ULL) } };
        fz_mix(((unsigned long)&l36 % 128u) == 0u);
        union U10 l37;
        l37 = l36;
        fz_sum_10(&l37);
        fz_sum_10(&(union U10){ .u10_2 = { (short)((unsigned long long)k * 65537ULL + 613578ULL) } });
        g22 = l36;
        fz_sum_10(&l36);
    }
    g18 = g17[2];
    fz_b_ops(k);
    memset(&g12, 0, sizeof g12);
    fz_set_1(&g12, k);
    fz_local_b0(k);
    (*(unsigned char *)((char *)&g11 + offsetof(struct S1, f1_1.u2_2[2]))) = (unsigned char)((unsigned long long)(*(unsigned char *)((char *)&g11 + offsetof(struct S1, f1_1.u2_2[2]))) * 65537ULL + k);
    {
        void *vp = &g17[1];
        union U4 *sp = vp;
        sp->f6_1 = (int)((unsigned long long)sp->f6_1 * 65537ULL + k);
    }
    fz_b_final();
    fz_sum_1(&g11);
    fz_sum_1(&g12);
    fz_sum_1(&g13);
    fz_sum_1(&fz_tgt_S1);
    fz_sum_2(&g15);
    fz_sum_2(&g16);
    fz_sum_4(&g17[0]);
    fz_sum_4(&g17[1]);
    fz_sum_4(&g17[2]);
    fz_sum_4(&g18);
    fz_sum_4(&g19);
    fz_sum_9(&g20);
    fz_sum_10(&g22);
    fz_mix((unsigned long long)(*fz_ap32));
    fz_sum_9(fz_cl34);
    printf("checksum %016llx\n", fz_h);
    return 0;
}
