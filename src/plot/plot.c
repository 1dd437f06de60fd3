/* plot.c: writes a self-contained gnuplot script (the data inline, the style
 * from plots/chase.gp) and runs gnuplot on it. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/exitcode.h"
#include "core/signals.h"
#include "io/output.h"
#include "plot/plot.h"
#include "io/read.h"
#include "core/size.h"

/* The length of the well-formed UTF-8 character at s (n bytes there at
 * most), or 0 when the bytes there are not one (a stray continuation byte,
 * an overlong form, a surrogate, a cut-off sequence). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned lo = 0x80, hi = 0xbf;
    size_t len, k;

    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        len = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        len = 3, lo = s[0] == 0xe0 ? 0xa0 : 0x80, hi = s[0] == 0xed ? 0x9f : 0xbf;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        len = 4, lo = s[0] == 0xf0 ? 0x90 : 0x80, hi = s[0] == 0xf4 ? 0x8f : 0xbf;
    else
        return 0;
    if (n < len)
        return 0;
    for (k = 1; k < len; k++, lo = 0x80, hi = 0xbf)
        if (s[k] < lo || s[k] > hi)
            return 0;
    return len;
}

/* n bytes of s as a gnuplot string it cannot evaluate: single-quoted,
 * where gnuplot does no backquote (command) or macro substitution and no
 * backslash escapes.  A quote inside is doubled, but gnuplot's scanner
 * takes a doubled quote only after another character: '' first in a
 * string is the empty string, and so is the second of two quotes in a
 * row ('x written '''x' and a''b written 'a''''b' are syntax errors).
 * Such a quote closes the piece and is joined to the next as "\047" (a
 * string expression, which gnuplot takes wherever it takes a string;
 * octal, because gnuplot's macro pass counts a quote character even
 * between double quotes, and would then expand an @ after it).
 *
 * text: the string is drawn, so what would break the line or the image
 * is replaced: a control character (a line break would end the command;
 * C1 ones too) by a space, a byte that is not well-formed UTF-8 by U+FFFD
 * (the SVG would not be XML, cairo would guess at a charset).  Not text:
 * a file name, written byte for byte (chase_gp_check refuses a name with
 * a control character before anything is written).  lead: written first
 * inside the quotes (no quote in it). */
static void put_piece(FILE *f, const char *lead, const char *str, size_t n, int text)
{
    const unsigned char *s = (const unsigned char *)str;
    int plain = *lead != 0;     /* the open piece ends in a character that is no quote */

    fputc('\'', f);
    fputs(lead, f);
    while (n) {
        size_t k = 1;
        if (*s == '\'') {
            fputs(plain ? "''" : "'.\"\\047\".'", f);
            plain = 0;
        } else if (text && (*s < 0x20 || *s == 0x7f)) {
            fputc(' ', f);
            plain = 1;
        } else if (text && *s >= 0x80) {
            k = utf8_len(s, n);
            if (!k) {
                fputs("\xef\xbf\xbd", f);
                k = 1;
            } else if (k == 2 && s[0] == 0xc2 && s[1] < 0xa0) {
                fputc(' ', f);
            } else {
                fwrite(s, 1, k, f);
            }
            plain = 1;
        } else {
            fputc(*s, f);
            plain = 1;
        }
        s += k;
        n -= k;
    }
    fputc('\'', f);
}

static void put_quoted(FILE *f, const char *s, size_t n, int text)
{
    put_piece(f, "", s, n, text);
}

void chase_gp_string(FILE *f, const char *s)
{
    put_quoted(f, s, strlen(s), 1);
}

/* A line break in outside text stays one without leaving single quotes:
 * the pieces between breaks are each a single-quoted string, joined with
 * the script's own "\n" (gnuplot takes a string expression wherever it
 * takes a string, so titles, labels and key entries may span lines). */
void chase_gp_text(FILE *f, const char *s)
{
    const char *nl;

    while ((nl = strchr(s, '\n'))) {
        put_quoted(f, s, (size_t)(nl - s) - (nl > s && nl[-1] == '\r'), 1);
        fputs(".\"\\n\".", f);
        s = nl + 1;
    }
    put_quoted(f, s, strlen(s), 1);
}

/* Whether s holds a control character: no file name chase hands gnuplot
 * may, as a single-quoted string could only hold it as something else. */
static int has_control(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            return 1;
    return 0;
}

/* A file name in a script, as gnuplot must read it.  gnuplot runs a name
 * that begins with '|' (set output) or '<' (load) as a shell command and
 * takes one that begins with '~' for the home directory's, so a relative
 * name that begins with anything but a letter, a digit, '.' or '_' is
 * written from "./": the same file, and none of those. */
static void put_name(FILE *f, const char *s)
{
    unsigned char c = (unsigned char)s[0];
    int safe = c == '/' || c == '.' || c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
    put_piece(f, safe ? "" : "./", s, strlen(s), 0);
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

/* The house style's path as the scripts load it: the data directory's
 * chase.gp (CHASE_DATA_DIR first) made absolute and free of links, so that
 * gnuplot cannot take it for a command ('<cmd'), standard input ('-') or
 * a file in the home directory ('~/'), whatever the directory is called;
 * the installed one where none is found (gnuplot then says it is
 * missing).  -1, err saying why, for a path no script can name exactly (a
 * control character in it). */
static int style_path(char *buf, size_t len, char *err, size_t errlen)
{
    char found[4096], *real = NULL;
    int n;

    if (chase_data_find("chase.gp", found, sizeof found) == 0 && !(real = realpath(found, NULL))) {
        if (err)
            snprintf(err, errlen, "cannot read the plot style '%s': %s", found, strerror(errno));
        return -1;
    }
    n = real ? snprintf(buf, len, "%s", real) : snprintf(buf, len, "%s/chase.gp", CHASE_PKGDATA_DIR);
    free(real);
    if (n < 0 || (size_t)n >= len || buf[0] != '/' || has_control(buf)) {
        if (err)
            snprintf(err, errlen, "the plot style's path (from CHASE_DATA_DIR) is too long or holds a control "
                                  "character: gnuplot cannot be told it");
        return -1;
    }
    return 0;
}

/* chase_gp_check less the style: whether out names an image chase can
 * draw and hand gnuplot. */
static int check_name(const char *out, char *err, size_t len)
{
    if (!term_for(out)) {
        if (err)
            snprintf(err, len, "cannot tell what to draw '%s' as: name it .png, .pdf or .svg", out);
        return -1;
    }
    /* The script kept with --script names the image, and a single-quoted
     * string cannot hold a control character as it is (a line break would
     * end the command); so such a name is refused, before any measurement. */
    if (has_control(out)) {
        if (err)
            snprintf(err, len, "an image name with a control character (a tab, a line break) cannot be drawn: "
                               "name it without one");
        return -1;
    }
    return 0;
}

int chase_gp_check(const char *out, char *err, size_t len)
{
    char style[4096];

    return check_name(out, err, len) || style_path(style, sizeof style, err, len) ? -1 : 0;
}

/* The name the script being written tells gnuplot to draw into: set by
 * chase_gp_run while it writes the script it runs (image_target's name
 * for the temporary), NULL while it writes the script kept for the user,
 * which names the image itself.  A variable rather than an argument, so
 * that every plot's writer need not carry it. */
static const char *gp_target;

int chase_gp_begin(FILE *f, const char *out, char *err, size_t len)
{
    return chase_gp_begin_canvas(f, out, NULL, err, len);
}

int chase_gp_begin_canvas(FILE *f, const char *out, const struct chase_gp_canvas *want, char *err, size_t len)
{
    const struct term *t = term_for(out);
    struct chase_gp_canvas c;
    char style[4096];

    if (!t || check_name(out, err, len) || style_path(style, sizeof style, err, len))
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
    put_name(f, gp_target ? gp_target : out);
    fprintf(f, "\nload ");
    put_name(f, style);
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

/* The name gnuplot is told to draw into: "/dev/fd/N" of the temporary
 * chase made and holds open (gnuplot inherits the descriptor), so no name
 * the user chose reaches gnuplot's 'set output', which would run one
 * beginning with '|' as a command.  Where /dev/fd does not show the
 * descriptor (no /proc; FreeBSD without fdescfs) the temporary's absolute
 * path serves when every byte of it is one gnuplot takes as it is; else
 * -1. */
static int image_target(int fd, const char *img, char *target, size_t len)
{
    struct stat a, b;
    char cwd[4096];
    const char *p;
    int n;

    if (fstat(fd, &a))
        return -1;
    n = snprintf(target, len, "/dev/fd/%d", fd);
    if (n > 0 && (size_t)n < len && !stat(target, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
        return 0;
    if (img[0] == '/')
        n = snprintf(target, len, "%s", img);
    else if (getcwd(cwd, sizeof cwd))
        n = snprintf(target, len, "%s/%s", cwd, img);
    else
        return -1;
    if (n < 0 || (size_t)n >= len)
        return -1;
    for (p = target; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/._-+,", *p)))
            return -1;
    return 0;
}

/* Whether the temporary gnuplot drew into (fd) holds a whole image of its
 * kind.  gnuplot exits 0 whatever became of its writes, so a full disk
 * leaves a cut-off file, which must not replace an older image: a PNG
 * begins with its signature and ends with its IEND chunk, a PDF begins
 * with %PDF- and has %%EOF in its last kilobyte, an SVG ends with </svg>.
 * 0, or CHASE_EXIT_PLOT with err saying what is wrong. */
static int check_image(int fd, const struct term *t, const char *out, char *err, size_t len)
{
    static const unsigned char png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    static const unsigned char png_end[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    unsigned char head[8], tail[1024];
    const char *why = NULL;
    struct stat st;
    size_t n, k;

    if (fstat(fd, &st) || st.st_size == 0) {
        snprintf(err, len, "gnuplot drew nothing for '%s' (it said why above, if it could)", out);
        return CHASE_EXIT_PLOT;
    }
    n = st.st_size < (off_t)sizeof tail ? (size_t)st.st_size : sizeof tail;
    if (st.st_size < (off_t)sizeof head || pread(fd, head, sizeof head, 0) != (ssize_t)sizeof head ||
        pread(fd, tail, n, st.st_size - (off_t)n) != (ssize_t)n) {
        why = "it is too short to be an image";
    } else if (t->kind == PNG) {
        if (memcmp(head, png_sig, sizeof png_sig))
            why = "it is not a PNG";
        else if (n < sizeof png_end || memcmp(tail + n - sizeof png_end, png_end, sizeof png_end))
            why = "the PNG does not end with its IEND chunk";
    } else if (t->kind == PDF) {
        if (memcmp(head, "%PDF-", 5))
            why = "it is not a PDF";
        for (k = 0; !why && k + 5 <= n && memcmp(tail + k, "%%EOF", 5); k++)
            ;
        if (!why && k + 5 > n)
            why = "the PDF has no %%EOF at its end";
    } else {
        while (n && (tail[n - 1] == '\n' || tail[n - 1] == '\r' || tail[n - 1] == ' ' || tail[n - 1] == '\t'))
            n--;
        if (n < 6 || memcmp(tail + n - 6, "</svg>", 6))
            why = "the SVG does not end with </svg>";
    }
    if (why) {
        snprintf(err, len, "gnuplot's image for '%s' is cut off or broken (%s; is the disk full?): it was not put "
                           "in place",
                 out, why);
        return CHASE_EXIT_PLOT;
    }
    return 0;
}

int chase_gp_run(chase_gp_writer write, const void *arg, const char *script_path, const char *out, char *err,
                 size_t len)
{
    char gp[4096], dest[4096], img[4200], target[4300], script[] = "/tmp/chase-plot-XXXXXX";
    const struct term *t = term_for(out);
    const char *dot = strrchr(out, '.');
    FILE *f;
    pid_t pid;
    int fd, sfd, status = 0, rc, inplace;

    /* The name must be drawable before anything is written. */
    if (!t || chase_gp_check(out, err, len))
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
    /* Held open until the image is in place: gnuplot draws into it by its
     * descriptor, and it is checked through it. */
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
    if (image_target(fd, img, target, sizeof target)) {
        snprintf(err, len, "cannot tell gnuplot where to draw '%s' safely: /dev/fd does not show open files here, "
                           "and the temporary's path holds characters gnuplot could misread",
                 out);
        rc = CHASE_EXIT_PLOT;
        goto out_img;
    }

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
    sfd = mkstemp(script);
    f = sfd >= 0 ? fdopen(sfd, "w") : NULL;
    if (!f) {
        snprintf(err, len, "cannot write a gnuplot script in /tmp: %s", strerror(errno));
        if (sfd >= 0) {
            close(sfd);
            unlink(script);
        }
        rc = CHASE_EXIT_FILE;
        goto out_img;
    }
    gp_target = target;
    rc = script_to(f, script, write, arg, out, err, len);
    gp_target = NULL;
    if (rc)
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
    /* A signal while gnuplot draws stops gnuplot too, and is a stop: the
     * older image stays, and the exit status is the signal's. */
    while (pid > 0 && waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            pid = -1;
            break;
        }
        if (chase_stop)
            kill(pid, SIGTERM);
    }
    if (pid > 0 && chase_stop) {
        snprintf(err, len, "stopped by %s while gnuplot drew '%s': no plot was drawn", chase_signal_name(), out);
        rc = chase_signal_exit();
        goto out_script;
    }
    if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(err, len, "gnuplot failed to draw '%s'%s", out,
                 pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 127 ? " (it could not be run)" : "");
        rc = CHASE_EXIT_PLOT;
        goto out_script;
    }
    if ((rc = check_image(fd, t, out, err, len)))
        goto out_script;
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
    close(fd);
    if (img[0])
        unlink(img);
    return rc;
}
