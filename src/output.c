/* output.c: TSV (native: '#' metadata lines, tab-separated rows), CSV and JSON writers. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "output.h"

static const char *const columns[] = {CHASE_COLUMNS};
#define NCOLUMNS (sizeof columns / sizeof columns[0])

int chase_format_parse(const char *name, enum chase_format *fmt)
{
    if (!strcmp(name, "tsv"))
        *fmt = CHASE_FMT_TSV;
    else if (!strcmp(name, "csv"))
        *fmt = CHASE_FMT_CSV;
    else if (!strcmp(name, "json"))
        *fmt = CHASE_FMT_JSON;
    else
        return -1;
    return 0;
}

int chase_writer_open(struct chase_writer *w, const char *path, enum chase_format fmt,
                      char *why, size_t len)
{
    memset(w, 0, sizeof *w);
    w->fmt = fmt;
    if (!path || !strcmp(path, "-")) {
        w->f = stdout;
        return 0;
    }
    w->f = fopen(path, "w");
    if (!w->f) {
        snprintf(why, len, "cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    w->own = 1;
    return 0;
}

void chase_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c == '\t')
            fputs("\\t", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* NAN prints as "nan" in TSV/CSV and null in JSON. */
static void number(FILE *f, double v, int json)
{
    if (isnan(v))
        fputs(json ? "null" : "nan", f);
    else
        fprintf(f, "%.4g", v);
}

void chase_writer_begin(struct chase_writer *w, const struct chase_meta *meta)
{
    size_t i;
    int k;

    switch (w->fmt) {
    case CHASE_FMT_TSV:
        for (k = 0; k < meta->n; k++)
            fprintf(w->f, "# %s: %s\n", meta->kv[k].key, meta->kv[k].val);
        fputc('#', w->f);
        for (i = 0; i < NCOLUMNS; i++)
            fprintf(w->f, "%s%s", i ? "\t" : "", columns[i]);
        fputc('\n', w->f);
        break;
    case CHASE_FMT_CSV:
        for (i = 0; i < NCOLUMNS; i++)
            fprintf(w->f, "%s%s", i ? "," : "", columns[i]);
        fputc('\n', w->f);
        break;
    case CHASE_FMT_JSON:
        fputs("{\n  \"meta\": {", w->f);
        for (k = 0; k < meta->n; k++) {
            fputs(k ? ",\n    " : "\n    ", w->f);
            chase_json_string(w->f, meta->kv[k].key);
            fputs(": ", w->f);
            chase_json_string(w->f, meta->kv[k].val);
        }
        fputs("\n  },\n  \"points\": [", w->f);
        break;
    }
    fflush(w->f);
}

void chase_writer_row(struct chase_writer *w, const struct chase_row *r)
{
    const char *sep = w->fmt == CHASE_FMT_CSV ? "," : "\t";
    int json = w->fmt == CHASE_FMT_JSON;

    if (json) {
        fprintf(w->f, "%s\n    {\"bytes\": %llu, \"cycles\": ", w->rows ? "," : "",
                (unsigned long long)r->bytes);
        number(w->f, r->cycles, 1);
        fputs(", \"p5\": ", w->f);
        number(w->f, r->p5, 1);
        fputs(", \"p95\": ", w->f);
        number(w->f, r->p95, 1);
        fputs(", \"ns\": ", w->f);
        number(w->f, r->ns, 1);
        fprintf(w->f, ", \"samples\": %u}", r->samples);
    } else {
        fprintf(w->f, "%llu%s", (unsigned long long)r->bytes, sep);
        number(w->f, r->cycles, 0);
        fputs(sep, w->f);
        number(w->f, r->p5, 0);
        fputs(sep, w->f);
        number(w->f, r->p95, 0);
        fputs(sep, w->f);
        number(w->f, r->ns, 0);
        fprintf(w->f, "%s%u\n", sep, r->samples);
    }
    w->rows++;
    fflush(w->f);
}

void chase_writer_end(struct chase_writer *w, const struct chase_level *lv, size_t nlv,
                      const char *status)
{
    size_t i;

    switch (w->fmt) {
    case CHASE_FMT_TSV:
        for (i = 0; i < nlv; i++) {
            fprintf(w->f, "# level: %s\tlo=%llu\thi=%llu\tcycles=%.4g\tns=", lv[i].name,
                    (unsigned long long)lv[i].lo, (unsigned long long)lv[i].hi, lv[i].cycles);
            number(w->f, lv[i].ns, 0);
            fprintf(w->f, "\tconfidence=%.2f\n", lv[i].confidence);
        }
        fprintf(w->f, "# status: %s\n", status);
        break;
    case CHASE_FMT_CSV:
        break;
    case CHASE_FMT_JSON:
        fputs("\n  ],\n  \"levels\": [", w->f);
        for (i = 0; i < nlv; i++) {
            fprintf(w->f, "%s\n    {\"name\": ", i ? "," : "");
            chase_json_string(w->f, lv[i].name);
            fprintf(w->f, ", \"lo\": %llu, \"hi\": %llu, \"cycles\": %.4g, \"ns\": ",
                    (unsigned long long)lv[i].lo, (unsigned long long)lv[i].hi, lv[i].cycles);
            number(w->f, lv[i].ns, 1);
            fprintf(w->f, ", \"confidence\": %.2f}", lv[i].confidence);
        }
        fputs("\n  ],\n  \"status\": ", w->f);
        chase_json_string(w->f, status);
        fputs("\n}\n", w->f);
        break;
    }
    fflush(w->f);
}

int chase_writer_close(struct chase_writer *w)
{
    int bad = ferror(w->f);
    if (w->own) {
        if (fclose(w->f))
            bad = 1;
    } else if (fflush(w->f)) {
        bad = 1;
    }
    w->f = NULL;
    return bad ? -1 : 0;
}
