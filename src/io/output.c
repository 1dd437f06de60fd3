/* output.c: the TSV, CSV and JSON writers (layout in output.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "abi/chase_backend.h"
#include "io/doc.h"
#include "io/output.h"

static const char *shown(const struct chase_writer *w)
{
    return w->path ? w->path : "standard output";
}

/* Counts n bytes more written; fails past what chase reads back. */
static int counted(struct chase_writer *w, size_t n)
{
    w->bytes += (long long)n;
    if (w->bytes <= CHASE_READ_MAX_BYTES)
        return 0;
    snprintf(w->err, sizeof w->err, "writing %s%s%s failed: it would be larger than %ld MiB, more than chase "
             "reads back (write fewer rows or curves to one file)", w->path ? "'" : "", shown(w),
             w->path ? "'" : "", CHASE_READ_MAX_BYTES >> 20);
    w->failed = 1;
    return -1;
}

/* Every write goes through here: the first failure is kept and named. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int out(struct chase_writer *w, const char *fmt, ...)
{
    va_list ap;
    int r;

    if (w->failed)
        return -1;
    va_start(ap, fmt);
    r = vfprintf(w->f, fmt, ap);
    va_end(ap);
    if (r < 0 || ferror(w->f)) {
        snprintf(w->err, sizeof w->err, "writing %s%s%s failed: %s", w->path ? "'" : "", shown(w),
                 w->path ? "'" : "", strerror(errno ? errno : EIO));
        w->failed = 1;
        return -1;
    }
    return counted(w, (size_t)r);
}

static int flush(struct chase_writer *w)
{
    if (w->failed)
        return -1;
    if (fflush(w->f)) {
        snprintf(w->err, sizeof w->err, "writing %s%s%s failed: %s", w->path ? "'" : "", shown(w),
                 w->path ? "'" : "", strerror(errno));
        w->failed = 1;
        return -1;
    }
    /* What a failure would keep: whole lines only, never a row cut short. */
    if (w->tmp[0]) {
        w->good = (long long)ftello(w->f);
        w->good_rows = w->data_rows;
    }
    return 0;
}

/* Is st the file behind one of our standard streams? */
static int std_stream(const struct stat *st)
{
    struct stat fs;
    int fd;
    for (fd = 0; fd <= 2; fd++)
        if (fstat(fd, &fs) == 0 && fs.st_dev == st->st_dev && fs.st_ino == st->st_ino)
            return 1;
    return 0;
}

int chase_output_dest(const char *path, char *dest, size_t len)
{
    struct stat lst, st;
    char *real;

    if (lstat(path, &lst) != 0) {
        /* New (or unreachable: the temporary's creation will say why). */
        return (size_t)snprintf(dest, len, "%s", path) < len ? 0 : -1;
    }
    if (S_ISLNK(lst.st_mode)) {
        /* /dev/stdout and its kind, a link to a device or to nothing:
         * written through.  A link to a regular file: the file is replaced,
         * the link is kept. */
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || std_stream(&st))
            return 1;
        real = realpath(path, NULL);
        if (!real)
            return 1;
        if ((size_t)snprintf(dest, len, "%s", real) >= len) {
            free(real);
            return -1;
        }
        free(real);
        return 0;
    }
    if (!S_ISREG(lst.st_mode) || std_stream(&lst))
        return 1;
    return (size_t)snprintf(dest, len, "%s", path) < len ? 0 : -1;
}

int chase_writer_open(struct chase_writer *w, const char *path, enum chase_format fmt)
{
    int fd, where;

    memset(w, 0, sizeof *w);
    w->fmt = fmt;
    if (!path || !strcmp(path, "-")) {
        w->f = stdout;
        return 0;
    }
    w->path = path;
    where = chase_output_dest(path, w->dest, sizeof w->dest);
    if (where < 0) {
        snprintf(w->err, sizeof w->err, "cannot write '%s': the name is too long", path);
        w->failed = 1;
        return -1;
    }
    /* Devices, pipes and the like are written as they are; a regular file
     * (or a new one) through a temporary beside it. */
    if (where == 1) {
        w->dest[0] = 0;
        w->f = fopen(path, "w");
        if (!w->f) {
            snprintf(w->err, sizeof w->err, "cannot write '%s': %s", path, strerror(errno));
            w->failed = 1;
            return -1;
        }
        return 0;
    }
    {
        const char *slash = strrchr(w->dest, '/');
        int dirlen = slash ? (int)(slash - w->dest + 1) : 0;
        mode_t mask;
        if ((size_t)snprintf(w->tmp, sizeof w->tmp, "%.*s.%s.XXXXXX", dirlen, w->dest,
                             slash ? slash + 1 : w->dest) >= sizeof w->tmp) {
            snprintf(w->err, sizeof w->err, "cannot write '%s': the name is too long", path);
            w->tmp[0] = 0;
            w->failed = 1;
            return -1;
        }
        fd = mkstemp(w->tmp);
        if (fd < 0) {
            snprintf(w->err, sizeof w->err, "cannot write '%s': %s", path, strerror(errno));
            w->tmp[0] = 0;
            w->failed = 1;
            return -1;
        }
        /* mkstemp makes it 0600; the file gets the mode fopen would give. */
        mask = umask(0);
        umask(mask);
        if (fchmod(fd, 0666 & ~mask)) {
            /* Not fatal: the data matters more than its mode. */
        }
        w->f = fdopen(fd, "w");
        if (!w->f) {
            snprintf(w->err, sizeof w->err, "cannot write '%s': %s", path, strerror(errno));
            close(fd);
            unlink(w->tmp);
            w->tmp[0] = 0;
            w->failed = 1;
            return -1;
        }
    }
    return 0;
}

size_t chase_utf8_len(const unsigned char *s)
{
    size_t n, i;
    unsigned cp;
    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2, cp = s[0] & 0x1f;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3, cp = s[0] & 0x0f;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4, cp = s[0] & 0x07;
    else
        return 0;
    for (i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    /* No overlong forms, no surrogates, nothing past U+10FFFF. */
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp < 0xe000))
        return 0;
    return n;
}

/* chase_json_string, adding the bytes written to *bytes. */
static int json_string(FILE *f, const char *s, size_t *bytes)
{
    const unsigned char *p = (const unsigned char *)s;
    int bad = fputc('"', f) == EOF;
    size_t wrote = 2;   /* the quotes */
    while (*p && !bad) {
        unsigned char c = *p;
        char esc[8];
        size_t n = 1;
        if (c == '"' || c == '\\')
            snprintf(esc, sizeof esc, "\\%c", c);
        else if (c == '\n')
            snprintf(esc, sizeof esc, "\\n");
        else if (c == '\t')
            snprintf(esc, sizeof esc, "\\t");
        else if (c == '\r')
            snprintf(esc, sizeof esc, "\\r");
        else if (c < 0x20 || c == 0x7f)
            snprintf(esc, sizeof esc, "\\u%04x", c);
        else if ((n = chase_utf8_len(p)) == 0)
            snprintf(esc, sizeof esc, "\\ufffd");     /* not UTF-8: JSON text must be */
        else
            esc[0] = 0;
        if (esc[0]) {
            bad = fputs(esc, f) == EOF;
            wrote += strlen(esc);
            p++;
        } else {
            bad = fwrite(p, 1, n, f) != n;
            wrote += n;
            p += n;
        }
    }
    if (!bad)
        bad = fputc('"', f) == EOF;
    *bytes += wrote;
    return bad ? -1 : 0;
}

int chase_json_string(FILE *f, const char *s)
{
    size_t bytes = 0;
    return json_string(f, s, &bytes);
}

static int jstr(struct chase_writer *w, const char *s)
{
    size_t bytes = 0;
    if (w->failed)
        return -1;
    if (json_string(w->f, s, &bytes)) {
        snprintf(w->err, sizeof w->err, "writing %s%s%s failed: %s", w->path ? "'" : "", shown(w),
                 w->path ? "'" : "", strerror(errno ? errno : EIO));
        w->failed = 1;
        return -1;
    }
    return counted(w, bytes);
}

/* Text for TSV: tabs and line breaks would break the line, and other
 * control characters (a terminal's escapes) have no place in a text file,
 * so they are written as spaces (the JSON keeps them, escaped). */
static int text(struct chase_writer *w, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (out(w, "%c", c < 0x20 || c == 0x7f ? ' ' : *s))
            return -1;
    }
    return 0;
}

static int number(struct chase_writer *w, double v, enum chase_type t)
{
    char buf[64];
    if (isnan(v))
        return out(w, "%s", w->fmt == CHASE_FMT_JSON ? "null" : "nan");
    if (isinf(v))   /* JSON has no infinity: an unknown */
        return out(w, "%s", w->fmt == CHASE_FMT_JSON ? "null" : v > 0 ? "inf" : "-inf");
    if (t == CHASE_INT && fabs(v) < 1.8e19 && v == floor(v))
        return out(w, "%.0f", v);
    chase_num_text(v, buf, sizeof buf);
    return out(w, "%s", buf);
}

/* A value in JSON is typed: a number, true or false for the yes and no
 * TSV writes (JSON readers test booleans, not words), null for "nan" (an
 * unknown, as a number's NaN is), else a string. */
static int meta_value(struct chase_writer *w, const struct chase_meta *m, int k)
{
    const char *v = m->kv[k].val;

    if (w->fmt != CHASE_FMT_JSON)
        return text(w, v);
    if (m->kv[k].is_num)
        return number(w, m->kv[k].num, CHASE_REAL);
    if (!strcmp(v, "yes") || !strcmp(v, "no"))
        return out(w, "%s", *v == 'y' ? "true" : "false");
    if (!strcmp(v, "nan"))
        return out(w, "null");
    return jstr(w, v);
}

/* JSON: what goes before a member of the object open now: a comma unless
 * it is the first, a line break and the indent of its depth. */
static void member(struct chase_writer *w)
{
    out(w, "%s\n%*s", w->first ? "" : ",", 2 + 2 * w->depth, "");
    w->first = 0;
}

/* A metadata key as the reader takes it back, the same in TSV and JSON:
 * a control character (which in TSV would end the line or, written as a
 * blank, make the line a comment or a structure line such as "# format:",
 * and which the reader drops from a JSON key for that reason) as \xNN, as
 * error messages write them (message.c).  chase's own keys hold none;
 * only a file's can.  A backslash stays as it is, so a key written once is
 * written alike again.  buf holds 4 x CHASE_META_KEY: a key is shorter
 * than CHASE_META_KEY, and it is not cut here (two keys cut alike would
 * be a JSON object's duplicate members); the reader cuts it. */
static void key_text(const char *key, char *buf)
{
    size_t n = 0;
    for (; *key; key++) {
        unsigned char c = (unsigned char)*key;
        if (c < 0x20 || c == 0x7f)
            n += (size_t)snprintf(buf + n, 5, "\\x%02x", c);
        else
            buf[n++] = *key;
    }
    buf[n] = 0;
}

/* Does key k read as an earlier one once written?  Only a key with a
 * control character can: its \xNN may be another key's text.  The first
 * is written, as a JSON object may name a member once. */
static int key_written(const struct chase_meta *m, int k, const char *text, int any_control)
{
    char other[4 * CHASE_META_KEY];
    int j;

    for (j = 0; any_control && j < k; j++) {
        key_text(m->kv[j].key, other);
        if (!strcmp(other, text))
            return 1;
    }
    return 0;
}

/* Key/value lines (TSV '# key: value') or a JSON member of them: the
 * metadata and the results are written alike. */
static void keyvalues(struct chase_writer *w, const struct chase_meta *m, const char *name)
{
    char key[4 * CHASE_META_KEY];
    int k, written = 0, any_control = 0;

    for (k = 0; k < m->n && !any_control; k++)
        for (const char *p = m->kv[k].key; *p && !any_control; p++)
            any_control = (unsigned char)*p < 0x20 || *p == 0x7f;
    if (w->fmt == CHASE_FMT_JSON) {
        member(w);
        out(w, "\"%s\": {", name);
    }
    for (k = 0; k < m->n && w->fmt != CHASE_FMT_CSV; k++) {
        key_text(m->kv[k].key, key);
        if (key_written(m, k, key, any_control))
            continue;
        if (w->fmt == CHASE_FMT_TSV) {
            out(w, "# %s: ", key);
            meta_value(w, m, k);
            out(w, "\n");
        } else {
            out(w, "%s\n%*s", written ? "," : "", 4 + 2 * w->depth, "");
            jstr(w, key);
            out(w, ": ");
            meta_value(w, m, k);
        }
        written++;
    }
    if (w->fmt == CHASE_FMT_JSON)
        out(w, "\n%*s}", 2 + 2 * w->depth, "");
}

int chase_writer_begin(struct chase_writer *w, const char *kind, const struct chase_meta *meta)
{
    if (w->fmt == CHASE_FMT_TSV) {
        /* kind, status, table and column names too as text: one from a
         * file could hold a line break, and the next line would be read
         * as what it says. */
        out(w, "# format: chase %d\n# kind: ", CHASE_FORMAT_VERSION);
        text(w, kind);
        out(w, "\n");
    } else if (w->fmt == CHASE_FMT_JSON) {
        out(w, "{\n  \"format\": \"chase\",\n  \"version\": %d,\n  \"kind\": ", CHASE_FORMAT_VERSION);
        jstr(w, kind);
    }
    keyvalues(w, meta, "meta");
    return flush(w);
}

static int table_end(struct chase_writer *w)
{
    if (!w->table)
        return 0;
    if (w->fmt == CHASE_FMT_JSON)
        out(w, "%s%*s]", w->rows ? "\n" : "", w->rows ? 2 + 2 * w->depth : 0, "");
    w->table = NULL;
    return w->failed ? -1 : 0;
}

/* Does a CSV hold table t?  The data table --table named (w->only), else
 * the first table, if it is a data table. */
static int csv_holds(const struct chase_writer *w, const struct chase_table *t)
{
    if (t->row)
        return 0;
    return w->only ? !strcmp(t->name, w->only) : w->tables == 1;
}

int chase_writer_table(struct chase_writer *w, const struct chase_table *t)
{
    size_t i;

    if (table_end(w))
        return -1;
    w->table = t;
    w->rows = 0;
    w->tables++;
    switch (w->fmt) {
    case CHASE_FMT_TSV:
        /* Data tables apart by two blank lines (gnuplot's 'index'); every
         * table named, summary tables too (their lines carry a label). */
        if (w->tables > 1 && !t->row)
            out(w, "\n\n");
        out(w, "# table: ");
        text(w, t->name);
        out(w, "\n");
        if (t->row)
            break;
        /* The header plain (pandas: read_csv(sep="\t", comment="#") takes it as
         * the header; a "#" before it made the first row the header). */
        for (i = 0; i < t->ncol; i++) {
            if (i)
                out(w, "\t");
            text(w, t->col[i].name);
        }
        out(w, "\n");
        break;
    case CHASE_FMT_CSV:
        if (!csv_holds(w, t))
            break;      /* CSV holds one data table alone */
        w->only_seen = 1;
        for (i = 0; i < t->ncol; i++)
            out(w, "%s%s", i ? "," : "", t->col[i].name);
        out(w, "\n");
        break;
    case CHASE_FMT_JSON:
        member(w);
        jstr(w, t->name);
        out(w, ": [");
        break;
    }
    return flush(w);
}

/* A CSV cell: quoted when it holds a comma, a quote or a line break. */
static int csv_text(struct chase_writer *w, const char *s)
{
    if (!strpbrk(s, ",\"\n\r"))
        return out(w, "%s", s);
    out(w, "\"");
    for (; *s; s++)
        if (*s == '"' ? out(w, "\"\"") : out(w, "%c", *s))
            return -1;
    return out(w, "\"");
}

/* '# level: L1<TAB>lo=...': a summary row in TSV. */
static void summary_row(struct chase_writer *w, const struct chase_table *t, const struct chase_cell *c)
{
    size_t i;
    out(w, "# ");
    text(w, t->row);
    out(w, ": ");
    for (i = 0; i < t->ncol; i++) {
        if (i) {
            out(w, "\t");
            text(w, t->col[i].name);
            out(w, "=");
        }
        if (t->col[i].type == CHASE_TEXT)
            text(w, c[i].text ? c[i].text : "");
        else
            number(w, c[i].num, t->col[i].type);
    }
    out(w, "\n");
}

/* A data row in TSV or CSV. */
static void delimited_row(struct chase_writer *w, const struct chase_table *t, const struct chase_cell *c)
{
    int csv = w->fmt == CHASE_FMT_CSV;
    size_t i;
    for (i = 0; i < t->ncol; i++) {
        if (i)
            out(w, csv ? "," : "\t");
        if (t->col[i].type != CHASE_TEXT)
            number(w, c[i].num, t->col[i].type);
        else if (csv)
            csv_text(w, c[i].text ? c[i].text : "");
        else
            text(w, c[i].text ? c[i].text : "");
    }
    out(w, "\n");
}

static void json_row(struct chase_writer *w, const struct chase_table *t, const struct chase_cell *c)
{
    size_t i;
    out(w, "%s\n%*s{", w->rows ? "," : "", 4 + 2 * w->depth, "");
    for (i = 0; i < t->ncol; i++) {
        out(w, "%s", i ? ", " : "");
        jstr(w, t->col[i].name);
        out(w, ": ");
        if (t->col[i].type == CHASE_TEXT && c[i].text)
            jstr(w, c[i].text);
        else if (t->col[i].type == CHASE_TEXT)
            out(w, "null");
        else
            number(w, c[i].num, t->col[i].type);
    }
    out(w, "}");
}

int chase_writer_row(struct chase_writer *w, const struct chase_cell *c)
{
    const struct chase_table *t = w->table;

    if (!t) {
        snprintf(w->err, sizeof w->err, "internal error: a row outside a table");
        w->failed = 1;
        return -1;
    }
    if (w->fmt == CHASE_FMT_JSON)
        json_row(w, t, c);
    else if (w->fmt == CHASE_FMT_TSV && t->row)
        summary_row(w, t, c);
    else if (w->fmt == CHASE_FMT_TSV || csv_holds(w, t))
        delimited_row(w, t, c);
    w->rows++;
    if (!t->row)
        w->data_rows++;
    return flush(w);
}

int chase_writer_results(struct chase_writer *w, const struct chase_meta *r)
{
    if (table_end(w))
        return -1;
    keyvalues(w, r, "results");
    w->results = 1;
    return flush(w);
}

int chase_writer_keyvalues(struct chase_writer *w, const char *name, const struct chase_meta *m)
{
    if (table_end(w))
        return -1;
    keyvalues(w, m, name);
    return flush(w);
}

int chase_writer_object(struct chase_writer *w, const char *name, int open)
{
    if (table_end(w) || w->fmt != CHASE_FMT_JSON)
        return w->failed ? -1 : 0;
    if (open) {
        member(w);
        jstr(w, name);
        out(w, ": {");
        w->depth++;
        w->first = 1;
    } else if (w->depth > 0) {
        w->depth--;
        out(w, "\n%*s}", 2 + 2 * w->depth, "");
        w->first = 0;
    }
    return flush(w);
}

int chase_writer_end(struct chase_writer *w, const char *status)
{
    if (table_end(w))
        return -1;
    switch (w->fmt) {
    case CHASE_FMT_TSV:
        out(w, "# status: ");
        text(w, status);
        out(w, "\n");
        break;
    case CHASE_FMT_CSV:
        /* A table this run did not write (one a measurement writes only
         * where the device has it) leaves the CSV empty: say so. */
        if (w->only && !w->only_seen) {
            snprintf(w->err, sizeof w->err, "this run wrote no table '%s' for %s%s%s", w->only,
                     w->path ? "'" : "", shown(w), w->path ? "'" : "");
            w->failed = 1;
            return -1;
        }
        break;
    case CHASE_FMT_JSON:
        out(w, ",\n  \"status\": ");
        jstr(w, status);
        out(w, "\n}\n");
        break;
    }
    return flush(w);
}

int chase_writer_array(struct chase_writer *w, int open)
{
    if (w->fmt == CHASE_FMT_JSON)
        out(w, open ? "[\n" : "]\n");
    return flush(w);
}

int chase_writer_next(struct chase_writer *w)
{
    if (table_end(w))
        return -1;
    if (++w->docs >= CHASE_READ_MAX_DOCS) {
        snprintf(w->err, sizeof w->err, "writing %s%s%s failed: more than %d documents, more than chase reads "
                 "back from one file (write fewer curves to it)", w->path ? "'" : "", shown(w),
                 w->path ? "'" : "", CHASE_READ_MAX_DOCS);
        w->failed = 1;
        return -1;
    }
    w->tables = 0;
    w->rows = 0;
    w->results = 0;
    w->depth = 0;
    w->first = 0;
    if (w->fmt == CHASE_FMT_JSON)
        out(w, ",\n");
    else if (w->fmt == CHASE_FMT_TSV)
        out(w, "\n\n");
    return flush(w);
}

int chase_writer_close(struct chase_writer *w, int complete, char *saved, size_t len)
{
    int bad = w->failed;

    if (saved && len)
        saved[0] = 0;
    if (!w->f)
        return bad ? -1 : 0;
    if (w->f == stdout) {
        if (fflush(stdout) && !bad) {
            snprintf(w->err, sizeof w->err, "writing standard output failed: %s", strerror(errno));
            bad = 1;
        }
        w->f = NULL;
        return bad ? -1 : 0;
    }
    /* A file to be put in place is on the disk first: renamed over an older
     * file with its data still in memory, a disk that cannot take it (a
     * full one, a quota) loses both, the error only at writeback, when no
     * one hears it. */
    if (complete && !bad && w->tmp[0] && (fflush(w->f) || fsync(fileno(w->f)))) {
        snprintf(w->err, sizeof w->err, "writing '%s' failed: %s", w->path, strerror(errno));
        bad = 1;
    }
    if (fclose(w->f) && !bad) {
        snprintf(w->err, sizeof w->err, "writing '%s' failed: %s", w->path, strerror(errno));
        bad = 1;
    }
    w->f = NULL;
    if (!w->tmp[0])
        return bad ? -1 : 0;
    if (complete == CHASE_WRITER_ASIDE && !bad)
        return 0;       /* the caller puts it in place, or keeps it, itself */
    if (complete && !bad) {
        if (rename(w->tmp, w->dest)) {
            snprintf(w->err, sizeof w->err, "cannot put '%s' in place: %s", w->path, strerror(errno));
            bad = 1;
        } else {
            w->tmp[0] = 0;
            return 0;
        }
    }
    /* Incomplete, or failed: keep what was written beside the old file,
     * up to the last whole line (a row cut short would read back wrong). */
    if (w->failed && w->good >= 0 && truncate(w->tmp, (off_t)w->good) == 0)
        w->data_rows = w->good_rows;
    if (w->data_rows) {
        char partial[4200];
        snprintf(partial, sizeof partial, "%s.partial", w->dest);
        if (rename(w->tmp, partial) == 0 && saved)
            snprintf(saved, len, "%s", partial);
        else
            unlink(w->tmp);
    } else {
        unlink(w->tmp);
    }
    w->tmp[0] = 0;
    return bad ? -1 : 0;
}
