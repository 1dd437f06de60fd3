/* embed.c: writes a binary file (a fatbinary, a code object) as a C array,
 * so a GPU module carries its kernels inside itself. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include <stdio.h>

int main(int argc, char **argv)
{
    FILE *f;
    int c;
    unsigned long n = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: embed SYMBOL FILE > FILE.c\n");
        return 2;
    }
    f = fopen(argv[2], "rb");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    printf("/* generated from %s by embed: do not edit */\n", argv[2]);
    /* The kernels are chase's own code, under its licence. */
    printf("/* SPDX-License-Identifier: BSD-3-Clause */\n");
    /* Aligned: the driver reads the image in place. */
    printf("const unsigned char %s[] __attribute__((aligned(64))) = {\n", argv[1]);
    while ((c = fgetc(f)) != EOF)
        printf("%s0x%02x,", n++ % 16 ? "" : "\n", (unsigned)c);
    printf("\n0x00};\nconst unsigned long %s_size = %lu;\n", argv[1], n);
    if (ferror(f) || fclose(f)) {
        perror(argv[2]);
        return 1;
    }
    return ferror(stdout) ? 1 : 0;
}
