/* wrap.c: the reports chase prints for people, kept within 80 columns. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/wrap.h"

/* Where a long line's continuation lines start: under the text after its
 * label, the first ": " or run of two spaces past the leading blanks
 * ("issue: cycles ...", "timer     cycles: ..."), where that is near the
 * start; else two columns in from the line's own indent. */
static size_t hang(const char *s, size_t len)
{
    size_t lead = 0, i;

    while (lead < len && s[lead] == ' ')
        lead++;
    for (i = lead; i + 1 < len && i < lead + 28; i++) {
        if ((s[i] == ':' || s[i] == ' ') && s[i + 1] == ' ') {
            /* "banks:        32 banks": under the text, past the padding */
            for (i++; i < len && s[i] == ' '; i++)
                ;
            return i;
        }
    }
    return lead + 2;
}

void chase_wrap_line(FILE *out, const char *s, size_t len, int width)
{
    size_t w = width > 20 ? (size_t)width : 20, ind, col0 = 0;

    if (len <= w) {
        fwrite(s, 1, len, out);
        fputc('\n', out);
        return;
    }
    ind = hang(s, len);
    if (ind > w / 2)
        ind = w / 2;
    for (;;) {
        size_t room = w - col0, cut, next;
        if (len <= room) {
            fwrite(s, 1, len, out);
            fputc('\n', out);
            return;
        }
        /* The last space that leaves the part within the width; past the
         * label (a break inside it would leave the label alone). */
        for (cut = room; cut > 0 && s[cut] != ' '; cut--)
            ;
        if (cut == 0 || (col0 == 0 && cut < ind)) {
            /* A word longer than the room (a path): it goes whole. */
            for (cut = room; cut < len && s[cut] != ' '; cut++)
                ;
            if (cut >= len) {
                fwrite(s, 1, len, out);
                fputc('\n', out);
                return;
            }
        }
        next = cut;
        while (cut > 0 && s[cut - 1] == ' ')
            cut--;
        while (next < len && s[next] == ' ')
            next++;
        fwrite(s, 1, cut, out);
        fputc('\n', out);
        if (next >= len)
            return;
        fprintf(out, "%*s", (int)ind, "");
        col0 = ind;
        s += next;
        len -= next;
    }
}

FILE *chase_wrap_begin(struct chase_wrap *w, FILE *out)
{
    memset(w, 0, sizeof *w);
    w->out = out;
    w->mem = open_memstream(&w->buf, &w->len);
    return w->mem ? w->mem : out;
}

void chase_wrap_end(struct chase_wrap *w)
{
    const char *p, *end, *nl;

    if (!w->mem)
        return;
    if (fclose(w->mem) || !w->buf) {
        free(w->buf);
        return;
    }
    for (p = w->buf, end = w->buf + w->len; p < end; p = nl + 1) {
        nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) {
            fwrite(p, 1, (size_t)(end - p), w->out);     /* a last line without its newline */
            break;
        }
        chase_wrap_line(w->out, p, (size_t)(nl - p), CHASE_WRAP_COLUMNS);
    }
    fflush(w->out);
    free(w->buf);
    w->buf = NULL;
}

void chase_wrap_cell(char *buf, size_t len, double v, int prec)
{
    if (isnan(v))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.*f", prec, v);
}
