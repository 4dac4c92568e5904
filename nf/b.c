#include "common.h"
static __attribute__((unused)) double fz_b_fn_d_0(double x)
{
    return x * 0.5 + 316.25;
}
static __attribute__((unused)) double fz_b_fn_d_1(double x)
{
    return x * 0.5 + 21.25;
}
static __attribute__((unused)) int fz_b_fn_i_0(int x)
{
    return (int)((unsigned)x * 5u + 514u);
}
static __attribute__((unused)) int fz_b_fn_i_1(int x)
{
    return (int)((unsigned)x * 3u + 546u);
}
static __attribute__((unused)) unsigned long fz_b_fn_u_0(unsigned long x)
{
    return x * 3UL + 557UL;
}
static __attribute__((unused)) unsigned long fz_b_fn_u_1(unsigned long x)
{
    return x * 3UL + 422UL;
}
static __attribute__((unused)) void fz_b_fn_v_0(unsigned int x)
{
    fz_mix((unsigned long long)x * 5ULL + 946ULL);
}
static __attribute__((unused)) void fz_b_fn_v_1(unsigned int x)
{
    fz_mix((unsigned long long)x * 3ULL + 488ULL);
}
unsigned long long fz_h = 0x9e3779b97f4a7c15ULL;
unsigned fz_k0 = 0x1234u;
int fz_ints[16] = { -353, -11, -564, 403, 199, 890, 106, 979, -383, -468, 510, -65, 461, -254, -254, 476 };
static int fz_trace = -1;
void fz_mix(unsigned long long v)
{
    if (fz_trace < 0)
        fz_trace = getenv("FZ_TRACE") != 0;
    if (fz_trace)
        fprintf(stderr, "mix %016llx\n", v);
    fz_h = (fz_h ^ v) * 0x100000001b3ULL;
    fz_h ^= fz_h >> 29;
}
void *fz_alloc(size_t size, size_t align)
{
    if (align <= 16)
        return malloc(size);
    return aligned_alloc(align, (size + align - 1) / align * align);
}
void fz_cp(unsigned n)
{
    printf("cp %u %016llx\n", n, fz_h);
}
double fz_fn_d_0(double x)
{
    return x * 0.5 + 222.25;
}
double fz_fn_d_1(double x)
{
    return x * 0.5 + 347.25;
}
double fz_fn_d_2(double x)
{
    return x * 0.5 + 2.25;
}
int fz_fn_i_0(int x)
{
    return (int)((unsigned)x * 7u + 765u);
}
int fz_fn_i_1(int x)
{
    return (int)((unsigned)x * 5u + 601u);
}
int fz_fn_i_2(int x)
{
    return (int)((unsigned)x * 7u + 838u);
}
unsigned long fz_fn_u_0(unsigned long x)
{
    return x * 3UL + 323UL;
}
unsigned long fz_fn_u_1(unsigned long x)
{
    return x * 3UL + 712UL;
}
unsigned long fz_fn_u_2(unsigned long x)
{
    return x * 3UL + 174UL;
}
void fz_fn_v_0(unsigned int x)
{
    fz_mix((unsigned long long)x * 7ULL + 922ULL);
}
void fz_fn_v_1(unsigned int x)
{
    fz_mix((unsigned long long)x * 5ULL + 416ULL);
}
void fz_fn_v_2(unsigned int x)
{
    fz_mix((unsigned long long)x * 3ULL + 792ULL);
}
struct S1 g11 = { .f1_1 = { .u2_2 = { [0] = 38, [1] = 0, [2] = 164 } } };
struct S1 g13 __attribute__((aligned(128))) = { .f1_1 = { .u2_2 = { 131, 255, 74 } } };
struct S1 fz_tgt_S1 = { .f1_1 = { .u2_2 = { 35, 97, 0 } } };
static union U2 g14[2] __attribute__((aligned(128)));
union U2 g15;
static union U10 g21[4] __attribute__((aligned(64))) = { { .u10_2 = { 0 } }, { .u10_2 = { -1 } }, { .u10_2 = { 9784 } }, { .u10_2 = { [0] = -29257 } } };
static unsigned char *fz_ap26 = &g13.f1_1.u2_2[0];
static unsigned char *fz_ap27 = &g13.f1_1.u2_2[2];
static unsigned char *fz_ap28 = &g14[1].u2_2[1];
static unsigned char *fz_ap29 = &g14[1].u2_2[2];
static unsigned char *fz_ap30 = &g15.u2_2[1];
static unsigned char *fz_ap31 = &g15.u2_2[0];
static union U4 *fz_cl33 = &(union U4){ .f6_2 = -1LL, .f6_1 = -2074887832 };
void fz_mut2_1(struct S1 *p, unsigned k)
{
    p->f1_1.u2_2[1] = (unsigned char)((unsigned long long)k * 2654435769ULL + 542537ULL);
    p->f1_1.u2_2[2] = (unsigned char)((unsigned long long)p->f1_1.u2_2[2] * 5ULL + k);
    p->f1_1.u2_2[0] = (unsigned char)((unsigned long long)k * 1ULL + 58118ULL);
    (void)k;
}
struct S1 fz_make_1(unsigned k)
{
    return (struct S1){ .f1_1 = { .u2_2 = { (unsigned char)((unsigned long long)k * 5ULL + 183187ULL), 0, 83 } } };
}
void fz_sum_2(fz_c2 *p)
{
    for (unsigned i0 = 0; i0 < 3u; i0++) {
        fz_mix((unsigned long long)(p->u2_2[i0]));
    }
}
void fz_mut0_2(union U2 *p, unsigned k)
{
    p->u2_2[0] = (unsigned char)((unsigned long long)p->u2_2[0] * 5ULL + k);
    p->u2_2[1] = (unsigned char)((unsigned long long)k * 65537ULL + 168681ULL);
    (void)k;
}
void fz_sum_4(fz_c4 *p)
{
    fz_mix((unsigned long long)(p->f6_1));
    fz_mix((unsigned long long)(p->f6_2));
}
void fz_mut0_4(union U4 *p, unsigned k)
{
    p->f6_2 = (long long)((unsigned long long)p->f6_2 * 7ULL + k);
    (void)k;
}
union U4 fz_make_4(unsigned k)
{
    return (union U4){ .f6_1 = 1867372789, .f6_2 = -1LL };
}
union U4 fz_pass_4(union U4 v, unsigned k)
{
    v.f6_2 = (long long)((unsigned long long)k * 2654435769ULL + 161090ULL);
    v.f6_1 = (int)((unsigned long long)v.f6_1 * 5ULL + k);
    (void)k;
    return v;
}
void fz_va_4(unsigned n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (unsigned j = 0; j < n; j++) {
        union U4 v = va_arg(ap, union U4);
        fz_sum_4(&v);
    }
    va_end(ap);
}
void fz_sum_7(fz_c7 *p)
{
    fz_mix((unsigned long long)(p->u7_2));
}
void fz_mut1_7(union U7 *p, unsigned k)
{
    p->u7_2 = (unsigned long long)((unsigned long long)p->u7_2 * 5ULL + k);
    (void)k;
}
void fz_mut2_7(union U7 *p, unsigned k)
{
    p->u7_2 = (unsigned long long)((unsigned long long)p->u7_2 * 5ULL + k);
    (void)k;
}
void fz_sum_9(fz_c9 *p)
{
    if (p->f9_1)
        fz_mix((unsigned long long)(p->f9_1)(12345UL));
    else
        fz_mix(0x99ULL);
    if (p->f9_2)
        fz_mix((unsigned long long)(p->f9_2)(-7));
    else
        fz_mix(0x99ULL);
    for (unsigned i0 = 0; i0 < 2u; i0++) {
        if (p->f9_3[i0])
            fz_mix((unsigned long long)(p->f9_3[i0])(12345UL));
        else
            fz_mix(0x99ULL);
    }
    if (p->f9_4)
        fz_mix((unsigned long long)(long long)((p->f9_4)(1.5) * 64.0));
    else
        fz_mix(0x99ULL);
    if (p->f9_5)
        fz_mix((unsigned long long)(p->f9_5)(-7));
    else
        fz_mix(0x99ULL);
}
void fz_mut0_10(union U10 *p, unsigned k)
{
    p->u10_2[0] = (short)((unsigned long long)k * 2654435769ULL + 1029551ULL);
    (void)k;
}
void fz_mut2_10(union U10 *p, unsigned k)
{
    p->u10_2[0] = (short)((unsigned long long)k * 1ULL + 579412ULL);
    (void)k;
}
void fz_local_b0(unsigned k)
{
    struct FZ_RL L23 {
        unsigned long long f23_1;
    };
    struct L23 v24 = { .f23_1 = 43ULL };
    v24.f23_1 = (unsigned long long)((unsigned long long)k * 5ULL + 650702ULL);
    struct L23 v25 = v24;
    fz_mix((unsigned long long)(v25.f23_1));
}
void fz_b_ops(unsigned k)
{
    fz_set_2(&g14[0], k);
    fz_set_2(&g14[1], k);
    fz_tgt_S1.f1_1.u2_2[0] = (unsigned char)((unsigned long long)fz_tgt_S1.f1_1.u2_2[0] * 5ULL + k);
    fz_tgt_S1.f1_1.u2_2[1] = (unsigned char)((unsigned long long)k * 3ULL + 263762ULL);
    fz_tgt_S1.f1_1.u2_2[2] = (unsigned char)((unsigned long long)fz_tgt_S1.f1_1.u2_2[2] * 5ULL + k);
    fz_mix((unsigned long long)(fz_tgt_S1.f1_1.u2_2[1]));
    fz_mix((unsigned long long)(fz_tgt_S1.f1_1.u2_2[2]));
    (void)k;
}
void fz_b_final(void)
{
    fz_sum_2(&g14[0]);
    fz_sum_2(&g14[1]);
    fz_sum_10(&g21[0]);
    fz_sum_10(&g21[1]);
    fz_sum_10(&g21[2]);
    fz_sum_10(&g21[3]);
    fz_mix((unsigned long long)(*fz_ap26));
    fz_mix((unsigned long long)(*fz_ap27));
    fz_mix((unsigned long long)(*fz_ap28));
    fz_mix((unsigned long long)(*fz_ap29));
    fz_mix((unsigned long long)(*fz_ap30));
    fz_mix((unsigned long long)(*fz_ap31));
    fz_sum_4(fz_cl33);
}
