/* plot_curves.c: the latency-curve plot (chase --plot, chase plot): the
 * curves on log2 axes, each level's capacity as a dashed line and its
 * latency as a label placed where it covers nothing, a legend under the
 * plot, and a level table there instead of labels when they cannot all be
 * placed clear of each other.
 *
 * The layout is computed here, not left to gnuplot: the margins are fixed
 * in screen coordinates and the ranges given exactly, so a data point's
 * place on the canvas is known, and text widths come from the font's own
 * metrics (chase_gp_text_width).  Every label is then written at the screen
 * position chosen for it, which tests/plot_check.c can check from the
 * script alone.
 *
 * When the labels cannot all be placed (each beside its own plateau,
 * nearer it than any other, over no curve, band or label), none is drawn
 * on the graph: a label placed far off, or one of several that the reader
 * must match by colour, misleads more than a table does.  The table then
 * goes under the graph with the legend, in the same canvas and the same
 * screen coordinates rather than in a second multiplot area, so one
 * layout (and one check) covers every piece of text. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exitcode.h"
#include "plot/plot.h"
#include "core/size.h"

#define LINE 1.25       /* baseline to baseline, ems */
#define TEXT_H 1.2      /* a line's box: ascent and descent of DejaVu Sans are 1.16 em */
#define CLEAR 0.5       /* ems between a label and a curve: a marker's radius and the line's width */
#define GAP 0.3         /* ems between two labels */
#define SAMPLE 2.6      /* a legend's line sample, ems */
#define SERIES_SAMPLE 1
#define BAND_SAMPLE 2

struct box {
    double l, r, b, t;
};

/* The canvas and where the graph lies on it, in the terminal's units. */
struct geom {
    struct chase_gp_canvas c;
    double L, R, B, T;          /* the graph's edges */
    double x0, x1, y0, y1;      /* log2 of the axis ranges */
};

static double gx(const struct geom *g, double x)
{
    return g->L + (log2(x) - g->x0) / (g->x1 - g->x0) * (g->R - g->L);
}

static double gy(const struct geom *g, double y)
{
    return g->B + (log2(y) - g->y0) / (g->y1 - g->y0) * (g->T - g->B);
}

/* A text's width on the canvas, with room for hinting (pngcairo rounds
 * each glyph's advance to a pixel) and a viewer's substitute font. */
static double width(const struct geom *g, const char *s)
{
    return (chase_gp_text_width(s) * 1.04 + 0.2) * g->c.em;
}

static int overlap(const struct box *a, const struct box *b, double gap)
{
    return a->l < b->r + gap && b->l < a->r + gap && a->b < b->t + gap && b->b < a->t + gap;
}

/* Whether the segment p-q crosses the box (Liang and Barsky's clip). */
static int seg_hits(const struct box *bx, double px, double py, double qx, double qy)
{
    double t0 = 0, t1 = 1, dx = qx - px, dy = qy - py;
    double p[4] = {-dx, dx, -dy, dy}, q[4] = {px - bx->l, bx->r - px, py - bx->b, bx->t - py};
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

/* ---- what the plot says ---- */

struct item {
    char text[400];
    struct box box;
    double x, y;        /* left end and middle */
    int series;         /* its curve's colour, or -1 */
    int sample;         /* not text: SERIES_SAMPLE (series' line and marker) or BAND_SAMPLE */
    const char *color;  /* text colour when not black */
    double scale;       /* font size against the canvas's (0: 1) */
    int center;         /* x is its middle, not its left end */
    int rotate;         /* turned a quarter, reading upwards (the y axis' label) */
    int boxed;          /* hides what lies under it (a level label over a capacity line) */
};

struct items {
    struct item *v;
    size_t n, cap;
};

static struct item *item_add(struct items *it)
{
    if (it->n == it->cap) {
        size_t cap = it->cap ? 2 * it->cap : 32;
        struct item *v = realloc(it->v, cap * sizeof *v);
        if (!v)
            return NULL;
        it->v = v;
        it->cap = cap;
    }
    memset(&it->v[it->n], 0, sizeof it->v[0]);
    it->v[it->n].series = -1;
    return &it->v[it->n++];
}

static double yvalue(const struct chase_row *r, int ns)
{
    return ns ? r->ns : r->cycles;
}

/* A row's p5 and p95 on the plot's axis (ns scale with the median). */
static int spread_of(const struct chase_row *r, int ns, double *lo, double *hi)
{
    double k = ns ? r->ns / r->cycles : 1;
    if (!(r->p95 > r->p5) || !(r->p5 > 0) || !isfinite(k) || !(k > 0))
        return 0;
    *lo = r->p5 * k;
    *hi = r->p95 * k;
    return 1;
}

/* A number from metadata that may carry words after it ("128 (128 B)"). */
static int meta_number(const struct chase_meta *m, const char *key, double *v)
{
    const char *s;
    char *end;
    if (!chase_meta_get_num(m, key, v))
        return 0;
    s = chase_meta_get(m, key);
    if (!s)
        return -1;
    *v = strtod(s, &end);
    return end == s || !isfinite(*v) ? -1 : 0;
}

/* The legend's parts from the file's metadata: the device, then what was
 * run (pattern and stride), then who measured it. */
static void describe(const struct chase_curve *c, char *dev, char *what, char *who, size_t len)
{
    const char *d = chase_meta_get(&c->meta, "device");
    const char *be = chase_meta_get(&c->meta, "backend");
    const char *pat = chase_meta_get(&c->meta, "pattern");
    const char *by = chase_meta_get(&c->meta, "measured_by");
    double stride;
    char sz[32];

    snprintf(dev, len, "%s", d ? d : c->name);
    if (!meta_number(&c->meta, "stride", &stride) && stride >= 1 && stride < 1e18)
        snprintf(what, len, "%s%sstride %s", pat ? pat : "", pat ? ", " : "",
                 chase_size_format((uint64_t)stride, sz, sizeof sz));
    else
        snprintf(what, len, "%s", pat ? pat : "");
    if (by)
        snprintf(who, len, "measured by %s", by);
    else if (be)
        snprintf(who, len, "measured by chase (%s)", be);
    else
        who[0] = 0;
}

/* "device: pattern, stride, who": a curve's title on one line. */
static void legend(const struct chase_curve *c, char *buf, size_t len)
{
    char dev[256], what[256], who[600];
    describe(c, dev, what, who, sizeof dev);
    snprintf(buf, len, "%s%s%s%s%s", dev, what[0] ? ": " : "", what, who[0] ? ", " : "", who);
}

/* A level's capacity as the label and the table say it: the interval the
 * level finder gives (the largest size still on the plateau, the first
 * clearly above it), "215-235 KiB" when the units agree; one size, "~ 32
 * KiB", when both print alike. */
static void capacity(const struct chase_level *L, char *buf, size_t len)
{
    char a[32], b[32];
    size_t la, lb;
    if (!L->hi) {
        buf[0] = 0;
        return;
    }
    chase_size_format(L->lo, a, sizeof a);
    chase_size_format(L->hi, b, sizeof b);
    la = strcspn(a, " ");
    lb = strcspn(b, " ");
    if (L->hi <= L->lo || !strcmp(a, b))
        snprintf(buf, len, "~ %s", a);
    else if (!strcmp(a + la, b + lb))
        snprintf(buf, len, "%.*s-%s", (int)la, a, b);
    else
        snprintf(buf, len, "%s-%s", a, b);
}

static void latency(const struct chase_level *L, int ns, char *buf, size_t len)
{
    snprintf(buf, len, "%.3g %s", ns ? L->ns : L->cycles, ns ? "ns" : "cyc");
}

/* Splits text at spaces into lines no wider than w ems (a longer word is
 * cut); returns how many lines, each written at lines[k]. */
static size_t wrap(const char *text, double w, char lines[][400], size_t max)
{
    size_t n = 0;
    while (*text && n < max) {
        size_t end = 0, cut = 0, k;
        char tmp[400];
        while (*text == ' ')
            text++;
        if (!*text)
            break;
        for (k = 0; text[k] && k < sizeof tmp - 1; k++) {
            memcpy(tmp, text, k + 1);
            tmp[k + 1] = 0;
            if (chase_gp_text_width(tmp) > w && k)
                break;
            end = k + 1;
            if (text[k + 1] == ' ' || !text[k + 1])
                cut = k + 1;
        }
        if (!cut || !text[end] || text[end] == ' ')
            cut = end;      /* no space to break at, or it all fits */
        while (cut > 1 && ((unsigned char)text[cut] & 0xc0) == 0x80)
            cut--;          /* not inside a UTF-8 character */
        snprintf(lines[n++], 400, "%.*s", (int)cut, text);
        text += cut;
    }
    return n;
}

/* wrap, with lines of even length: the narrowest width that needs no
 * more lines (no word left alone on the last). */
static size_t wrap_even(const char *text, double w, char lines[][400], size_t max)
{
    char tmp[16][400];
    size_t n = wrap(text, w, tmp, 16);
    double lo = w / 4, hi = w;
    int k;
    if (n < 2 || n > max)
        return wrap(text, w, lines, max);
    for (k = 0; k < 14; k++) {
        double mid = (lo + hi) / 2;
        if (wrap(text, mid, tmp, 16) <= n)
            hi = mid;
        else
            lo = mid;
    }
    return wrap(text, hi, lines, max);
}

/* ---- where things go ---- */

struct obstacles {
    double *x, *y;      /* every curve's points on the canvas, NAN between curves */
    size_t *curve;      /* whose point */
    size_t *level;      /* the plateau it lies on, or -1 */
    size_t n;
    struct box *bands;  /* a band's extent between two points (--spread) */
    size_t nbands;
    double *caps;       /* the capacity lines' x */
    size_t ncaps;
};

/* Whether b leaves the graph or comes near a curve or a band. */
static int blocked(const struct obstacles *ob, const struct geom *g, const struct box *b)
{
    struct box e = {b->l - CLEAR * g->c.em, b->r + CLEAR * g->c.em, b->b - CLEAR * g->c.em, b->t + CLEAR * g->c.em};
    size_t k;
    if (b->l < g->L + GAP * g->c.em || b->r > g->R - GAP * g->c.em || b->b < g->B + GAP * g->c.em ||
        b->t > g->T - GAP * g->c.em)
        return 1;
    for (k = 0; k + 1 < ob->n; k++) {
        if (isnan(ob->x[k]) || isnan(ob->x[k + 1]))
            continue;
        if (fmax(ob->x[k], ob->x[k + 1]) < e.l || fmin(ob->x[k], ob->x[k + 1]) > e.r)
            continue;
        if (seg_hits(&e, ob->x[k], ob->y[k], ob->x[k + 1], ob->y[k + 1]))
            return 1;
    }
    for (k = 0; k < ob->nbands; k++)
        if (overlap(b, &ob->bands[k], 0))
            return 1;
    return 0;
}

static int crossings(const struct obstacles *ob, const struct box *b)
{
    size_t k;
    int n = 0;
    for (k = 0; k < ob->ncaps; k++)
        n += ob->caps[k] > b->l && ob->caps[k] < b->r;
    return n;
}

/* How far a segment lies above or below the box, over the part of it
 * under the box (INFINITY if none is). */
static double seg_vgap(const struct box *b, double px, double py, double qx, double qy)
{
    double l = fmax(b->l, fmin(px, qx)), r = fmin(b->r, fmax(px, qx)), y1, y2, lo, hi;
    if (l > r)
        return INFINITY;
    if (qx == px) {
        y1 = py;
        y2 = qy;
    } else {
        y1 = py + (qy - py) * (l - px) / (qx - px);
        y2 = py + (qy - py) * (r - px) / (qx - px);
    }
    lo = fmin(y1, y2);
    hi = fmax(y1, y2);
    if (hi < b->b)
        return b->b - hi;
    if (lo > b->t)
        return lo - b->t;
    return 0;
}

/* Whether the plateau nearest the box, above or below it, is its own
 * (curve own, level lv) and within reach: a label nearer another plateau,
 * of its curve or another, would be read as that one's.  The ramps
 * between plateaus do not count. */
static int nearest_own(const struct obstacles *ob, const struct box *b, size_t own, size_t lv, double reach)
{
    double mine = INFINITY, theirs = INFINITY;
    size_t k;
    for (k = 0; k + 1 < ob->n; k++) {
        double d;
        if (isnan(ob->x[k]) || isnan(ob->x[k + 1]) || ob->level[k] == (size_t)-1 || ob->level[k] != ob->level[k + 1])
            continue;
        d = seg_vgap(b, ob->x[k], ob->y[k], ob->x[k + 1], ob->y[k + 1]);
        if (ob->curve[k] == own && ob->level[k] == lv)
            mine = fmin(mine, d);
        else
            theirs = fmin(theirs, d);
    }
    return mine < theirs && mine <= reach;
}

/* A level label to place: its text, where its plateau lies, and where it
 * would rather be (ending at its capacity line, or over the middle of the
 * last plateau). */
struct want {
    struct item *it;
    size_t curve, level;
    double px0, px1, py;    /* the plateau on the canvas */
    double cap;             /* the capacity line's x, or NAN */
    double w;
    size_t feasible;
};

static double label_cost(const struct geom *g, const struct want *wn, double l, int dy)
{
    double em = g->c.em, pref = !isnan(wn->cap) ? wn->cap - GAP * em - wn->w : (wn->px0 + wn->px1) / 2 - wn->w / 2;
    /* Near its plateau first, then ending at its capacity line. */
    return 1.0 * dy + 0.35 * fabs(l - pref) / em;
}

/* Tries the candidate positions of wn, best first by label_cost; with
 * placed (n of them), the one it takes.  Returns 0 and sets *best, or -1
 * when every candidate covers a curve, a band, a label or leaves the graph. */
static int try_place(const struct geom *g, const struct obstacles *ob, const struct want *wn, const struct item *placed,
                     size_t n, struct box *best, size_t *count)
{
    double em = g->c.em, h = TEXT_H * em, bestc = INFINITY;
    int dy, side, m;
    size_t k;

    *count = 0;
    for (dy = 0; dy <= 6; dy++)
        for (side = -1; side <= 1; side += 2) {
            double yc = wn->py + side * (h / 2 + CLEAR * em + 0.15 * em + dy * 0.4 * em);
            for (m = -60; m <= 60; m++) {
                struct box b;
                double c;
                /* The last level from its plateau's middle either way, the
                 * others from their capacity line, an em a step: leftwards,
                 * or a little past it (over the line) for a plateau
                 * narrower than its label. */
                if (isnan(wn->cap))
                    b.l = (wn->px0 + wn->px1) / 2 - wn->w / 2 + m * 0.5 * em;
                else if (m >= -8)
                    b.l = wn->cap - GAP * em - wn->w - m * em;
                else
                    continue;
                b.r = b.l + wn->w;
                b.b = yc - h / 2;
                b.t = yc + h / 2;
                /* Half of it at least over its plateau (or half the
                 * plateau under it), to be read as its label. */
                {
                    double end = isnan(wn->cap) ? wn->px1 : wn->cap, over = fmin(b.r, end) - fmax(b.l, wn->px0);
                    if (over < fmin(wn->w, end - wn->px0) / 2)
                        continue;
                }
                if (blocked(ob, g, &b))
                    continue;
                for (k = 0; k < n; k++)
                    if (overlap(&b, &placed[k].box, GAP * em))
                        break;
                if (k < n)
                    continue;
                /* Crossing a capacity line is allowed (the label hides
                 * it under its text) but costs. */
                c = label_cost(g, wn, b.l, dy) + 6.0 * crossings(ob, &b);
                if (placed && c >= bestc)
                    continue;
                if (!nearest_own(ob, &b, wn->curve, wn->level, 2.5 * em))
                    continue;
                ++*count;
                if (c < bestc) {
                    bestc = c;
                    *best = b;
                }
            }
        }
    return isinf(bestc) ? -1 : 0;
}

static int by_feasible(const void *a, const void *b)
{
    const struct want *x = a, *y = b;
    return (x->feasible > y->feasible) - (x->feasible < y->feasible);
}

/* ---- the script ---- */

struct plot_in {
    const struct chase_plot_curve *pc;
    size_t n;
    const struct chase_opts *o;
    size_t **keep;          /* each curve's rows drawn (thin), or NULL: every row */
    size_t *nkeep;
};

/* The row the k-th point drawn of curve i is. */
static size_t drawn(const struct plot_in *in, size_t i, size_t k)
{
    return in->keep[i] ? in->keep[i][k] : k;
}

/* A plot is 1400 pixels wide (a PDF's 7 inches hold fewer dots that can be
 * told apart): a curve of more rows than this draws no more than it could
 * with this many, and gnuplot (fed every row inline) and the labels'
 * placement (which tests each row) took minutes over a million rows. */
#define THIN_MAX 4096
#define THIN_COLUMNS 1024   /* columns of the x axis (log2), a few pixels each */
/* Curves a plot takes at most: its legend has a column a curve, more are
 * more than a reader tells apart, and the labels' placement grows faster
 * than the curves (32 take seconds, 64 ten times that). */
#define MAX_CURVES 32

static int by_index(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* The rows of a curve to draw: all of them up to THIN_MAX; past that, in
 * each of THIN_COLUMNS columns of the x axis, the rows of the lowest and
 * the highest latency (and with --spread, of the lowest p5 and the highest
 * p95), and the curve's first and last, in their order: the envelope a
 * pixel column shows, its shape kept, every spike still there.  Fills
 * *keep (NULL: every row) and *nkeep; returns 0 or -1 (no memory). */
static int thin(const struct chase_curve *c, int ns, int spread, size_t **keep, size_t *nkeep)
{
    enum { LOW, HIGH, P5, P95, NPICK };
    size_t (*pick)[NPICK], *out, j, k, n = 0, first = SIZE_MAX, last = 0;
    double x0 = INFINITY, x1 = -INFINITY, (*best)[NPICK];

    *keep = NULL;
    *nkeep = c->n;
    if (c->n <= THIN_MAX)
        return 0;
    for (j = 0; j < c->n; j++)
        if (yvalue(&c->rows[j], ns) > 0) {
            x0 = fmin(x0, log2((double)c->rows[j].bytes));
            x1 = fmax(x1, log2((double)c->rows[j].bytes));
            if (first == SIZE_MAX)
                first = j;
            last = j;
        }
    pick = malloc(THIN_COLUMNS * sizeof *pick);
    best = malloc(THIN_COLUMNS * sizeof *best);
    out = malloc((THIN_COLUMNS * NPICK + 2) * sizeof *out);
    if (!pick || !best || !out) {
        free(pick);
        free(best);
        free(out);
        return -1;
    }
    for (j = 0; j < THIN_COLUMNS; j++)
        for (k = 0; k < NPICK; k++)
            pick[j][k] = SIZE_MAX;
    for (j = 0; j < c->n; j++) {
        double y = yvalue(&c->rows[j], ns), v[NPICK], lo, hi;
        size_t col;
        if (!(y > 0))
            continue;
        col = x1 > x0 ? (size_t)((log2((double)c->rows[j].bytes) - x0) / (x1 - x0) * THIN_COLUMNS) : 0;
        if (col >= THIN_COLUMNS)
            col = THIN_COLUMNS - 1;
        /* Each pick as a quantity to make smallest (none: infinite). */
        v[LOW] = y;
        v[HIGH] = -y;
        v[P5] = v[P95] = INFINITY;
        if (spread && spread_of(&c->rows[j], ns, &lo, &hi)) {
            v[P5] = lo;
            v[P95] = -hi;
        }
        for (k = 0; k < NPICK; k++)
            if (!isinf(v[k]) && (pick[col][k] == SIZE_MAX || v[k] < best[col][k])) {
                pick[col][k] = j;
                best[col][k] = v[k];
            }
    }
    for (j = 0; j < THIN_COLUMNS; j++)
        for (k = 0; k < NPICK; k++)
            if (pick[j][k] != SIZE_MAX)
                out[n++] = pick[j][k];
    if (first != SIZE_MAX) {
        out[n++] = first;
        out[n++] = last;
    }
    free(pick);
    free(best);
    /* In the rows' order, each once: the line gnuplot draws is the curve's. */
    qsort(out, n, sizeof *out, by_index);
    for (j = k = 0; j < n; j++)
        if (!k || out[j] != out[k - 1])
            out[k++] = out[j];
    *keep = out;
    *nkeep = k;
    return 0;
}

/* The legend and level table under the graph, in a smaller font (SMALL):
 * a column a curve, each a line-and-marker sample with the device beside
 * it, what was run and who measured it under them, then its levels (name,
 * capacity, latency) when table is set.  A single curve without --title
 * has its legend in the title and only the table here.  The columns share
 * the canvas's width, in as few bands as their rows allow; the details
 * wrap, the table's rows do not.  Items are placed from top downwards;
 * returns the block's height, or -1 (no memory). */
#define SMALL 0.87
static double legend_block(const struct plot_in *in, const struct geom *g, int table, int heads, double top,
                           struct items *out)
{
    double em = g->c.em * SMALL, avail = g->c.width - 2.5 * g->c.em, colgap = 1.6 * em, height = 0;
    size_t n = in->n, i, j, k, per, cols = heads ? n : (table ? 1 : 0);
    double need = 0, cw;

    if (!cols)
        return 0;
    for (i = 0; i < cols; i++) {
        char dev[256], what[256], who[600], cap[64], lat[32];
        double wn = 0, wc = 0, wl = 0;
        describe(in->pc[i].curve, dev, what, who, sizeof dev);
        if (heads)
            need = fmax(need, SAMPLE / SMALL + 0.6 + fmin(chase_gp_text_width(dev), 16));
        if (!table)
            continue;
        for (j = 0; j < in->pc[i].nlevels; j++) {
            capacity(&in->pc[i].levels[j], cap, sizeof cap);
            latency(&in->pc[i].levels[j], in->o->ns, lat, sizeof lat);
            wn = fmax(wn, chase_gp_text_width(in->pc[i].levels[j].name));
            wc = fmax(wc, chase_gp_text_width(cap));
            wl = fmax(wl, chase_gp_text_width(lat));
        }
        need = fmax(need, (wn + wc + wl) * 1.04 + 1.6);
    }
    need = need * 1.04 * em + 0.2 * em;
    for (per = cols; per > 1; per--)
        if ((avail - (double)(per - 1) * colgap) / (double)per >= need)
            break;
    cw = (avail - (double)(per - 1) * colgap) / (double)per;

    for (k = 0; k < cols; k += per) {
        double band = 0;
        for (i = k; i < k + per && i < cols; i++) {
            const struct chase_plot_curve *p = &in->pc[i];
            double x = 1.5 * g->c.em + (double)(i - k) * (cw + colgap), wn = 0, wc = 0, skip;
            char dev[256], what[256], who[600], lines[8][400], cap[64], lat[32];
            size_t nl = 0, row = 0, q;
            struct item *it;

#define AT(it_, x_, row_)                                                                                             \
    do {                                                                                                               \
        (it_)->x = (x_);                                                                                               \
        (it_)->y = top - height - ((double)(row_) + 0.5) * LINE * em;                                                 \
        (it_)->scale = SMALL;                                                                                          \
    } while (0)
            describe(p->curve, dev, what, who, sizeof dev);
            if (heads) {
                double indent = SAMPLE * g->c.em + 0.6 * em;
                if (!(it = item_add(out)))
                    return -1;
                it->sample = SERIES_SAMPLE;
                it->series = (int)i;
                AT(it, x, 0);
                nl = wrap(dev, (cw - indent) / em / 1.04 - 0.2, lines, 2);
                for (q = 0; q < nl; q++, row++) {
                    if (!(it = item_add(out)))
                        return -1;
                    snprintf(it->text, sizeof it->text, "%.399s", lines[q]);
                    AT(it, x + indent, row);
                }
                nl = wrap_even(what, cw / em / 1.04 - 0.2, lines, 3);
                nl += wrap_even(who, cw / em / 1.04 - 0.2, lines + nl, 8 - nl);
                for (q = 0; q < nl; q++, row++) {
                    if (!(it = item_add(out)))
                        return -1;
                    snprintf(it->text, sizeof it->text, "%.399s", lines[q]);
                    it->color = "#444444";
                    AT(it, x, row);
                }
            }
            /* Three aligned columns: name, capacity, latency, a little apart from the legend. */
            skip = heads && table ? 0.35 : 0;
            for (j = 0; table && j < p->nlevels; j++) {
                capacity(&p->levels[j], cap, sizeof cap);
                wn = fmax(wn, chase_gp_text_width(p->levels[j].name));
                wc = fmax(wc, chase_gp_text_width(cap));
            }
            for (j = 0; table && j < p->nlevels; j++, row++) {
                const char *cell[3];
                double at[3];
                int c;
                capacity(&p->levels[j], cap, sizeof cap);
                latency(&p->levels[j], in->o->ns, lat, sizeof lat);
                cell[0] = p->levels[j].name;
                cell[1] = cap;
                cell[2] = lat;
                at[0] = x;
                at[1] = at[0] + (wn * 1.04 + 0.8) * em;
                at[2] = at[1] + (wc * 1.04 + 0.8) * em;
                for (c = 0; c < 3; c++) {
                    if (!cell[c][0])
                        continue;
                    if (!(it = item_add(out)))
                        return -1;
                    snprintf(it->text, sizeof it->text, "%s", cell[c]);
                    AT(it, at[c], row + skip);
                }
            }
#undef AT
            band = fmax(band, ((double)row + (table && p->nlevels ? skip : 0)) * LINE * em);
        }
        height += band + 0.6 * em;
    }
    return height;
}

/* Fills the boxes of text and samples from their place, size and turn. */
static void boxes(const struct geom *g, struct items *it, size_t from)
{
    size_t k;
    for (k = from; k < it->n; k++) {
        struct item *t = &it->v[k];
        double sc = t->scale > 0 ? t->scale : 1, w = t->sample ? SAMPLE * g->c.em : width(g, t->text) * sc;
        double h = TEXT_H * g->c.em * sc, l = t->center ? t->x - w / 2 : t->x;
        if (t->rotate) {
            t->box.l = t->x - h / 2;
            t->box.r = t->x + h / 2;
            t->box.b = t->y - w / 2;
            t->box.t = t->y + w / 2;
        } else {
            t->box.l = l;
            t->box.r = l + w;
            t->box.b = t->y - h / 2;
            t->box.t = t->y + h / 2;
        }
    }
}

struct layout {
    struct geom g;
    struct items it;        /* labels and the legend */
    size_t nlabels;         /* the first nlabels items are level labels on the graph */
    char title[2048];
    size_t ntitle;
    int table;
    double xlo, xhi;
    unsigned step;          /* octaves between labelled x tics */
};

/* The graph's edges and ranges, with the block under it height tall. */
static void frame(struct layout *ly, double below, double ylo, double yhi)
{
    struct geom *g = &ly->g;
    double em = g->c.em, tw = 0, d, pad, gh, P = 2.2;
    char a[32];
    uint64_t t;

    /* Left: the widest y tic label and the rotated axis label. */
    for (d = exp2(floor(log2(ylo / 2))); d <= yhi * 4; d *= 2) {
        snprintf(a, sizeof a, "%g", d);
        tw = fmax(tw, chase_gp_text_width(a));
    }
    g->L = (tw + 3.4) * em;
    g->T = g->c.height - (ly->ntitle ? (1.0 + LINE * (double)ly->ntitle + 0.8) : 1.2) * em;
    g->B = below + 4.4 * em;
    /* Right: room for half the last tic label. */
    g->R = g->c.width - 2.2 * em;
    g->x0 = log2(ly->xlo) - 0.2;
    g->x1 = log2(ly->xhi) + 0.2;
    /* Room above the highest plateau and below the lowest for a label. */
    d = fmax(log2(yhi / ylo), 1.0);
    gh = (g->T - g->B) / em;
    pad = gh > 3 * P ? P * d / (gh - 2 * P) : d;
    g->y0 = log2(sqrt(ylo * yhi)) - d / 2 - pad;
    g->y1 = log2(sqrt(ylo * yhi)) + d / 2 + pad;
    /* Unrotated x tic labels every step octaves, as many as fit. */
    {
        static const unsigned steps[] = {1, 2, 5, 10};
        double oct = (g->R - g->L) / (g->x1 - g->x0);
        size_t s;
        ly->step = 10;
        for (s = 0; s < sizeof steps / sizeof steps[0]; s++) {
            double wmax = 0;
            unsigned k;
            for (k = 0, t = 1; t; t <<= 1, k++)
                if (k % steps[s] == 0 && k >= g->x0 && k <= g->x1)
                    wmax = fmax(wmax, width(g, chase_size_format(t, a, sizeof a)));
            if (steps[s] * oct >= wmax + 0.6 * em) {
                ly->step = steps[s];
                break;
            }
        }
    }
}

/* The level labels on the graph; returns 0 when every one found a place
 * clear of the curves, the bands and the others, beside its plateau and
 * nearer it than any other, else -1: then the plot shows a table under
 * the graph instead (a label far from its plateau, or over a curve,
 * misleads more than a table does). */
static int place_labels(const struct plot_in *in, struct layout *ly, int *nomem)
{
    const struct geom *g = &ly->g;
    struct obstacles ob;
    struct want *wv = NULL;
    size_t i, j, k, nw = 0, npts = 0, nlv = 0;
    int rc = -1;

    memset(&ob, 0, sizeof ob);
    for (i = 0; i < in->n; i++) {
        npts += in->nkeep[i] + 1;
        nlv += in->pc[i].nlevels;
    }
    ob.x = malloc(npts * sizeof *ob.x);
    ob.y = malloc(npts * sizeof *ob.y);
    ob.curve = malloc(npts * sizeof *ob.curve);
    ob.level = malloc(npts * sizeof *ob.level);
    ob.bands = malloc(npts * sizeof *ob.bands);
    ob.caps = malloc((nlv + 1) * sizeof *ob.caps);
    wv = calloc(nlv + 1, sizeof *wv);
    if (!ob.x || !ob.y || !ob.curve || !ob.level || !ob.bands || !ob.caps || !wv) {
        *nomem = 1;
        goto out;
    }
    for (i = 0; i < in->n; i++) {
        const struct chase_curve *c = in->pc[i].curve;
        double plo = NAN, phi = NAN, px = NAN;
        size_t d;
        for (d = 0; d < in->nkeep[i]; d++) {
            double y, lo, hi;
            j = drawn(in, i, d);
            y = yvalue(&c->rows[j], in->o->ns);
            if (!(y > 0))
                continue;
            ob.x[ob.n] = gx(g, (double)c->rows[j].bytes);
            ob.curve[ob.n] = i;
            ob.level[ob.n] = (size_t)-1;
            for (k = 0; k < in->pc[i].nlevels; k++)
                if (j >= in->pc[i].levels[k].first && j <= in->pc[i].levels[k].last)
                    ob.level[ob.n] = k;
            ob.y[ob.n++] = gy(g, y);
            if (in->o->spread && spread_of(&c->rows[j], in->o->ns, &lo, &hi)) {
                double x = gx(g, (double)c->rows[j].bytes);
                if (!isnan(px)) {
                    struct box *b = &ob.bands[ob.nbands++];
                    b->l = px;
                    b->r = x;
                    b->b = gy(g, fmin(plo, lo));
                    b->t = gy(g, fmax(phi, hi));
                }
                px = x;
                plo = lo;
                phi = hi;
            } else {
                px = NAN;
            }
        }
        ob.x[ob.n] = NAN;
        ob.curve[ob.n] = i;
        ob.level[ob.n] = (size_t)-1;
        ob.y[ob.n++] = NAN;
        for (j = 0; j < in->pc[i].nlevels; j++)
            if (in->pc[i].levels[j].hi)
                ob.caps[ob.ncaps++] = gx(g, (double)in->pc[i].levels[j].lo);
    }

    /* The labels, most constrained first (fewest places clear of the curves). */
    ly->it.n = 0;
    for (i = 0; i < in->n; i++)
        for (j = 0; j < in->pc[i].nlevels; j++) {
            const struct chase_level *L = &in->pc[i].levels[j];
            const struct chase_curve *c = in->pc[i].curve;
            double y = in->o->ns ? L->ns : L->cycles;
            char cap[64], lat[32];
            struct want *wn;
            struct box b;
            if (!(y > 0) || L->first >= c->n || L->last >= c->n)
                continue;
            wn = &wv[nw++];
            if (!(wn->it = item_add(&ly->it))) {
                *nomem = 1;
                goto out;
            }
            capacity(L, cap, sizeof cap);
            latency(L, in->o->ns, lat, sizeof lat);
            snprintf(wn->it->text, sizeof wn->it->text, "%s%s%s, %s", L->name, cap[0] ? " " : "", cap, lat);
            wn->it->series = (int)i;
            wn->curve = i;
            wn->level = j;
            wn->w = width(g, wn->it->text);
            wn->px0 = gx(g, (double)c->rows[L->first].bytes);
            wn->px1 = gx(g, (double)c->rows[L->last].bytes);
            wn->py = gy(g, y);
            wn->cap = L->hi ? gx(g, (double)L->lo) : NAN;
            try_place(g, &ob, wn, NULL, 0, &b, &wn->feasible);
        }
    /* item_add may have moved the items: point the wants again. */
    for (k = 0; k < nw; k++)
        wv[k].it = &ly->it.v[k];
    {
        /* Greedy in reading order (each curve's levels from the fastest:
         * a higher level's label then goes above a lower one's); if one
         * finds no place, most constrained first, and a label that still
         * finds none goes first on the next try (at most once each). */
        struct item *placed = malloc((nw + 1) * sizeof *placed);
        size_t tries;
        if (!placed) {
            *nomem = 1;
            goto out;
        }
        for (tries = 0, k = 0; tries <= nw + 1; tries++) {
            if (tries == 1)
                qsort(wv, nw, sizeof *wv, by_feasible);
            for (k = 0; k < nw; k++) {
                size_t cnt;
                if (try_place(g, &ob, &wv[k], placed, k, &wv[k].it->box, &cnt))
                    break;
                placed[k] = *wv[k].it;
            }
            if (k == nw || (k == 0 && tries))
                break;
            if (tries) {
                struct want stuck = wv[k];
                memmove(wv + 1, wv, k * sizeof *wv);
                wv[0] = stuck;
            }
        }
        free(placed);
        if (k < nw)
            goto out;
    }
    for (k = 0; k < nw; k++) {
        struct item *t = &ly->it.v[k];
        t->x = t->box.l;
        t->y = (t->box.b + t->box.t) / 2;
        t->boxed = 1;
        t->color = chase_gp_color((size_t)t->series);
    }
    ly->nlabels = nw;
    rc = 0;
out:
    free(ob.x);
    free(ob.y);
    free(ob.curve);
    free(ob.level);
    free(ob.bands);
    free(ob.caps);
    free(wv);
    return rc;
}

/* Title lines: --title, or a single curve's legend with its timer under
 * it (what the cycles are); each wrapped to the canvas. */
static void make_title(const struct plot_in *in, struct layout *ly)
{
    char text[2048], lines[12][400];
    size_t n = 0, k, used = 0;
    const char *p;

    text[0] = 0;
    ly->title[0] = 0;
    if (in->o->title)
        snprintf(text, sizeof text, "%s", in->o->title);
    else if (in->n == 1)
        legend(in->pc[0].curve, text, sizeof text);
    else
        snprintf(text, sizeof text, "Load-to-use latency by working-set size");
    if (in->n == 1 && chase_meta_get(&in->pc[0].curve->meta, "timer")) {
        size_t l = strlen(text);
        snprintf(text + l, sizeof text - l, "\n%s", chase_meta_get(&in->pc[0].curve->meta, "timer"));
    }
    for (p = text; *p && n < 12;) {
        size_t len = strcspn(p, "\n");
        char one[400];
        snprintf(one, sizeof one, "%.*s", (int)(len < sizeof one ? len : sizeof one - 1), p);
        n += wrap_even(one, (ly->g.c.width / ly->g.c.em - 3) / 1.04, lines + n, 12 - n);
        p += len;
        if (*p)
            p++;
    }
    for (k = 0; k < n && used + strlen(lines[k]) + 2 < sizeof ly->title; k++) {
        if (k)
            ly->title[used++] = '\n';
        strcpy(ly->title + used, lines[k]);
        used += strlen(lines[k]);
    }
    ly->ntitle = k;
}

static void write_item(FILE *f, const struct geom *g, const struct item *t, int *label)
{
    double sx = t->x / g->c.width, sy = t->y / g->c.height;
    if (t->sample == BAND_SAMPLE) {
        fprintf(f, "set object rect from screen %.5f, screen %.5f to screen %.5f, screen %.5f fc rgb '#999999' "
                   "fs solid 0.35 noborder\n",
                sx, (t->y - 0.4 * g->c.em) / g->c.height, (t->x + SAMPLE * g->c.em) / g->c.width,
                (t->y + 0.4 * g->c.em) / g->c.height);
        return;
    }
    if (t->sample) {
        double x1 = (t->x + SAMPLE * g->c.em) / g->c.width;
        fprintf(f, "set arrow from screen %.5f, screen %.5f to screen %.5f, screen %.5f nohead lw 2 lc rgb '%s' dt %s",
                sx, sy, x1, sy, chase_gp_color((size_t)t->series), chase_gp_dash((size_t)t->series));
        fprintf(f, "\nset label %d '' at screen %.5f, screen %.5f point", (*label)++, (sx + x1) / 2, sy);
        chase_gp_series(f, (size_t)t->series);
        fprintf(f, "\n");
        return;
    }
    fprintf(f, "set label %d ", (*label)++);
    chase_gp_string(f, t->text);
    fprintf(f, " at screen %.5f, screen %.5f %s%s front", sx, sy, t->center ? "center" : "left",
            t->rotate ? " rotate by 90" : "");
    if (t->scale > 0 && t->scale != 1)
        fprintf(f, " font ',%.3g'", g->c.pt * t->scale);
    if (t->boxed)
        fprintf(f, " boxed");
    if (t->color)
        fprintf(f, " tc rgb '%s'", t->color);
    fprintf(f, "\n");
}

static int write_script(FILE *f, const struct plot_in *in, const char *out)
{
    struct layout ly;
    double xmin = INFINITY, xmax = 0, ymin = INFINITY, ymax = 0, below = 0, base;
    char a[32], title[1200];
    size_t i, j, npts = 0;
    int label = 1, nomem = 0, spread = 0, heads = in->n > 1 || (in->o->title != NULL);
    uint64_t t;

    memset(&ly, 0, sizeof ly);
    if (chase_gp_canvas(out, &ly.g.c))
        return -1;
    base = ly.g.c.height;
    for (i = 0; i < in->n; i++)
        for (j = 0; j < in->pc[i].curve->n; j++) {
            const struct chase_row *r = &in->pc[i].curve->rows[j];
            double y = yvalue(r, in->o->ns), lo, hi;
            if (!(y > 0))
                continue;
            npts++;
            xmin = fmin(xmin, (double)r->bytes);
            xmax = fmax(xmax, (double)r->bytes);
            ymin = fmin(ymin, y);
            ymax = fmax(ymax, y);
            if (in->o->spread && spread_of(r, in->o->ns, &lo, &hi)) {
                spread = 1;
                ymin = fmin(ymin, lo);
                ymax = fmax(ymax, hi);
            }
        }
    if (!npts) {
        xmin = 1024;
        xmax = 2048;
        ymin = 1;
        ymax = 2;
    }
    if (xmax <= xmin)
        xmax = xmin * 2;
    ly.xlo = xmin;
    ly.xhi = xmax;
    make_title(in, &ly);

    /* Labels on the graph if they all fit; else a table under it. */
    for (ly.table = 0; ly.table <= 1; ly.table++) {
        ly.it.n = 0;
        ly.nlabels = 0;
        /* The block's height first (measured on a scratch list), then the graph above it. */
        below = legend_block(in, &ly.g, ly.table, heads, 0, &ly.it);
        if (below < 0)
            goto nomem;
        below += in->o->spread ? LINE * ly.g.c.em * SMALL : 0;
        ly.it.n = 0;
        ly.g.c.height = base;
        frame(&ly, below, ymin, ymax);
        /* A legend or table too tall to leave the graph half the usual
         * canvas makes the canvas taller (a figure may be tall; a graph
         * squeezed flat reads as nothing). */
        if (ly.g.T - ly.g.B < 0.55 * base) {
            ly.g.c.height += 0.55 * base - (ly.g.T - ly.g.B);
            frame(&ly, below, ymin, ymax);
        }
        if (ly.table)
            break;
        if (!place_labels(in, &ly, &nomem))
            break;
        if (nomem)
            goto nomem;
    }
    {
        double top = ly.g.B - 4.4 * ly.g.c.em, h = legend_block(in, &ly.g, ly.table, heads, top, &ly.it);
        struct item *it;
        if (h < 0)
            goto nomem;
        /* --spread: what the shading is, or that there is none. */
        if (in->o->spread) {
            double y = top - h - 0.5 * LINE * ly.g.c.em * SMALL;
            if (spread) {
                if (!(it = item_add(&ly.it)))
                    goto nomem;
                it->sample = BAND_SAMPLE;
                it->x = 1.5 * ly.g.c.em;
                it->y = y;
            }
            if (!(it = item_add(&ly.it)))
                goto nomem;
            snprintf(it->text, sizeof it->text, "%s",
                     spread ? "shaded: the 5th to 95th percentile of each point's samples"
                            : "--spread: these curves hold no spread (p5 and p95) to shade");
            it->x = (1.5 + (spread ? SAMPLE + 0.6 : 0)) * ly.g.c.em;
            it->y = y;
            it->scale = SMALL;
        }
    }
    /* The title, each line a label (a line break stays in single quotes),
     * and the axes' labels: placed here, not by gnuplot, whose idea of a
     * line's height differs between terminals. */
    {
        const char *p = ly.title;
        struct item *it;
        for (i = 0; i < ly.ntitle; i++) {
            size_t len = strcspn(p, "\n");
            if (!(it = item_add(&ly.it)))
                goto nomem;
            snprintf(it->text, sizeof it->text, "%.*s", (int)(len < sizeof it->text ? len : sizeof it->text - 1), p);
            it->center = 1;
            it->x = ly.g.c.width / 2;
            it->y = ly.g.c.height - (0.9 + ((double)i + 0.5) * LINE) * ly.g.c.em;
            p += len + (p[len] != 0);
        }
        if (!(it = item_add(&ly.it)))
            goto nomem;
        snprintf(it->text, sizeof it->text, "working-set size");
        it->center = 1;
        it->x = (ly.g.L + ly.g.R) / 2;
        it->y = ly.g.B - 3.2 * ly.g.c.em;
        if (!(it = item_add(&ly.it)))
            goto nomem;
        snprintf(it->text, sizeof it->text, "load-to-use latency (%s)", in->o->ns ? "ns" : "cycles");
        it->center = 1;
        it->rotate = 1;
        it->x = 1.0 * ly.g.c.em;
        it->y = (ly.g.B + ly.g.T) / 2;
    }
    boxes(&ly.g, &ly.it, ly.nlabels);

    if (chase_gp_begin_canvas(f, out, &ly.g.c, NULL, 0))
        goto nomem;     /* cannot be: the name was drawable above */
    fprintf(f, "# Layout: the graph's edges are fixed on the canvas and its ranges exact, so\n"
               "# chase placed every label itself (at screen positions) clear of the curves.\n");
    fprintf(f, "set logscale x 2\nset logscale y 2\nunset key\n");
    fprintf(f, "set lmargin at screen %.5f\nset rmargin at screen %.5f\nset bmargin at screen %.5f\n"
               "set tmargin at screen %.5f\n",
            ly.g.L / ly.g.c.width, ly.g.R / ly.g.c.width, ly.g.B / ly.g.c.height, ly.g.T / ly.g.c.height);
    fprintf(f, "unset title\nunset xlabel\nunset ylabel\n");
    fprintf(f, "set xrange [%.9g:%.9g]\nset yrange [%.9g:%.9g]\n", exp2(ly.g.x0), exp2(ly.g.x1), exp2(ly.g.y0),
            exp2(ly.g.y1));
    /* IEC labels on the log2 axis every step octaves, a small tic at each. */
    fprintf(f, "set xtics norotate (");
    {
        const char *sep = "";
        unsigned k = 0;
        for (t = 1; t; t <<= 1, k++) {
            double lt = (double)k;
            if (lt < ly.g.x0 || lt > ly.g.x1)
                continue;
            if (k % ly.step)
                fprintf(f, "%s\"\" %llu 1", sep, (unsigned long long)t);
            else
                fprintf(f, "%s\"%s\" %llu", sep, chase_size_format(t, a, sizeof a), (unsigned long long)t);
            sep = ", ";
        }
    }
    fprintf(f, ")\n");

    /* Each capacity as a dashed line in its curve's colour. */
    for (i = 0; i < in->n; i++)
        for (j = 0; j < in->pc[i].nlevels; j++) {
            const struct chase_level *L = &in->pc[i].levels[j];
            if (!L->hi || !(log2((double)L->lo) > ly.g.x0 && log2((double)L->lo) < ly.g.x1))
                continue;
            fprintf(f, "set arrow from %llu, graph 0 to %llu, graph 1 nohead dt (4,4) lw 1 lc rgb '%s' back\n",
                    (unsigned long long)L->lo, (unsigned long long)L->lo, chase_gp_color(i));
        }
    for (i = 0; i < ly.it.n; i++)
        write_item(f, &ly.g, &ly.it.v[i], &label);
    for (i = 0; i < in->n; i++) {
        fprintf(f, "$curve%zu << EOD\n", i);
        for (j = 0; j < in->nkeep[i]; j++) {
            const struct chase_row *r = &in->pc[i].curve->rows[drawn(in, i, j)];
            double y = yvalue(r, in->o->ns), lo, hi;
            if (!(y > 0))
                continue;
            if (!in->o->spread)
                fprintf(f, "%llu %g\n", (unsigned long long)r->bytes, y);
            else if (spread_of(r, in->o->ns, &lo, &hi))
                fprintf(f, "%llu %g %g %g\n", (unsigned long long)r->bytes, y, lo, hi);
            else
                fprintf(f, "%llu %g %g %g\n", (unsigned long long)r->bytes, y, y, y);
        }
        fprintf(f, "EOD\n");
    }
    fprintf(f, "plot ");
    if (spread)
        for (i = 0; i < in->n; i++) {
            fprintf(f, "%s$curve%zu using 1:3:4 with filledcurves fs transparent solid 0.25 noborder lc rgb '%s' notitle",
                    i ? ", \\\n     " : "", i, chase_gp_color(i));
        }
    for (i = 0; i < in->n; i++) {
        size_t pts = in->nkeep[i], every = pts > 28 ? (pts + 27) / 28 : 1;
        legend(in->pc[i].curve, title, sizeof title);
        fprintf(f, "%s$curve%zu using 1:2 with linespoints lw 2 pi %zu", (i || spread) ? ", \\\n     " : "",
                i, every);
        chase_gp_series(f, i);
        fprintf(f, " title ");
        chase_gp_string(f, title);
    }
    fprintf(f, "\n");
    free(ly.it.v);
    return 0;
nomem:
    free(ly.it.v);
    return -1;
}

static int write_curves(FILE *f, const void *arg, const char *out)
{
    return write_script(f, arg, out);
}

int chase_plot(const struct chase_plot_curve *pc, size_t n, const struct chase_opts *o, const char *out,
               char *err, size_t len)
{
    struct plot_in in = {pc, n, o, NULL, NULL};
    size_t i;
    int rc;

    if (n > MAX_CURVES) {
        snprintf(err, len, "%zu curves to plot; a plot takes at most %d (plot fewer files at a time)", n,
                 MAX_CURVES);
        return CHASE_EXIT_USAGE;
    }
    if (o->ns)
        for (i = 0; i < n; i++)
            if (pc[i].curve->n && isnan(pc[i].curve->rows[0].ns)) {
                snprintf(err, len, "--ns: '%s' has no ns column", pc[i].curve->name);
                return CHASE_EXIT_FILE;
            }
    in.keep = calloc(n ? n : 1, sizeof *in.keep);
    in.nkeep = calloc(n ? n : 1, sizeof *in.nkeep);
    rc = in.keep && in.nkeep ? 0 : -1;
    for (i = 0; i < n && !rc; i++)
        rc = thin(pc[i].curve, o->ns, o->spread, &in.keep[i], &in.nkeep[i]);
    if (rc) {
        snprintf(err, len, "out of memory");
        rc = CHASE_EXIT_FAIL;
    } else {
        rc = chase_gp_run(write_curves, &in, o->script, out, err, len);
    }
    for (i = 0; in.keep && i < n; i++)
        free(in.keep[i]);
    free(in.keep);
    free(in.nkeep);
    return rc;
}
