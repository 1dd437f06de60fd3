/* plot.c: writes a self-contained gnuplot script (the data inline, the style
 * from plots/chase.gp) and runs gnuplot on it. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exitcode.h"
#include "plot.h"
#include "read.h"
#include "size.h"
#include "sms.h"

/* Text from a data file, a file name or an argument, as a gnuplot string
 * it cannot evaluate: single-quoted, where gnuplot does no backquote
 * (command) or macro substitution and no backslash escapes, with quotes
 * doubled; a line break would end the command, so control characters
 * become spaces. */
void chase_gp_string(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\'')
            fputs("''", f);
        else if (c < 0x20 || c == 0x7f)
            fputc(' ', f);
        else
            fputc(c, f);
    }
    fputc('\'', f);
}

static void quoted(FILE *f, const char *s)
{
    chase_gp_string(f, s);
}

static double yvalue(const struct chase_row *r, int ns)
{
    return ns ? r->ns : r->cycles;
}

/* "device: pattern, stride, who measured it", from the file's metadata. */
static void legend(const struct chase_curve *c, char *buf, size_t len)
{
    const char *dev = chase_meta_get(&c->meta, "device");
    const char *be = chase_meta_get(&c->meta, "backend");
    const char *pat = chase_meta_get(&c->meta, "pattern");
    const char *by = chase_meta_get(&c->meta, "measured_by");
    double stride = 0;
    char who[96], st[40] = "", sz[32];

    if (by)
        snprintf(who, sizeof who, "%s", by);
    else
        snprintf(who, sizeof who, "chase %s", be ? be : "");
    if (!chase_meta_get_num(&c->meta, "stride", &stride) && stride >= 1)
        snprintf(st, sizeof st, " %s", chase_size_format((uint64_t)stride, sz, sizeof sz));
    if (dev)
        snprintf(buf, len, "%s: %s%s, %s", dev, pat ? pat : "", st, who);
    else
        snprintf(buf, len, "%s", c->name);
}

static int find_gnuplot(char *path, size_t len)
{
    const char *g = getenv("GNUPLOT"), *p = getenv("PATH");
    char dirs[4096], *d, *save = NULL;

    if (g && *g) {
        snprintf(path, len, "%s", g);
        return access(path, X_OK) == 0 ? 0 : -1;
    }
    snprintf(dirs, sizeof dirs, "%s", p ? p : "/usr/bin:/bin");
    for (d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        snprintf(path, len, "%s/gnuplot", d);
        if (access(path, X_OK) == 0)
            return 0;
    }
    return -1;
}

/* Where labels go, in the canvas's pixels: the terminal's size and font
 * (plots/chase.gp) and gnuplot's usual margins. */
#define PLOT_W 1250.0
#define PLOT_H 640.0
#define CHAR_W 10.5
#define CHAR_H 20.0

struct frame {
    double x0, x1, y0, y1;      /* log2 of the axis ranges */
};

struct box {
    double l, r, b, t;
};

/* A data point as an obstacle for labels: a few pixels each way. */
static struct box point_box(const struct frame *fr, double x, double y)
{
    double px = (log2(x) - fr->x0) / (fr->x1 - fr->x0) * PLOT_W;
    double py = (log2(y) - fr->y0) / (fr->y1 - fr->y0) * PLOT_H;
    struct box b = {px - 4, px + 4, py - 4, py + 4};
    return b;
}

/* Picks where a label goes: a vertical offset in character heights, and
 * for a level with a capacity, whether it ends at the capacity line or
 * starts there.  The choice covers no other label if it can (placed[0 ..
 * points) are data points, the rest labels and the key), then the fewest
 * data points, then stays closest to its plateau's end.  The label joins
 * placed; *left says it starts at x. */
static double place(const struct frame *fr, struct box *placed, size_t points, size_t *n, double x, double y,
                    size_t chars, int edge, int *left)
{
    static const double offs[] = {1.3, -1.3, 2.4, -2.4, 3.5, -3.5, 4.6, -4.6};
    double px = (log2(x) - fr->x0) / (fr->x1 - fr->x0) * PLOT_W;
    double py = (log2(y) - fr->y0) / (fr->y1 - fr->y0) * PLOT_H;
    double w = (double)chars * CHAR_W;
    size_t k, m, best = 0, best_score = (size_t)-1;
    int side, best_side = 0;
    struct box b;

    for (k = 0; k < sizeof offs / sizeof offs[0]; k++) {
        for (side = 0; side <= (edge ? 1 : 0); side++) {
            /* Near its plateau and at its end is best: small costs for
             * moving away, a point's for each point covered, a label's
             * for covering a label. */
            size_t score = 2 * k + 6 * (size_t)side;
            b.l = !edge ? px - w / 2 : side ? px + 2 * CHAR_W : px - w;
            b.r = b.l + w;
            b.b = py + offs[k] * CHAR_H - CHAR_H / 2;
            b.t = b.b + CHAR_H;
            for (m = 0; m < *n; m++)
                if (!(b.r < placed[m].l || b.l > placed[m].r || b.t < placed[m].b || b.b > placed[m].t))
                    score += m < points ? 1 : 1000;
            if (b.r > PLOT_W || b.l < 0)
                score += 1000;      /* off the plot */
            if (score < best_score) {
                best_score = score;
                best = k;
                best_side = side;
            }
        }
    }
    b.l = !edge ? px - w / 2 : best_side ? px + 2 * CHAR_W : px - w;
    b.r = b.l + w;
    b.b = py + offs[best] * CHAR_H - CHAR_H / 2;
    b.t = b.b + CHAR_H;
    placed[(*n)++] = b;
    *left = best_side;
    return offs[best];
}

/* Returns 0, or -1 out of memory. */
static int write_script(FILE *f, const struct chase_plot_curve *pc, size_t n, const char *png, int ns)
{
    double xmin = INFINITY, xmax = 0, ymin = INFINITY, ymax = 0;
    char a[32], title[256];
    size_t i, j;
    int label = 1;
    uint64_t t;

    for (i = 0; i < n; i++)
        for (j = 0; j < pc[i].curve->n; j++) {
            const struct chase_row *r = &pc[i].curve->rows[j];
            double y = yvalue(r, ns);
            if (!(y > 0))
                continue;
            xmin = fmin(xmin, (double)r->bytes);
            xmax = fmax(xmax, (double)r->bytes);
            ymin = fmin(ymin, y);
            ymax = fmax(ymax, y);
        }
    if (chase_gp_begin(f, png, NULL, 0))
        return -1;
    if (n == 1) {
        /* One curve: its legend is the title, and what timed it the line below. */
        const char *timer = chase_meta_get(&pc[0].curve->meta, "timer");
        size_t used;
        legend(pc[0].curve, title, sizeof title);
        used = strlen(title);
        if (timer && used + 2 < sizeof title)
            snprintf(title + used, sizeof title - used, "\n%s", timer);
        fprintf(f, "set title ");
        quoted(f, title);
        fprintf(f, "\nunset key\n");     /* the title says it */
    } else {
        fprintf(f, "set title \"Load latency by working-set size\"\n");
    }
    fprintf(f, "set ylabel \"load-to-use latency (%s)\"\n", ns ? "ns" : "cycles");
    fprintf(f, "set xrange [%g:%g]\n", xmin / 1.15, xmax * 1.15);
    fprintf(f, "set yrange [%g:%g]\n", ymin / 1.4, ymax * 1.6);
    /* IEC labels on the log2 axis, every other octave when the range is wide. */
    fprintf(f, "set xtics (");
    {
        unsigned step = log2(xmax / xmin) > 16 ? 2 : 1, k = 0;
        const char *sep = "";
        for (t = 1; t && (double)t <= xmax * 1.15; t <<= 1, k++) {
            if ((double)t < xmin / 1.15 || k % step)
                continue;
            fprintf(f, "%s\"%s\" %llu", sep, chase_size_format(t, a, sizeof a), (unsigned long long)t);
            sep = ", ";
        }
    }
    fprintf(f, ")\n");

    /* Level marks: the capacity as a dashed line, a label on the plateau. */
    {
        struct frame fr = {log2(xmin / 1.15), log2(xmax * 1.15), log2(ymin / 1.4), log2(ymax * 1.6)};
        size_t nplaced = 0, points, cap = CHASE_MAX_LEVELS * n + 1;
        struct box *placed;
        for (i = 0; i < n; i++)
            cap += pc[i].curve->n;
        placed = malloc(cap * sizeof *placed);
        if (!placed)
            return -1;
        for (i = 0; i < n; i++)
            for (j = 0; j < pc[i].curve->n; j++) {
                double y = yvalue(&pc[i].curve->rows[j], ns);
                if (y > 0)
                    placed[nplaced++] = point_box(&fr, (double)pc[i].curve->rows[j].bytes, y);
            }
        points = nplaced;
        /* The key, top left, counts as a label: nothing may cover it. */
        if (n > 1) {
            size_t longest = 0;
            for (i = 0; i < n; i++) {
                legend(pc[i].curve, title, sizeof title);
                if (strlen(title) > longest)
                    longest = strlen(title);
            }
            placed[nplaced].l = 0;
            placed[nplaced].r = 80 + (double)longest * CHAR_W * 0.9;
            placed[nplaced].t = PLOT_H;
            placed[nplaced].b = PLOT_H - 16 - (double)n * CHAR_H;
            nplaced++;
        }
        for (i = 0; i < n; i++) {
            for (j = 0; j < pc[i].nlevels; j++) {
                const struct chase_level *L = &pc[i].levels[j];
                const struct chase_row *first = &pc[i].curve->rows[L->first];
                double y = ns ? L->ns : L->cycles, x, off;
                int left = 0;
                char text[128];
                if (!(y > 0))
                    continue;
                if (L->hi) {
                    char b[32];
                    /* A sharp edge is one size; a ramp is shown as the interval. */
                    if ((double)L->hi <= 1.1 * (double)L->lo)
                        snprintf(text, sizeof text, "%s ~ %s, %.3g %s", L->name, chase_size_format(L->lo, a, sizeof a),
                                 y, ns ? "ns" : "cyc");
                    else
                        snprintf(text, sizeof text, "%s %s-%s, %.3g %s", L->name, chase_size_format(L->lo, a, sizeof a),
                                 chase_size_format(L->hi, b, sizeof b), y, ns ? "ns" : "cyc");
                    fprintf(f, "set arrow from %llu, graph 0 to %llu, graph 1 nohead dt 3 lw 1.2 lc rgb word(colors, %zu)\n",
                            (unsigned long long)L->lo, (unsigned long long)L->lo, i + 1);
                    x = (double)L->lo;
                } else {
                    snprintf(text, sizeof text, "%s, %.3g %s", L->name, y, ns ? "ns" : "cyc");
                    x = sqrt((double)first->bytes * (double)pc[i].curve->rows[L->last].bytes);
                }
                off = place(&fr, placed, points, &nplaced, x, y, strlen(text), L->hi != 0, &left);
                fprintf(f, "set label %d ", label++);
                quoted(f, text);
                fprintf(f, " at %g, %g %s offset %.1f, %.1f tc rgb word(colors, %zu) front\n", x, y,
                        !L->hi ? "center" : left ? "left" : "right", !L->hi ? 0.0 : left ? 2.0 : -0.5, off, i + 1);
            }
        }
        free(placed);
    }

    for (i = 0; i < n; i++) {
        fprintf(f, "$curve%zu << EOD\n", i);
        for (j = 0; j < pc[i].curve->n; j++) {
            const struct chase_row *r = &pc[i].curve->rows[j];
            double y = yvalue(r, ns);
            if (y > 0)
                fprintf(f, "%llu %g\n", (unsigned long long)r->bytes, y);
        }
        fprintf(f, "EOD\n");
    }
    fprintf(f, "plot ");
    for (i = 0; i < n; i++) {
        legend(pc[i].curve, title, sizeof title);
        fprintf(f, "%s$curve%zu using 1:2 with linespoints ls %zu title ", i ? ", \\\n     " : "", i, i + 1);
        quoted(f, title);
    }
    fprintf(f, "\n");
    return 0;
}

int chase_gp_begin(FILE *f, const char *out, char *err, size_t len)
{
    static const struct {
        const char *ext, *terminal;
    } terms[] = {
        {".png", "pngcairo size 1400,860 noenhanced font \"DejaVu Sans,15\" linewidth 1.5"},
        {".pdf", "pdfcairo size 7in,4.3in noenhanced font \"DejaVu Sans,10\" linewidth 1.5"},
        {".svg", "svg size 1400,860 noenhanced font \"DejaVu Sans,15\" linewidth 1.5 background rgb 'white'"},
    };
    const char *dot = strrchr(out, '.');
    char style[4096];
    size_t i;

    for (i = 0; i < sizeof terms / sizeof terms[0]; i++)
        if (dot && !strcasecmp(dot, terms[i].ext))
            break;
    if (i == sizeof terms / sizeof terms[0]) {
        if (err)
            snprintf(err, len, "cannot tell what to draw '%s' as: name it .png, .pdf or .svg", out);
        return -1;
    }
    if (strpbrk(out, "\n\r")) {
        if (err)
            snprintf(err, len, "an image name with a line break cannot be written");
        return -1;
    }
    fprintf(f, "# gnuplot script written by %s %s\nset terminal %s\nset output ", PACKAGE_NAME,
            PACKAGE_VERSION, terms[i].terminal);
    chase_gp_string(f, out);
    if (chase_data_find("chase.gp", style, sizeof style))
        snprintf(style, sizeof style, "%s/chase.gp", CHASE_PKGDATA_DIR);
    fprintf(f, "\nload ");
    chase_gp_string(f, style);
    fprintf(f, "\n");
    return 0;
}

int chase_gp_run(chase_gp_writer write, const void *arg, const char *script_path, const char *out, char *err,
                 size_t len)
{
    char gp[4096], tmpl[] = "/tmp/chase-plot-XXXXXX";
    const char *path = script_path;
    FILE *f;
    pid_t pid;
    int fd = -1, st, rc = 0;

    /* The name must be drawable before anything is written. */
    {
        FILE *null = fopen("/dev/null", "w");
        int bad = !null || chase_gp_begin(null, out, err, len);
        if (null)
            fclose(null);
        if (bad)
            return null ? CHASE_EXIT_USAGE : CHASE_EXIT_PLOT;
    }
    if (script_path) {
        f = fopen(script_path, "w");
    } else {
        fd = mkstemp(tmpl);
        f = fd >= 0 ? fdopen(fd, "w") : NULL;
        path = tmpl;
    }
    if (!f) {
        snprintf(err, len, "cannot write the gnuplot script '%s': %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return CHASE_EXIT_FILE;
    }
    if (write(f, arg, out)) {
        fclose(f);
        snprintf(err, len, "out of memory");
        rc = CHASE_EXIT_FAIL;
        goto out;
    }
    if (ferror(f) | fclose(f)) {
        snprintf(err, len, "cannot write the gnuplot script '%s'", path);
        rc = CHASE_EXIT_FILE;
        goto out;
    }
    if (find_gnuplot(gp, sizeof gp)) {
        snprintf(err, len, "gnuplot not found, so no plot was drawn (install it: apt-get install gnuplot-nox)");
        rc = CHASE_EXIT_PLOT;
        goto out;
    }
    fflush(NULL);
    pid = fork();
    if (pid == 0) {
        execl(gp, "gnuplot", path, (char *)NULL);
        _exit(127);
    }
    if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        snprintf(err, len, "gnuplot failed to draw '%s'", out);
        rc = CHASE_EXIT_PLOT;
    }
out:
    if (!script_path)
        unlink(tmpl);
    return rc;
}

struct curves_arg {
    const struct chase_plot_curve *pc;
    size_t n;
    int ns;
};

static int write_curves(FILE *f, const void *arg, const char *out)
{
    const struct curves_arg *a = arg;
    return write_script(f, a->pc, a->n, out, a->ns);
}

int chase_plot(const struct chase_plot_curve *pc, size_t n, const struct chase_opts *o, const char *out,
               char *err, size_t len)
{
    struct curves_arg a = {pc, n, o->ns};
    size_t i;

    if (o->ns)
        for (i = 0; i < n; i++)
            if (pc[i].curve->n && isnan(pc[i].curve->rows[0].ns)) {
                snprintf(err, len, "--ns: '%s' has no ns column", pc[i].curve->name);
                return CHASE_EXIT_FILE;
            }
    return chase_gp_run(write_curves, &a, o->script, out, err, len);
}

struct sms_arg {
    const struct chase_sm_row *rows;
    size_t n;
    const struct chase_meta *meta;
};

/* One series a level: SM index against cycles. */
static int write_sms(FILE *f, const void *arg, const char *out)
{
    const struct sms_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device");
    char title[300];
    size_t i, k = 0;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    snprintf(title, sizeof title, "%s: load latency from each multiprocessor", dev ? dev : "device");
    fprintf(f, "\nset title ");
    quoted(f, title);
    fprintf(f, "\nunset logscale x\nset xlabel \"multiprocessor (SM) index\"\nset ylabel \"load-to-use latency (cycles)\"\n"
               "set xtics autofreq norotate\n");
    for (i = 0; i < a->n; i++) {
        if (i == 0 || strcmp(a->rows[i].level, a->rows[i - 1].level)) {
            if (i)
                fprintf(f, "EOD\n");
            fprintf(f, "$level%zu << EOD\n", k++);
        }
        fprintf(f, "%d %g\n", a->rows[i].sm, a->rows[i].cycles);
    }
    if (a->n)
        fprintf(f, "EOD\n");
    fprintf(f, "plot ");
    for (i = 0, k = 0; i < a->n; i++)
        if (i == 0 || strcmp(a->rows[i].level, a->rows[i - 1].level)) {
            fprintf(f, "%s$level%zu using 1:2 with linespoints ls %zu title ", k ? ", " : "", k, k % 7 + 1);
            quoted(f, a->rows[i].level);
            k++;
        }
    fprintf(f, "\n");
    return 0;
}

int chase_plot_sms(const struct chase_sm_row *rows, size_t n, const struct chase_meta *meta,
                   const struct chase_opts *o, const char *out, char *err, size_t len)
{
    struct sms_arg a = {rows, n, meta};
    return chase_gp_run(write_sms, &a, o->script, out, err, len);
}
