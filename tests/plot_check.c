/* plot_check.c: checks the layout of a curve plot's gnuplot script from the
 * script alone: every label lies on the canvas, no two labels' boxes
 * overlap, and no label on the graph crosses a curve.  It reads what
 * gnuplot is told (the canvas, the fixed margins, the exact ranges, the
 * inline data, each label's text, place, justification, turn and font)
 * and measures text with the font's metrics, without the safety margins
 * the placer adds, so it checks the placement rather than repeating it.
 *
 * Usage: plot_check SCRIPT; prints one line a problem, exits 1 if any. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot/plot.h"

#define MAXLAB 4096
#define MAXPTS 200000

struct lab {
    char text[1024];
    double l, r, b, t;
    int line;
};

static struct lab lab_v[MAXLAB];
static size_t nlab;
static double px[MAXPTS], py[MAXPTS];     /* data, NAN between blocks */
static size_t npts;

/* Reads a string expression of single-quoted pieces joined by ."\n".
 * into out; returns the rest of the line, or NULL if it is not one. */
static const char *string_expr(const char *s, char *out, size_t len)
{
    size_t n = 0;
    for (;;) {
        if (*s != '\'')
            return NULL;
        for (s++;; s++) {
            if (!*s)
                return NULL;
            if (*s == '\'') {
                if (s[1] != '\'')
                    break;
                s++;
            }
            if (n + 1 < len)
                out[n++] = *s;
        }
        s++;
        if (!strncmp(s, ".\"\\n\".", 6)) {
            if (n + 1 < len)
                out[n++] = '\n';
            s += 6;
            continue;
        }
        out[n] = 0;
        return s;
    }
}

static int overlap(const struct lab *a, const struct lab *b)
{
    return a->l < b->r && b->l < a->r && a->b < b->t && b->b < a->t;
}

/* Liang and Barsky: whether the segment p-q crosses the box. */
static int seg_hits(const struct lab *bx, double ax, double ay, double qx, double qy)
{
    double t0 = 0, t1 = 1, dx = qx - ax, dy = qy - ay;
    double p[4] = {-dx, dx, -dy, dy}, q[4] = {ax - bx->l, bx->r - ax, ay - bx->b, bx->t - ay};
    int k;
    for (k = 0; k < 4; k++) {
        if (p[k] == 0) {
            if (q[k] < 0)
                return 0;
        } else {
            double r = q[k] / p[k];
            if (p[k] < 0)
                t0 = fmax(t0, r);
            else
                t1 = fmin(t1, r);
            if (t0 > t1)
                return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv)
{
    FILE *f;
    char line[65536];
    double W = 0, H = 0, em = 0, pt = 0, L = NAN, R = NAN, B = NAN, T = NAN, x0 = NAN, x1 = NAN, y0 = NAN,
           y1 = NAN;
    int lineno = 0, inblock = 0, bad = 0;
    size_t i, j;

    if (argc != 2 || !(f = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: plot_check SCRIPT\n");
        return 2;
    }
    while (fgets(line, sizeof line, f)) {
        char *s;
        double a, b;
        lineno++;
        line[strcspn(line, "\n")] = 0;
        if (inblock) {
            if (!strcmp(line, "EOD")) {
                inblock = 0;
                if (npts < MAXPTS) {
                    px[npts] = NAN;
                    py[npts++] = NAN;
                }
            } else if (sscanf(line, "%lf %lf", &a, &b) == 2 && npts < MAXPTS && a > 0 && b > 0) {
                px[npts] = a;
                py[npts++] = b;
            }
            continue;
        }
        if (line[0] == '$' && strstr(line, "<< EOD")) {
            inblock = 1;
            continue;
        }
        if (sscanf(line, "# canvas: %lf x %lf, font em %lf", &W, &H, &em) == 3)
            continue;
        if (!strncmp(line, "set terminal", 12) && (s = strstr(line, "font \"DejaVu Sans,")))
            pt = atof(s + 18);
        sscanf(line, "set lmargin at screen %lf", &L);
        sscanf(line, "set rmargin at screen %lf", &R);
        sscanf(line, "set bmargin at screen %lf", &B);
        sscanf(line, "set tmargin at screen %lf", &T);
        if (sscanf(line, "set xrange [%lf:%lf]", &a, &b) == 2) {
            x0 = log2(a);
            x1 = log2(b);
        }
        if (sscanf(line, "set yrange [%lf:%lf]", &a, &b) == 2) {
            y0 = log2(a);
            y1 = log2(b);
        }
        if (!strncmp(line, "set label ", 10) && nlab < MAXLAB) {
            struct lab *lb = &lab_v[nlab];
            const char *rest = line + 10, *fs;
            double x, y, w, h, scale = 1;
            int center, rotate, point;
            while (*rest >= '0' && *rest <= '9')
                rest++;
            while (*rest == ' ')
                rest++;
            rest = string_expr(rest, lb->text, sizeof lb->text);
            if (!rest || sscanf(rest, " at screen %lf, screen %lf", &x, &y) != 2) {
                printf("line %d: a label not at screen coordinates: %s\n", lineno, line);
                bad = 1;
                continue;
            }
            center = strstr(rest, " center") != NULL;
            rotate = strstr(rest, " rotate by 90") != NULL;
            point = strstr(rest, " point") != NULL;
            if ((fs = strstr(rest, " font ',")) && pt > 0)
                scale = atof(fs + 8) / pt;
            x *= W;
            y *= H;
            if (point && !lb->text[0]) {
                w = h = 0.6 * em;       /* a marker alone */
                center = 1;
            } else {
                /* The font's own advance widths, no margin; a line's
                 * height is its ascent and descent (1.16 em). */
                const char *p = lb->text;
                size_t nl = 1;
                for (; *p; p++)
                    nl += *p == '\n';
                w = chase_gp_text_width(lb->text) * em * scale;
                h = 1.16 * em * scale * (double)nl;
            }
            if (rotate) {
                double t = w;
                w = h;
                h = t;
            }
            lb->l = center || rotate ? x - w / 2 : x;
            lb->r = lb->l + w;
            lb->b = y - h / 2;
            lb->t = y + h / 2;
            lb->line = lineno;
            nlab++;
        }
    }
    fclose(f);
    if (!(W > 0 && H > 0 && em > 0) || isnan(L) || isnan(R) || isnan(B) || isnan(T) || isnan(x0) || isnan(y0)) {
        printf("not a curve plot's script: no canvas line, fixed margins or ranges\n");
        return 1;
    }
    for (i = 0; i < nlab; i++) {
        const struct lab *a = &lab_v[i];
        if (a->l < 0 || a->r > W || a->b < 0 || a->t > H) {
            printf("line %d: '%s' leaves the canvas\n", a->line, a->text);
            bad = 1;
        }
        for (j = i + 1; j < nlab; j++)
            if (overlap(a, &lab_v[j])) {
                printf("line %d: '%s' overlaps line %d: '%s'\n", a->line, a->text, lab_v[j].line, lab_v[j].text);
                bad = 1;
            }
    }
    /* The curves on the canvas; a label whose middle is on the graph must
     * not cross them (nor lie within a line's half width of them). */
    for (i = 0; i < npts; i++)
        if (!isnan(px[i])) {
            px[i] = (L + (log2(px[i]) - x0) / (x1 - x0) * (R - L)) * W;
            py[i] = (B + (log2(py[i]) - y0) / (y1 - y0) * (T - B)) * H;
        }
    for (i = 0; i < nlab; i++) {
        struct lab e = lab_v[i];
        double cx = (e.l + e.r) / 2 / W, cy = (e.b + e.t) / 2 / H;
        if (cx < L || cx > R || cy < B || cy > T)
            continue;
        e.l -= 0.15 * em;
        e.r += 0.15 * em;
        e.b -= 0.15 * em;
        e.t += 0.15 * em;
        for (j = 0; j + 1 < npts; j++)
            if (!isnan(px[j]) && !isnan(px[j + 1]) && seg_hits(&e, px[j], py[j], px[j + 1], py[j + 1])) {
                printf("line %d: '%s' crosses a curve\n", lab_v[i].line, lab_v[i].text);
                bad = 1;
                break;
            }
    }
    printf("%zu labels, %zu points checked\n", nlab, npts);
    return bad;
}
