#include "common.h"
#include <stddef.h>
void fz_probe(void)
{
    printf("Z R struct:S1 %zu %zu\n", sizeof(struct S1), __alignof__(struct S1));
    printf("F R struct:S1 f1_1 %zu %zu d\n", offsetof(struct S1, f1_1) * 8, sizeof(((struct S1 *)0)->f1_1) * 8);
    printf("Z C union:U2 %zu %zu\n", sizeof(union U2), __alignof__(union U2));
    printf("F C union:U2 u2_1 %zu %zu d\n", offsetof(union U2, u2_1) * 8, sizeof(((union U2 *)0)->u2_1) * 8);
    printf("F C union:U2 u2_2 %zu %zu d\n", offsetof(union U2, u2_2) * 8, sizeof(((union U2 *)0)->u2_2) * 8);
    printf("F C union:U2 f3_1 %zu %zu a\n", offsetof(union U2, f3_1) * 8, sizeof(((union U2 *)0)->f3_1) * 8);
    printf("F C union:U2 f3_2 %zu %zu a\n", offsetof(union U2, f3_2) * 8, sizeof(((union U2 *)0)->f3_2) * 8);
    printf("F C union:U2 f3_3 %zu %zu a\n", offsetof(union U2, f3_3) * 8, sizeof(((union U2 *)0)->f3_3) * 8);
    printf("F C union:U2 f3_4 %zu %zu a\n", offsetof(union U2, f3_4) * 8, sizeof(((union U2 *)0)->f3_4) * 8);
    printf("F C union:U2 f3_5 %zu %zu a\n", offsetof(union U2, f3_5) * 8, sizeof(((union U2 *)0)->f3_5) * 8);
    printf("Z C union:U4 %zu %zu\n", sizeof(union U4), __alignof__(union U4));
    printf("F C union:U4 f5_1 %zu %zu a\n", offsetof(union U4, f5_1) * 8, sizeof(((union U4 *)0)->f5_1) * 8);
    printf("F C union:U4 u4_1 %zu %zu d\n", offsetof(union U4, u4_1) * 8, sizeof(((union U4 *)0)->u4_1) * 8);
    printf("F C union:U4 f6_1 %zu %zu a\n", offsetof(union U4, f6_1) * 8, sizeof(((union U4 *)0)->f6_1) * 8);
    {
        static union U4 o;
        unsigned char *b = (unsigned char *)&o;
        size_t lo = (size_t)-1, cnt = 0;
        memset(&o, 0, sizeof o);
        o.f6_2 = -1;
        for (size_t i = 0; i < sizeof o * 8; i++)
            if (b[i / 8] >> (i % 8) & 1) {
                if (lo == (size_t)-1)
                    lo = i;
                cnt++;
            }
        printf("F C union:U4 f6_2 %zu %zu a\n", lo, cnt);
    }
    printf("Z C union:U7 %zu %zu\n", sizeof(union U7), __alignof__(union U7));
    printf("F C union:U7 u7_1 %zu %zu d\n", offsetof(union U7, u7_1) * 8, sizeof(((union U7 *)0)->u7_1) * 8);
    printf("F C union:U7 u7_2 %zu %zu d\n", offsetof(union U7, u7_2) * 8, sizeof(((union U7 *)0)->u7_2) * 8);
    printf("F C union:U7 f8_1 %zu %zu a\n", offsetof(union U7, f8_1) * 8, sizeof(((union U7 *)0)->f8_1) * 8);
    printf("F C union:U7 f8_2 %zu %zu a\n", offsetof(union U7, f8_2) * 8, sizeof(((union U7 *)0)->f8_2) * 8);
    printf("F C union:U7 f8_3 %zu %zu a\n", offsetof(union U7, f8_3) * 8, sizeof(((union U7 *)0)->f8_3) * 8);
    printf("F C union:U7 u7_3 %zu %zu d\n", offsetof(union U7, u7_3) * 8, sizeof(((union U7 *)0)->u7_3) * 8);
    printf("Z R struct:S9 %zu %zu\n", sizeof(struct S9), __alignof__(struct S9));
    printf("F R struct:S9 f9_1 %zu %zu d\n", offsetof(struct S9, f9_1) * 8, sizeof(((struct S9 *)0)->f9_1) * 8);
    printf("F R struct:S9 f9_2 %zu %zu d\n", offsetof(struct S9, f9_2) * 8, sizeof(((struct S9 *)0)->f9_2) * 8);
    printf("F R struct:S9 f9_3 %zu %zu d\n", offsetof(struct S9, f9_3) * 8, sizeof(((struct S9 *)0)->f9_3) * 8);
    printf("F R struct:S9 f9_4 %zu %zu d\n", offsetof(struct S9, f9_4) * 8, sizeof(((struct S9 *)0)->f9_4) * 8);
    printf("F R struct:S9 f9_5 %zu %zu d\n", offsetof(struct S9, f9_5) * 8, sizeof(((struct S9 *)0)->f9_5) * 8);
    printf("Z C union:U10 %zu %zu\n", sizeof(union U10), __alignof__(union U10));
    printf("F C union:U10 u10_1 %zu %zu d\n", offsetof(union U10, u10_1) * 8, sizeof(((union U10 *)0)->u10_1) * 8);
    printf("F C union:U10 u10_2 %zu %zu d\n", offsetof(union U10, u10_2) * 8, sizeof(((union U10 *)0)->u10_2) * 8);
}
