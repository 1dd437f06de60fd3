/* test_json.c: the JSON parser chase was configured with, rule by rule,
 * with error positions: json-c's reading and chase's checks around it, or
 * chase's own strict parser (--without-json-c).  Each refusal names what
 * each says; where json-c reads what RFC 8259 refuses, the test says what
 * it reads it as (leniencies that give a value of the type written). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/doc.h"
#include "io/json.h"
#include "io/output.h"
#include "sweep/sweep.h"
#include "tap.h"

#if HAVE_JSON_C
#define JSONC 1
#else
#define JSONC 0
#endif

/* Every text is parsed from a buffer of exactly its length, with no NUL
 * after it, so ASan catches any read past the end. */
static int parse_n(const char *text, size_t len, struct chase_json **out, struct chase_json_error *err)
{
    char *copy = malloc(len ? len : 1);
    int rc;
    if (!copy)
        return -2;
    memcpy(copy, text, len);
    rc = chase_json_parse(copy, len, out, err);
    free(copy);
    return rc;
}

static struct chase_json *parse(const char *text)
{
    struct chase_json *v = NULL;
    struct chase_json_error err;
    memset(&err, 0, sizeof err);
    if (parse_n(text, strlen(text), &v, &err))
        printf("# '%s': %zu:%zu: %s\n", text, err.line, err.column, err.message);
    return v;
}

/* One TAP line per test: the text's newlines and tabs shown escaped. */
static const char *show(const char *text, char *name, size_t size)
{
    size_t i, w = 0;
    for (i = 0; text[i] && w + 4 < size; i++) {
        if (text[i] == '\n' || text[i] == '\t' || text[i] == '\r') {
            name[w++] = '\\';
            name[w++] = text[i] == '\n' ? 'n' : text[i] == '\t' ? 't' : 'r';
        } else {
            name[w++] = text[i];
        }
    }
    name[w] = 0;
    return name;
}

static void accepts(const char *text)
{
    struct chase_json *v = parse(text);
    char name[96];
    tap_ok(v != NULL, "accepts %s", show(text, name, sizeof name));
    chase_json_free(v);
}

/* Refused at line:column with a message holding reason (chase's own
 * parser), or at jline:jcolumn with one holding jreason (json-c); a
 * jline of 0 is a value json-c read and chase refused, named by its path
 * (jwhere). */
static void rejects_j(const char *text, size_t len, size_t line, size_t column, const char *reason, size_t jline,
                      size_t jcolumn, const char *jwhere, const char *jreason, const char *name)
{
    struct chase_json *v = (struct chase_json *)&v;    /* must stay as it is */
    struct chase_json_error err;
    int rc;

    if (JSONC) {
        line = jline;
        column = jcolumn;
        reason = jreason;
    }
    memset(&err, 0, sizeof err);
    rc = parse_n(text, len, &v, &err);
    tap_ok(rc == -1 && v == (struct chase_json *)&v && err.line == line && err.column == column &&
           strstr(err.message, reason) != NULL && (line || !strcmp(err.where, jwhere)) && (!line || !err.where[0]),
           "rejects %s at %zu:%zu%s%s with '%s' (got %d, %zu:%zu%s%s: %s)", name, line, column, line ? "" : " ",
           line ? "" : jwhere, reason, rc, err.line, err.column, err.where[0] ? " " : "", err.where, err.message);
}

static void rejects_at(const char *text, size_t len, size_t line, size_t column, const char *reason,
                       const char *name)
{
    rejects_j(text, len, line, column, reason, line, column, "", reason, name);
}

/* The same refusal, in json-c's words where jreason is not NULL. */
static void rejects2(const char *text, size_t line, size_t column, const char *reason, const char *jreason)
{
    char name[96];
    rejects_j(text, strlen(text), line, column, reason, line, column, "", jreason ? jreason : reason,
              show(text, name, sizeof name));
}

static void rejects(const char *text, size_t line, size_t column, const char *reason)
{
    rejects2(text, line, column, reason, NULL);
}

/* Refused by both, json-c at another byte. */
static void rejects_jat(const char *text, size_t line, size_t column, const char *reason, size_t jline,
                        size_t jcolumn, const char *jreason)
{
    char name[96];
    rejects_j(text, strlen(text), line, column, reason, jline, jcolumn, "", jreason, show(text, name, sizeof name));
}

/* Refused by chase's own parser at the byte; with json-c, by chase's checks
 * on the value json-c read, at the path jwhere. */
static void rejects_value(const char *text, size_t line, size_t column, const char *reason, const char *jwhere,
                          const char *jreason)
{
    char name[96];
    rejects_j(text, strlen(text), line, column, reason, 0, 0, jwhere, jreason, show(text, name, sizeof name));
}

static void number_is(const char *text, double want)
{
    struct chase_json *v = parse(text);
    double x = NAN;
    tap_ok(v && chase_json_as_number(v, &x) == 0 && x == want && signbit(x) == signbit(want),
           "%s is the number %.17g (got %.17g)", text, want, x);
    chase_json_free(v);
}

/* The decoded string, byte for byte, NUL-terminated at its length. */
static void string_is(const char *text, const char *want, size_t want_len)
{
    struct chase_json *v = parse(text);
    tap_ok(v && v->type == CHASE_JSON_STRING && v->length == want_len && !memcmp(v->string, want, want_len) &&
           v->string[want_len] == 0, "%s decodes to %zu bytes as expected", text, want_len);
    chase_json_free(v);
}

/* Refused by chase's own parser; json-c reads it (RFC 8259 refuses it) as
 * the number jvalue. */
static void lenient_number(const char *text, size_t line, size_t column, const char *reason, double jvalue)
{
    if (JSONC) {
        struct chase_json *v = parse(text);
        tap_ok(v && v->type == CHASE_JSON_NUMBER && v->number == jvalue, "json-c reads %s as the number %g", text,
               jvalue);
        chase_json_free(v);
    } else {
        rejects(text, line, column, reason);
    }
}

/* Refused by chase's own parser; json-c reads it as the string of jlen
 * bytes jwant (a lone surrogate as U+FFFD, bytes past UTF-8 as they are). */
static void lenient_string(const char *text, size_t line, size_t column, const char *reason, const char *jwant,
                           size_t jlen)
{
    if (JSONC) {
        struct chase_json *v = parse(text);
        tap_ok(v && v->type == CHASE_JSON_STRING && v->length == jlen && !memcmp(v->string, jwant, jlen),
               "json-c reads %s as a string of %zu bytes", text, jlen);
        chase_json_free(v);
    } else {
        rejects(text, line, column, reason);
    }
}

/* JSON for raw UTF-8: every character as \uXXXX (surrogate pairs above the
 * BMP) when all is set, else only what must be escaped. */
static size_t encode(const unsigned char *s, size_t n, int all, char *out)
{
    size_t i = 0, w = 0;
    out[w++] = '"';
    while (i < n) {
        unsigned long cp = s[i];
        size_t len = 1;
        if (cp >= 0xf0)
            cp &= 0x07, len = 4;
        else if (cp >= 0xe0)
            cp &= 0x0f, len = 3;
        else if (cp >= 0xc0)
            cp &= 0x1f, len = 2;
        for (size_t k = 1; k < len; k++)
            cp = cp << 6 | (s[i + k] & 0x3f);
        if (!all && cp >= 0x20 && cp != '"' && cp != '\\') {
            memcpy(out + w, s + i, len);
            w += len;
        } else if (!all && (cp == '"' || cp == '\\')) {
            out[w++] = '\\';
            out[w++] = (char)cp;
        } else if (cp >= 0x10000) {
            w += (size_t)sprintf(out + w, "\\u%04lX\\u%04lx", 0xd800 + ((cp - 0x10000) >> 10),
                                 0xdc00 + ((cp - 0x10000) & 0x3ff));
        } else {
            w += (size_t)sprintf(out + w, "\\u%04lx", cp);
        }
        i += len;
    }
    out[w++] = '"';
    return w;
}

static void round_trip(const char *raw, const char *name)
{
    char text[512];
    int all;
    for (all = 0; all < 2; all++) {
        size_t n = encode((const unsigned char *)raw, strlen(raw), all, text);
        struct chase_json *v = NULL;
        int rc = parse_n(text, n, &v, NULL);
        tap_ok(rc == 0 && v->length == strlen(raw) && !strcmp(v->string, raw),
               "%s survives a round trip with %s escaped", name, all ? "everything" : "what must be");
        chase_json_free(v);
    }
}

static char *repeat(const char *a, int na, const char *b, int nb)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la * (size_t)na + lb * (size_t)nb + 1), *w = s;
    int i;
    for (i = 0; i < na; i++, w += la)
        memcpy(w, a, la);
    for (i = 0; i < nb; i++, w += lb)
        memcpy(w, b, lb);
    *w = 0;
    return s;
}

static void structure(void)
{
    const char *text = " {\"name\": \"chase\", \"points\": [1, 2.5, -3e2], \"ok\": true, \"none\": null,"
                       "\n \"no\": false, \"empty\": {}, \"list\": []} \r\n\t";
    struct chase_json *v = parse(text);
    const struct chase_json *pts = chase_json_get(v, "points");
    double x = 0;

    tap_ok(chase_json_is(v, CHASE_JSON_OBJECT) && chase_json_length(v) == 7, "an object of 7 members");
    tap_ok(v && !strcmp(v->items[0]->key, "name") && !strcmp(v->items[1]->key, "points") &&
           !strcmp(v->items[6]->key, "list"), "members keep their order");
    tap_ok(chase_json_as_string(chase_json_get(v, "name")) && !strcmp(chase_json_as_string(chase_json_get(v, "name")), "chase"),
           "get name: chase");
    tap_ok(chase_json_length(pts) == 3 && chase_json_as_number(chase_json_at(pts, 2), &x) == 0 && x == -300,
           "points[2] is -300");
    tap_ok(chase_json_at(pts, 3) == NULL && chase_json_at(NULL, 0) == NULL, "out of range: NULL");
    tap_ok(chase_json_get(v, "missing") == NULL && chase_json_get(pts, "name") == NULL &&
           chase_json_get(NULL, "name") == NULL, "get on a missing key, an array or NULL: NULL");
    tap_ok(chase_json_as_number(chase_json_get(v, "name"), &x) == -1 && chase_json_as_string(pts) == NULL,
           "accessors of the wrong type refuse");
    tap_ok(chase_json_is(chase_json_get(v, "ok"), CHASE_JSON_BOOL) && chase_json_get(v, "ok")->boolean == 1 &&
           chase_json_get(v, "no")->boolean == 0 && chase_json_is(chase_json_get(v, "none"), CHASE_JSON_NULL),
           "true, false and null");
    tap_ok(chase_json_length(chase_json_get(v, "empty")) == 0 && chase_json_is(chase_json_get(v, "list"), CHASE_JSON_ARRAY),
           "empty object and array");
    if (JSONC)
        tap_ok(v && v->items[4]->line == 0 && pts->line == 0 && pts->items[1]->column == 0,
               "positions: json-c keeps none, and the tree says so (0)");
    else
        tap_ok(v && v->items[4]->line == 2 && v->items[4]->column == 2 && pts->line == 1 && pts->column == 20 &&
               pts->items[1]->column == 34, "positions: members at their keys ('no' at 2:2, 'points' at 1:20), "
               "values at their first byte (2.5 at 1:34)");
    tap_ok(strlen(chase_json_parser()) > 0 && (strncmp(chase_json_parser(), "json-c ", 7) == 0) == JSONC,
           "the parser is the one configured: %s", chase_json_parser());
    chase_json_free(v);
}

int main(void)
{
    static const char nul_tail[] = {'[', '1', ']', 0};
    char *deep, buf[64];
    size_t big;

    structure();

    /* Exactly one value, whitespace around it. */
    accepts("0");
    accepts("\"x\"  ");
    accepts(" \t\r\n\"x\" \n");
    accepts("[[[]], {}]");
    rejects2("", 1, 1, "unexpected end of input (expected a value)", "unexpected end of data");
    rejects2("   \n  ", 2, 3, "unexpected end of input", "unexpected end of data");
    rejects2("1 2", 1, 3, "unexpected '2' (expected the end of the text", "unexpected character (at '2')");
    rejects2("{} []", 1, 4, "unexpected '['", "unexpected character (at '[')");
    rejects_at(nul_tail, sizeof nul_tail, 1, 4, "unexpected byte 0x00", "[1] and a NUL");
    rejects2("\xef\xbb\xbf{}", 1, 1, "unexpected byte 0xef", "invalid utf-8 string (at byte 0xef)");

    /* Commas and colons. */
    rejects2("[1,]", 1, 4, "trailing comma before ']'", "unexpected character (at ']')");
    rejects2("{\"a\": 1,}", 1, 9, "trailing comma before '}'", "unexpected character (at '}')");
    rejects2("[,1]", 1, 2, "unexpected ','", "unexpected character (at ',')");
    rejects2("[1 2]", 1, 4, "unexpected '2' (expected ',' or ']')", "array value separator ',' expected (at '2')");
    rejects2("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'", "object value separator ',' expected");
    rejects2("{\"a\" 1}", 1, 6, "expected ':' after the key", "object property name separator ':' expected");
    rejects2("{1: 2}", 1, 2, "expected a string key", "quoted object property name expected");
    rejects2("{'a': 1}", 1, 2, "expected a string key", "JSON's strings take double quotes");
    rejects2("[1, 2, {\"a\": ['x,y']}]", 1, 15, "unexpected '''", "unexpected '''");
    rejects2("[1, 2", 1, 6, "unexpected end of input (expected ',' or ']')", "unexpected end of data");
    rejects2("[1, // no\n 2]", 1, 5, "unexpected '/'", "unexpected character (at '/')");

    /* Numbers. */
    number_is("0", 0);
    if (JSONC)
        number_is("-0", 0);             /* json-c reads it as the integer 0 */
    else
        number_is("-0", -0.0);
    number_is("12", 12);
    number_is("-12.5e+3", -12500);
    number_is("1E-2", 0.01);
    number_is("0.5", 0.5);
    number_is("1e-400", 0);                     /* underflow rounds to zero */
    number_is("1.7976931348623157e308", 1.7976931348623157e308);
    rejects_jat("01", 1, 1, "cannot start with 0 and another digit", 1, 3, "unexpected end of data");
    lenient_number("-01", 1, 2, "cannot start with 0", -1);
    rejects2("+1", 1, 1, "unexpected '+'", "unexpected character (at '+')");
    rejects2(".5", 1, 1, "unexpected '.'", "unexpected character (at '.')");
    lenient_number("1.", 1, 3, "unexpected end of input (expected a digit after the decimal point)", 1);
    lenient_number("1.e5", 1, 3, "unexpected 'e' (expected a digit after the decimal point)", 1e5);
    rejects2("1e", 1, 3, "expected a digit in the exponent", "unexpected end of data");
    rejects2("1e+", 1, 4, "expected a digit in the exponent", "unexpected end of data");
    rejects2("-", 1, 2, "unexpected end of input (expected a digit)", "unexpected end of data");
    rejects2("- 1", 1, 2, "expected a digit", "number expected");
    rejects2("0x10", 1, 2, "unexpected 'x'", "unexpected character (at 'x')");
    rejects_value("NaN", 1, 1, "'NaN' is not a value", ".", "not a number");
    rejects_value("[Infinity]", 1, 2, "'Infinity' is not a value", "[0]", "out of range");
    rejects_value("-Infinity", 1, 2, "unexpected 'I' (expected a digit)", ".", "out of range");
    rejects_value("1e400", 1, 1, "out of range", ".", "out of range");
    rejects_value("{\"a\": [0, -1.8e308]}", 1, 11, "out of range", ".a[1]", "out of range");
    deep = repeat("9", 400, "", 0);
    rejects_value(deep, 1, 1, "out of range", ".", "an integer at or past 64 bits");
    free(deep);

    /* Literals. */
    accepts("true");
    rejects_jat("tru", 1, 1, "'tru' is not a value", 1, 4, "unexpected end of data");
    rejects2("True", 1, 1, "'True' is not a value", "boolean expected");
    rejects_jat("nulll", 1, 1, "'nulll' is not a value", 1, 5, "unexpected character (at 'l')");
    rejects2("[true1]", 1, 6, "unexpected '1'", "array value separator");

    /* Strings: escapes, surrogates, UTF-8, what is refused. */
    string_is("\"\"", "", 0);
    string_is("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t\"", "\" \\ / \b \f \n \r \t", 15);
    string_is("\"\\u0041\\u00e9\\u20AC\"", "A\xc3\xa9\xe2\x82\xac", 6);
    string_is("\"\\uD83D\\uDE00\"", "\xf0\x9f\x98\x80", 4);
    string_is("\"\\udbff\\udfff\"", "\xf4\x8f\xbf\xbf", 4);
    string_is("\"\\u0001\\u001f\\u007f\"", "\x01\x1f\x7f", 3);
    string_is("\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 14);
    round_trip("plain", "ascii");
    round_trip("\x01\x02\x1f \" \\ / \x7f", "control characters, quote and backslash");
    round_trip("\xc2\x80 \xdf\xbf \xe0\xa0\x80 \xef\xbf\xbf \xf0\x90\x80\x80 \xf4\x8f\xbf\xbf", "UTF-8 edges");
    rejects("\"a\\u0000b\"", 1, 3, "\\u0000 (NUL) is not allowed");
    lenient_string("\"\\uD800\"", 1, 2, "high surrogate \\uD800 without a low surrogate", "\xef\xbf\xbd", 3);
    lenient_string("\"\\uD800\\u0041\"", 1, 8, "\\u0041 after high surrogate \\uD800 is not a low surrogate", "\xef\xbf\xbd" "A", 4);
    lenient_string("\"\\uDC00\"", 1, 2, "lone low surrogate \\uDC00", "\xef\xbf\xbd", 3);
    lenient_string("\"\\uDBFF\\uDBFF\"", 1, 8, "is not a low surrogate", "\xef\xbf\xbd\xef\xbf\xbd", 6);
    rejects2("\"\\u12\"", 1, 6, "\\u needs four hex digits", "invalid string sequence");
    rejects2("\"\\u12G4\"", 1, 6, "\\u needs four hex digits", "invalid string sequence");
    rejects_jat("\"\\x41\"", 1, 2, "unknown escape '\\x'", 1, 3, "invalid string sequence (at 'x')");
    rejects_jat("\"\\a\"", 1, 2, "unknown escape '\\a'", 1, 3, "invalid string sequence (at 'a')");
    rejects("\"a\tb\"", 1, 3, "control character 0x09 in a string");
    rejects("\"line\nbreak\"", 1, 6, "control character 0x0a");
    rejects("\"\\\n\"", 1, 3, "control character 0x0a");
    rejects_at("\"a\0b\"", 5, 1, 3, "control character 0x00", "a raw NUL in a string");
    rejects2("\"abc", 1, 5, "unexpected end of input in a string", "unexpected end of data");
    rejects2("\"abc\\", 1, 6, "unexpected end of input in a string", "unexpected end of data");
    rejects2("\"\\u00", 1, 6, "unexpected end of input in a string", "unexpected end of data");
    rejects2("\"\\uD83D\\uDE", 1, 12, "unexpected end of input in a string", "unexpected end of data");
    /* json-c's UTF-8 check takes lead and continuation bytes as they come:
     * overlong forms, encoded surrogates and code points past U+10FFFF
     * pass it, kept as the bytes written (chase's readers take any bytes
     * in a string and escape them where they show them). */
    lenient_string("\"\xc0\x80\"", 1, 2, "invalid UTF-8", "\xc0\x80", 2);           /* overlong NUL */
    lenient_string("\"\xe0\x80\xaf\"", 1, 2, "invalid UTF-8", "\xe0\x80\xaf", 3);   /* overlong '/' */
    lenient_string("\"\xed\xa0\x80\"", 1, 2, "invalid UTF-8", "\xed\xa0\x80", 3);   /* an encoded surrogate */
    lenient_string("\"\xf4\x90\x80\x80\"", 1, 2, "invalid UTF-8", "\xf4\x90\x80\x80", 4);   /* above U+10FFFF */
    lenient_string("\"\xf5\x80\x80\x80\"", 1, 2, "invalid UTF-8", "\xf5\x80\x80\x80", 4);
    rejects2("\"\x80\"", 1, 2, "invalid UTF-8", "invalid utf-8 string (at byte 0x80)");
    rejects_jat("\"ab\xe2\x82\"", 1, 4, "invalid UTF-8", 1, 6, "invalid utf-8 string (at '\"')"); /* cut short by the quote */
    rejects_jat("\"ab\xe2\x82", 1, 4, "invalid UTF-8", 1, 6, "invalid utf-8 string (at the end"); /* and by the end */

    /* Objects: duplicate keys, positions over several lines. */
    rejects_value("{\"a\": 1,\n \"b\": 2,\n  \"a\": 3}", 3, 3, "duplicate key \"a\"", ".", "a key repeated in this object (3 members written, 2 keys)");
    rejects_value("{\"k\": {\"x\": 1, \"x\": 1}}", 1, 16, "duplicate key \"x\"", ".k", "a key repeated");
    rejects_value("[{\"a\": {}}, {\"b\": [{}, {\"x\": 1, \"y\": {\"x\": 0}, \"x\": 1}]}]", 1, 48, "duplicate key \"x\"", "[1].b[1]", "a key repeated");
    rejects_value("{\"\\u0041\": 1, \"A\": 2}", 1, 15, "duplicate key \"A\"", ".", "a key repeated");
    accepts("{\"a\": {\"a\": {\"a\": 1}}, \"b\": [{\"a\": 1}, {\"a\": 2}]}");
    rejects2("[1,\n  2,\n  ]", 3, 3, "trailing comma before ']'", "unexpected character (at ']')");
    rejects2("{\n\"a\":\n[1,\n2 3]}", 4, 3, "expected ',' or ']'", "array value separator");

    /* Depth and size limits. */
    deep = repeat("[", CHASE_JSON_MAX_DEPTH, "]", CHASE_JSON_MAX_DEPTH);
    accepts(deep);
    free(deep);
    deep = repeat("[", CHASE_JSON_MAX_DEPTH + 1, "]", CHASE_JSON_MAX_DEPTH + 1);
    rejects(deep, 1, CHASE_JSON_MAX_DEPTH + 1, "nested deeper than 64 levels");
    free(deep);
    deep = repeat("{\"a\":", CHASE_JSON_MAX_DEPTH + 1, "}", CHASE_JSON_MAX_DEPTH + 1);
    rejects(deep, 1, 5 * CHASE_JSON_MAX_DEPTH + 1, "nested deeper");
    free(deep);
    deep = repeat("[", 100000, "", 0);
    rejects(deep, 1, CHASE_JSON_MAX_DEPTH + 1, "nested deeper");
    free(deep);
    big = (size_t)CHASE_JSON_MAX_BYTES + 1;
    deep = malloc(big);
    if (deep) {
        struct chase_json *v = NULL;
        struct chase_json_error err;
        memset(deep, ' ', big);
        deep[0] = '0';
        tap_ok(chase_json_parse(deep, big, &v, &err) == -1 && strstr(err.message, "larger than 256 MiB"),
               "a text over the size limit is refused: %s", err.message);
        tap_ok(chase_json_parse(deep, big - 1, &v, &err) == 0 && v->number == 0,
               "one at the limit is read");
        chase_json_free(v);
        free(deep);
    }
    /* The values: the most the tree may hold, and one more. */
    {
        struct chase_json *v = NULL;
        struct chase_json_error err;
        int rc;
        const char *four = "[0, {\"a\": [null]}]";
        tap_ok(chase_json_parse_max(four, strlen(four), 5, &v, &err) == 0 && chase_json_length(v) == 2,
               "5 values where 5 may be: read");
        chase_json_free(v);
        v = NULL;
        rc = chase_json_parse_max(four, strlen(four), 4, &v, &err);
        tap_ok(rc == -1 && v == NULL && strstr(err.message, "more than 4 values") && err.column == 12,
               "5 values where 4 may be: refused at the fifth (%zu:%zu: %s)", err.line, err.column, err.message);
        tap_ok(CHASE_JSON_MAX_VALUES >= CHASE_JSON_MAX_BYTES / 75 * 7,
               "the values allowed are more than chase's own JSON holds in the bytes allowed");
    }
    deep = malloc(20000 * 24 + 16);
    if (deep) {
        size_t i, n = 0;
        struct chase_json *v = NULL;
        deep[n++] = '{';
        for (i = 0; i < 20000; i++)
            n += (size_t)sprintf(deep + n, "%s\"k%zu\":%zu", i ? "," : "", i, i);
        deep[n++] = '}';
        tap_ok(parse_n(deep, n, &v, NULL) == 0 && chase_json_length(v) == 20000 &&
               chase_json_get(v, "k19999") && chase_json_get(v, "k19999")->number == 19999,
               "an object of 20000 distinct keys");
        chase_json_free(v);
        memcpy(deep + n - 1, ",\"k7\":0}", 8);
        rejects_j(deep, n + 7, 1, n + 1, "duplicate key \"k7\"", 0, 0, ".", "a key repeated", "20000 keys and a repeat at the end");
        free(deep);
    }

    /* What chase writes, chase reads: the writer stops where the reader
     * would (its bytes, its documents), as at a full disk. */
    {
        struct chase_writer w;
        struct chase_meta m;
        memset(&m, 0, sizeof m);
        chase_meta_add(&m, "k", "v");
        tap_ok(chase_writer_open(&w, "/dev/null", CHASE_FMT_JSON) == 0 && chase_writer_begin(&w, "sweep", &m) == 0,
               "writer: a document begins");
        w.bytes = CHASE_READ_MAX_BYTES - 8;
        tap_ok(chase_writer_table(&w, &chase_points_table) == -1 && strstr(w.err, "larger than 256 MiB, more than "
               "chase reads back"), "writer: past the reader's bytes, a failure (%s)", w.err);
        chase_writer_close(&w, 0, NULL, 0);
        tap_ok(chase_writer_open(&w, "/dev/null", CHASE_FMT_TSV) == 0, "writer: /dev/null opens");
        w.docs = CHASE_READ_MAX_DOCS - 2;
        tap_ok(chase_writer_next(&w) == 0, "writer: the reader's last document may begin");
        tap_ok(chase_writer_next(&w) == -1 && strstr(w.err, "more than 65536 documents"),
               "writer: one more is a failure (%s)", w.err);
        chase_writer_close(&w, 0, NULL, 0);
        chase_meta_free(&m);
    }

    /* A value as long as the assoc's method texts (815 bytes) is kept
     * whole (they were cut at 511 bytes, silently); one past
     * CHASE_META_VAL is cut, never overrun. */
    {
        struct chase_meta m;
        static char longv[5000];
        const char *got;
        memset(&m, 0, sizeof m);
        memset(longv, 'a', 1000);
        longv[1000] = 0;
        chase_meta_add(&m, "method", "%s", longv);
        got = chase_meta_get(&m, "method");
        tap_ok(got && strlen(got) == 1000, "metadata: a value of 1000 bytes kept whole (%zu)", got ? strlen(got) : 0);
        memset(longv, 'b', sizeof longv - 1);
        longv[sizeof longv - 1] = 0;
        chase_meta_add(&m, "method", "%s", longv);
        got = chase_meta_get(&m, "method");
        tap_ok(got && strlen(got) == CHASE_META_VAL - 1, "metadata: one of 4999 bytes cut to %d (%zu)",
               CHASE_META_VAL - 1, got ? strlen(got) : 0);
        chase_meta_free(&m);
    }

    /* No err, no crash; NULL text. */
    {
        struct chase_json *v = NULL;
        tap_ok(chase_json_parse("[1", 2, &v, NULL) == -1 && v == NULL, "a NULL err is allowed");
        tap_ok(chase_json_parse(NULL, 0, &v, NULL) == -1, "NULL and 0: no value");
        snprintf(buf, sizeof buf, "%s", "[1]");
        tap_ok(chase_json_parse(buf, 2, &v, NULL) == -1, "only len bytes are read: '[1' of '[1]'");
        chase_json_free(NULL);
    }
    return tap_done();
}

