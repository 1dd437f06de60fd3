/* test_plot.c: the plot API's promises: outside text reaches gnuplot only
 * single-quoted, line breaks kept as string expressions, the canvases,
 * series that differ, and scripts for level names as long as the level
 * finder may make them and for chase sms. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/exitcode.h"
#include "plot/plot.h"
#include "sms/sms.h"
#include "tap.h"

static char *written(void (*fn)(FILE *, const char *), const char *s)
{
    static char buf[4096];
    FILE *f = tmpfile();
    size_t n;
    if (!f)
        return NULL;
    fn(f, s);
    rewind(f);
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static char *series(size_t i)
{
    static char buf[8][128];
    FILE *f = tmpfile();
    size_t n;
    if (!f)
        return NULL;
    chase_gp_series(f, i);
    rewind(f);
    n = fread(buf[i % 8], 1, sizeof buf[0] - 1, f);
    buf[i % 8][n] = 0;
    fclose(f);
    return buf[i % 8];
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    char *s;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = 0;
    fclose(f);
    return s;
}

int main(void)
{
    struct chase_gp_canvas c;
    char dir[] = "/tmp/chase-test-plot-XXXXXX", path[256], png[256], err[600], *s;
    size_t i, j;
    int rc;

    s = written(chase_gp_string, "a'b`c\nd@e\\f");
    tap_ok(s && !strcmp(s, "'a''b`c d@e\\f'"), "chase_gp_string: quotes doubled, a line break a space, the rest as it is (%s)",
           s);
    s = written(chase_gp_text, "x'y\nz`w`\r\nlast");
    tap_ok(s && !strcmp(s, "'x''y'.\"\\n\".'z`w`'.\"\\n\".'last'"),
           "chase_gp_text: single-quoted pieces joined by \"\\n\" (%s)", s);
    s = written(chase_gp_text, "one line");
    tap_ok(s && !strcmp(s, "'one line'"), "chase_gp_text: no break, one string (%s)", s);

    tap_ok(fabs(chase_gp_text_width("MM") - 2 * 1767 / 2048.0) < 1e-9, "text width: DejaVu Sans' M is 1767/2048 em");
    tap_ok(chase_gp_text_width("ab\ncdef") == chase_gp_text_width("cdef"), "text width: the longest line's");
    tap_ok(chase_gp_text_width("\xc2\xb5s") > chase_gp_text_width("s"), "text width: a UTF-8 character counts once");

    tap_ok(!chase_gp_canvas("a.png", &c) && c.width == 1400 && c.height == 860 && c.em == 20,
           "canvas: a PNG is 1400x860 with a 20-pixel em");
    tap_ok(!chase_gp_canvas("a.PDF", &c) && c.width == 504 && c.em == 9, "canvas: a PDF is 7 inches with 9-point text");
    tap_ok(!chase_gp_canvas("a.svg", &c) && c.em == 20, "canvas: an SVG lays out as the PNG");
    tap_ok(chase_gp_canvas("a.jpg", &c) && chase_gp_canvas("png", &c), "canvas: no other name is drawn");

    {
        int same = 0;
        for (i = 0; i < 70; i++)
            for (j = i + 1; j < 70; j++) {
                char a[128];
                snprintf(a, sizeof a, "%s", series(i));
                same += !strcmp(a, series(j));
            }
        tap_ok(!same, "series: the first 70 differ in colour, marker or dash");
        same = 0;
        for (i = 0; i < CHASE_GP_SERIES; i++)
            for (j = i + 1; j < CHASE_GP_SERIES; j++)
                same += !strcmp(chase_gp_dash(i), chase_gp_dash(j)) || !strcmp(chase_gp_color(i), chase_gp_color(j));
        tap_ok(!same, "series: the first %d each have a colour and a dash of their own", CHASE_GP_SERIES);
    }

    if (!mkdtemp(dir)) {
        tap_ok(0, "a temporary directory");
        return tap_done();
    }
    /* A curve whose levels have names as long as the field holds (the
     * level finder may name "beyond L2 (sweep ended at 4 MiB)"). */
    {
        struct chase_curve cv;
        struct chase_level lv[3];
        struct chase_plot_curve pc;
        struct chase_opts o;
        const char *words = "beyond L2 (sweep ended at 4 MiB) and a name longer than any seen so far";
        uint64_t b;

        memset(&cv, 0, sizeof cv);
        memset(lv, 0, sizeof lv);
        memset(&o, 0, sizeof o);
        snprintf(cv.name, sizeof cv.name, "test");
        chase_meta_add(&cv.meta, "device", "it's a `test` @device");
        for (b = 1024; b <= (64u << 20); b = b * 9 / 8 + 64) {
            struct chase_row r = {b, b < (256u << 10) ? 30 : b < (8u << 20) ? 250 : 600, 0, 0, NAN, 1};
            r.p5 = r.p95 = r.cycles;
            if (chase_curve_push(&cv, &r))
                break;
        }
        for (i = 0; i < 3; i++) {
            const char *nm = i == 1 ? words : i ? "memory" : "L1";
            size_t k = strlen(nm) < sizeof lv[i].name ? strlen(nm) : sizeof lv[i].name - 1;
            memcpy(lv[i].name, nm, k);
            lv[i].name[k] = 0;
            lv[i].cycles = i == 0 ? 30 : i == 1 ? 250 : 600;
        }
        for (j = 0; j < cv.n && cv.rows[j].bytes < (256u << 10); j++)
            ;
        lv[0].first = 0;
        lv[0].last = j - 1;
        lv[0].lo = cv.rows[j - 1].bytes;
        lv[0].hi = cv.rows[j].bytes;
        lv[1].first = j;
        for (; j < cv.n && cv.rows[j].bytes < (8u << 20); j++)
            ;
        lv[1].last = j - 1;
        lv[1].lo = cv.rows[j - 1].bytes;
        lv[1].hi = cv.rows[j].bytes;
        lv[2].first = j;
        lv[2].last = cv.n - 1;
        pc.curve = &cv;
        pc.levels = lv;
        pc.nlevels = 3;
        snprintf(path, sizeof path, "%s/long.gp", dir);
        snprintf(png, sizeof png, "%s/long.png", dir);
        o.script = path;
        rc = chase_plot(&pc, 1, &o, png, err, sizeof err);
        tap_ok(rc == 0 || rc == CHASE_EXIT_PLOT, "a curve with a long level name is plotted (%d: %s)", rc, rc ? err : "");
        s = slurp(path);
        {
            char want[64];
            snprintf(want, sizeof want, "'%s", lv[1].name);
            tap_ok(s && strstr(s, want), "the long name reaches the script whole (%zu characters)", strlen(lv[1].name));
        }
        tap_ok(s && strstr(s, "'it''s a `test` @device"), "the device's name is single-quoted, quotes doubled");
        free(s);
        chase_curve_free(&cv);
    }
    /* chase sms: a panel a level, names quoted. */
    {
        struct chase_sm_row rows[2 * 16];
        struct chase_meta meta;
        struct chase_opts o;
        memset(&meta, 0, sizeof meta);
        memset(&o, 0, sizeof o);
        chase_meta_add(&meta, "device", "dev'ice");
        for (i = 0; i < 32; i++) {
            rows[i].sm = (int)(i % 16);
            rows[i].level = i < 16 ? "L2" : "L2 far'";
            rows[i].bytes = i < 16 ? 8u << 20 : 40u << 20;
            rows[i].cycles = (i < 16 ? 280 : 520) + (double)(i * 7 % 13);
            rows[i].ns = NAN;
        }
        snprintf(path, sizeof path, "%s/sms.gp", dir);
        snprintf(png, sizeof png, "%s/sms.png", dir);
        o.script = path;
        rc = chase_plot_sms(rows, 32, &meta, &o, png, err, sizeof err);
        tap_ok(rc == 0 || rc == CHASE_EXIT_PLOT, "chase sms's plot (%d: %s)", rc, rc ? err : "");
        s = slurp(path);
        tap_ok(s && strstr(s, "set multiplot") && strstr(s, "$level0 <<") && strstr(s, "$level1 <<"),
               "sms: a panel a level");
        tap_ok(s && strstr(s, "'L2 far'': ") && strstr(s, "'dev''ice: "), "sms: level and device names single-quoted");
        tap_ok(s && strstr(s, "median 285.5") != NULL, "sms: each level's median over the SMs is marked");
        free(s);
        chase_meta_free(&meta);
    }
    snprintf(path, sizeof path, "rm -rf '%s'", dir);
    if (system(path))
        tap_ok(0, "removing %s", dir);
    return tap_done();
}
