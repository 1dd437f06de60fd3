/* plot.h: drawing curves with gnuplot. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_PLOT_H
#define CHASE_PLOT_H

#include <stddef.h>

#include "core/curve.h"
#include "core/options.h"

struct chase_plot_curve {
    const struct chase_curve *curve;
    const struct chase_level *levels;
    size_t nlevels;
};

/* Writing gnuplot scripts safely.  Every text that came from outside the
 * program (metadata, file names, arguments) goes through chase_gp_string;
 * the script's own commands are written with fprintf.  chase_gp_string
 * writes any byte string as one gnuplot evaluates to itself: single-quoted
 * pieces (no command, macro or escape is expanded in them), a quote gnuplot
 * cannot take doubled joined on as "\047", a control character drawn as a
 * space and a byte that is not UTF-8 as U+FFFD.  chase_gp_begin sets the
 * terminal from out's extension (png, pdf, svg: cairo), the output and the
 * house style (plots/chase.gp, loaded by its absolute path); it returns -1
 * (err says why) where chase_gp_check does.  File names in a script are
 * written byte for byte, a relative one that begins with '|', '<' or '~'
 * (which gnuplot would run as a command or expand) from "./". */
void chase_gp_string(FILE *f, const char *s);
/* 0 if chase can draw an image named out, else -1 with err saying why:
 * checked before any measurement starts.  Refused: an extension other than
 * .png, .pdf, .svg; a control character in out (a single-quoted string
 * cannot hold it as it is); a style path from CHASE_DATA_DIR with one. */
int chase_gp_check(const char *out, char *err, size_t len);
int chase_gp_begin(FILE *f, const char *out, char *err, size_t len);
/* chase_gp_string keeping line breaks: single-quoted pieces joined with
 * "\n", a string expression (titles, labels and key entries take one). */
void chase_gp_text(FILE *f, const char *s);
/* The canvas chase_gp_begin sets for an image name: its size and the
 * font's em, in the terminal's unit (pixels for PNG and SVG, points for
 * PDF).  Returns -1 for a name it cannot draw. */
struct chase_gp_canvas {
    double width, height, em;
    double pt;          /* the font's size as the terminal line gives it (font ',N' scales from it) */
};
int chase_gp_canvas(const char *out, struct chase_gp_canvas *c);
/* chase_gp_begin on a taller canvas than the usual (want's height, in the
 * terminal's units; the width and font stay), for a plot whose table
 * needs the room.  want NULL: the usual canvas. */
int chase_gp_begin_canvas(FILE *f, const char *out, const struct chase_gp_canvas *want, char *err, size_t len);
/* How wide text is in ems in the plots' font (its longest line). */
double chase_gp_text_width(const char *s);
/* Series i's look (from 0): " lc rgb C pt P dt D", a colour, marker and
 * dash that no other of the first CHASE_GP_SERIES series shares, so
 * curves stay apart in grey print too. */
#define CHASE_GP_SERIES 7
void chase_gp_series(FILE *f, size_t i);
/* Series i's colour alone ("#0072B2") and dash ("(7,3)"), for its
 * labels and marks (an arrow takes no marker). */
const char *chase_gp_color(size_t i);
const char *chase_gp_dash(size_t i);
/* Writes a script with write(f, arg, out) (kept at script when not NULL)
 * and runs gnuplot on it.  gnuplot draws into a temporary file that chase
 * made and holds open, named to it as "/dev/fd/N" (no name the user chose
 * reaches gnuplot's 'set output'); the temporary is put in place (or
 * copied, for a device or a pipe) only when it holds a whole image (a
 * PNG's signature and IEND chunk, a PDF's %PDF- and %%EOF, an SVG's
 * closing </svg>), so an older image survives a failure or a full disk.
 * Returns 0 or an exit status (CHASE_EXIT_USAGE: chase_gp_check refused
 * out; CHASE_EXIT_PLOT: gnuplot missing, failing, drawing nothing or a
 * cut-off image; CHASE_EXIT_FILE: a file could not be written), err
 * saying why. */
typedef int (*chase_gp_writer)(FILE *f, const void *arg, const char *out);
int chase_gp_run(chase_gp_writer write, const void *arg, const char *script, const char *out, char *err,
                 size_t len);

/* Writes a gnuplot script for the curves (kept at o->script when given;
 * o->ns, o->title, o->spread shape it) and runs gnuplot on it to draw
 * out.  Returns 0 or an exit status, with a reason in err. */
int chase_plot(const struct chase_plot_curve *pc, size_t n, const struct chase_opts *o, const char *out,
               char *err, size_t len);

#endif
