/* plot.c: writes a self-contained gnuplot script (the data inline, the style
 * from plots/chase.gp) and runs gnuplot on it. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
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

#include "core/exitcode.h"
#include "io/output.h"
#include "plot/plot.h"
#include "io/read.h"
#include "core/size.h"

/* Text from a data file, a file name or an argument, as a gnuplot string
 * it cannot evaluate: single-quoted, where gnuplot does no backquote
 * (command) or macro substitution and no backslash escapes, with quotes
 * doubled; a line break would end the command, so control characters
 * become spaces. */
static void quote_n(FILE *f, const char *s, size_t n)
{
    fputc('\'', f);
    for (; n--; s++) {
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

void chase_gp_string(FILE *f, const char *s)
{
    quote_n(f, s, strlen(s));
}

/* A line break in outside text stays one without leaving single quotes:
 * the pieces between breaks are each a single-quoted string, joined with
 * the script's own "\n" (gnuplot takes a string expression wherever it
 * takes a string, so titles, labels and key entries may span lines). */
void chase_gp_text(FILE *f, const char *s)
{
    const char *nl;

    while ((nl = strchr(s, '\n'))) {
        quote_n(f, s, (size_t)(nl - s) - (nl > s && nl[-1] == '\r'));
        fputs(".\"\\n\".", f);
        s = nl + 1;
    }
    quote_n(f, s, strlen(s));
}

/* Advance widths of DejaVu Sans (the plots' font), ASCII 32..126, in
 * 1/2048 em: the font's own metrics (its hmtx table), so the layout knows
 * how long a label is rather than guessing from its length.  On the
 * H100's reference labels this model and a pngcairo rendering agree to a
 * pixel or two in 300. */
static const unsigned short dejavu_sans[95] = {
    651,  821,  942,  1716, 1303, 1946, 1597, 563,  799,  799,  1024, 1716, 651,  739,  651,  690,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690,  690,  1716, 1716, 1716, 1087,
    2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604,  604,  1343, 1141, 1767, 1532, 1612,
    1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799,  690,  799,  1716, 1024,
    1024, 1255, 1300, 1126, 1300, 1260, 721,  1300, 1298, 569,  569,  1186, 569,  1995, 1298, 1253,
    1300, 1300, 842,  1067, 803,  1298, 1212, 1675, 1212, 1212, 1075, 1303, 690,  1303, 1716,
};

double chase_gp_text_width(const char *s)
{
    double w = 0, best = 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n') {
            best = fmax(best, w);
            w = 0;
        } else if (c >= 32 && c < 127) {
            w += dejavu_sans[c - 32] / 2048.0;
        } else if (c < 0x80 || c >= 0xc0) {
            w += 1.0;       /* a control character (drawn as a space) or a wider glyph than most */
        }                   /* UTF-8 continuation bytes add nothing */
    }
    return fmax(best, w);
}

/* The terminals, by the image's extension.  Each canvas is described in
 * its terminal's unit with the font's em in the same unit, for the layout
 * (measured: pngcairo draws a font's point as 4/3 pixel, so 15 is a
 * 20-pixel em; pdfcairo as 2/3 point, so 13.5 is 9-point text; svg takes
 * the size as user units).  PNG and SVG share a layout; the PDF is a
 * 7-inch figure (a page's width) with 9-point text, the size a paper
 * prints it at.  The point size makes markers alike on the three (each
 * terminal has its own idea of a marker's size and a line's width). */
static const struct term {
    const char *ext;
    enum { PNG, PDF, SVG } kind;
    struct chase_gp_canvas canvas;
    double pointsize;
} terms[] = {
    {".png", PNG, {1400, 860, 20, 15}, 0.9},
    {".pdf", PDF, {504, 309.6, 9, 13.5}, 0.35},
    {".svg", SVG, {1400, 860, 20, 20}, 0.5},
};

static const struct term *term_for(const char *out)
{
    const char *dot = strrchr(out, '.');
    size_t i;
    for (i = 0; i < sizeof terms / sizeof terms[0]; i++)
        if (dot && !strcasecmp(dot, terms[i].ext))
            return &terms[i];
    return NULL;
}

int chase_gp_canvas(const char *out, struct chase_gp_canvas *c)
{
    const struct term *t = term_for(out);
    if (!t)
        return -1;
    *c = t->canvas;
    return 0;
}

/* Series looks: the Okabe-Ito colours (told apart with any colour
 * vision), filled then open markers, and dashes; chase.gp gives line
 * style i the same, for scripts that say 'ls i'.  The colours and dashes
 * repeat after 7, the markers after 10, so the first 70 series differ. */
static const char *const series_colors[CHASE_GP_SERIES] = {
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
};
static const int series_points[] = {7, 5, 9, 11, 13, 6, 4, 8, 10, 12};
static const char *const series_dashes[CHASE_GP_SERIES] = {
    "1", "(7,3)", "(2,2)", "(7,2,2,2)", "(12,4)", "(3,4)", "(7,2,2,2,2,2)",
};

const char *chase_gp_color(size_t i)
{
    return series_colors[i % CHASE_GP_SERIES];
}

const char *chase_gp_dash(size_t i)
{
    return series_dashes[i % CHASE_GP_SERIES];
}

void chase_gp_series(FILE *f, size_t i)
{
    fprintf(f, " lc rgb '%s' pt %d dt %s", series_colors[i % CHASE_GP_SERIES],
            series_points[i % (sizeof series_points / sizeof series_points[0])], series_dashes[i % CHASE_GP_SERIES]);
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

int chase_gp_check(const char *out, char *err, size_t len)
{
    if (!term_for(out)) {
        if (err)
            snprintf(err, len, "cannot tell what to draw '%s' as: name it .png, .pdf or .svg", out);
        return -1;
    }
    if (strpbrk(out, "\n\r")) {
        if (err)
            snprintf(err, len, "an image name with a line break cannot be written");
        return -1;
    }
    return 0;
}

int chase_gp_begin(FILE *f, const char *out, char *err, size_t len)
{
    return chase_gp_begin_canvas(f, out, NULL, err, len);
}

int chase_gp_begin_canvas(FILE *f, const char *out, const struct chase_gp_canvas *want, char *err, size_t len)
{
    const struct term *t = term_for(out);
    struct chase_gp_canvas c;
    char style[4096];

    if (!t || chase_gp_check(out, err, len))
        return -1;
    c = t->canvas;
    if (want && want->height > c.height && want->height < 8 * c.height)
        c.height = want->height;
    fprintf(f, "# gnuplot script written by %s %s\n# canvas: %g x %g, font em %g (the terminal's units)\n",
            PACKAGE_NAME, PACKAGE_VERSION, c.width, c.height, c.em);
    switch (t->kind) {
    case PNG:
        fprintf(f, "set terminal pngcairo size %.0f,%.0f noenhanced font \"DejaVu Sans,%g\" linewidth 1.5\n", c.width,
                c.height, c.pt);
        break;
    case PDF:
        fprintf(f, "set terminal pdfcairo size %.4gin,%.4gin noenhanced font \"DejaVu Sans,%g\" linewidth 0.75\n",
                c.width / 72, c.height / 72, c.pt);
        break;
    case SVG:
        fprintf(f, "set terminal svg size %.0f,%.0f noenhanced font \"DejaVu Sans,%g\" linewidth 1.5 "
                   "background rgb 'white'\n",
                c.width, c.height, c.pt);
        break;
    }
    fprintf(f, "set output ");
    chase_gp_string(f, out);
    if (chase_data_find("chase.gp", style, sizeof style))
        snprintf(style, sizeof style, "%s/chase.gp", CHASE_PKGDATA_DIR);
    fprintf(f, "\nload ");
    chase_gp_string(f, style);
    fprintf(f, "\nset pointsize %g\n", t->pointsize);
    return 0;
}

/* Writes the script for out into the open f and closes it; 0 or an exit
 * status with err saying why. */
static int script_to(FILE *f, const char *path, chase_gp_writer write, const void *arg, const char *out, char *err,
                     size_t len)
{
    int bad;

    if (write(f, arg, out)) {
        fclose(f);
        snprintf(err, len, "out of memory");
        return CHASE_EXIT_FAIL;
    }
    bad = ferror(f);
    if (fclose(f) || bad) {
        snprintf(err, len, "writing the gnuplot script '%s' failed: %s", path, strerror(errno ? errno : EIO));
        return CHASE_EXIT_FILE;
    }
    return 0;
}

/* Copies the drawn image from into out, which is written in place (a
 * device, a pipe, a standard stream); every write is checked. */
static int copy_out(const char *from, const char *out, char *err, size_t len)
{
    char buf[65536];
    FILE *in = fopen(from, "rb"), *o = in ? fopen(out, "wb") : NULL;
    size_t n;
    int bad = 0, e = 0;

    if (!in || !o) {
        snprintf(err, len, "cannot write '%s': %s", out, strerror(errno));
        if (in)
            fclose(in);
        return CHASE_EXIT_FILE;
    }
    while (!bad && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, o) != n)
            bad = 1, e = errno;
    if (ferror(in))
        bad = 1, e = errno;
    fclose(in);
    if (fclose(o) && !bad)
        bad = 1, e = errno;
    if (bad) {
        snprintf(err, len, "writing '%s' failed: %s", out, strerror(e ? e : EIO));
        return CHASE_EXIT_FILE;
    }
    return 0;
}

int chase_gp_run(chase_gp_writer write, const void *arg, const char *script_path, const char *out, char *err,
                 size_t len)
{
    char gp[4096], dest[4096], img[4200], script[] = "/tmp/chase-plot-XXXXXX";
    const char *dot = strrchr(out, '.');
    struct stat st;
    FILE *f;
    pid_t pid;
    int fd, status = 0, rc, inplace;

    /* The name must be drawable before anything is written. */
    if (chase_gp_check(out, err, len))
        return CHASE_EXIT_USAGE;
    /* gnuplot draws into a temporary and exits 0 whatever became of the
     * image (a full disk included), so the image is checked and put in
     * place here: beside the file (renamed over it, as the data is), or
     * in /tmp and copied when out is a device, a pipe or a stream. */
    inplace = chase_output_dest(out, dest, sizeof dest);
    if (inplace < 0) {
        snprintf(err, len, "cannot write '%s': the name is too long", out);
        return CHASE_EXIT_FILE;
    }
    if (inplace) {
        snprintf(img, sizeof img, "/tmp/chase-image-XXXXXX%s", dot);
    } else {
        const char *slash = strrchr(dest, '/');
        snprintf(img, sizeof img, "%.*s.%s.XXXXXX%s", slash ? (int)(slash - dest + 1) : 0, dest,
                 slash ? slash + 1 : dest, dot);
    }
    fd = mkstemps(img, (int)strlen(dot));
    if (fd < 0) {
        snprintf(err, len, "cannot write '%s': %s", out, strerror(errno));
        return CHASE_EXIT_FILE;
    }
    {
        /* mkstemps makes it 0600; the image gets the mode a new file would. */
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(fd, 0666 & ~mask)) {
            /* Not fatal: the image matters more than its mode. */
        }
    }
    close(fd);

    /* The script kept for the user draws out itself; the one run draws
     * the temporary. */
    if (script_path) {
        f = fopen(script_path, "w");
        if (!f) {
            snprintf(err, len, "cannot write the gnuplot script '%s': %s", script_path, strerror(errno));
            rc = CHASE_EXIT_FILE;
            goto out_img;
        }
        if ((rc = script_to(f, script_path, write, arg, out, err, len)))
            goto out_img;
    }
    fd = mkstemp(script);
    f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        snprintf(err, len, "cannot write a gnuplot script in /tmp: %s", strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(script);
        }
        rc = CHASE_EXIT_FILE;
        goto out_img;
    }
    if ((rc = script_to(f, script, write, arg, img, err, len)))
        goto out_script;
    if (find_gnuplot(gp, sizeof gp)) {
        snprintf(err, len, "gnuplot not found, so no plot was drawn (install it: apt-get install gnuplot-nox)");
        rc = CHASE_EXIT_PLOT;
        goto out_script;
    }
    fflush(NULL);
    pid = fork();
    if (pid == 0) {
        execl(gp, "gnuplot", script, (char *)NULL);
        _exit(127);
    }
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(err, len, "gnuplot failed to draw '%s'%s", out,
                 pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 127 ? " (it could not be run)" : "");
        rc = CHASE_EXIT_PLOT;
        goto out_script;
    }
    if (stat(img, &st) || st.st_size == 0) {
        snprintf(err, len, "gnuplot drew nothing for '%s' (it said why above, if it could)", out);
        rc = CHASE_EXIT_PLOT;
        goto out_script;
    }
    if (inplace) {
        rc = copy_out(img, out, err, len);
    } else if (rename(img, dest)) {
        snprintf(err, len, "cannot put '%s' in place: %s", out, strerror(errno));
        rc = CHASE_EXIT_FILE;
    } else {
        img[0] = 0;
    }
out_script:
    unlink(script);
out_img:
    if (img[0])
        unlink(img);
    return rc;
}
