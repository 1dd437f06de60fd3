/* plot.h: drawing curves with gnuplot. */
#ifndef CHASE_PLOT_H
#define CHASE_PLOT_H

#include <stddef.h>

#include "curve.h"
#include "options.h"

struct chase_plot_curve {
    const struct chase_curve *curve;
    const struct chase_level *levels;
    size_t nlevels;
};

struct chase_sm_row;

/* Writing gnuplot scripts safely.  Every text that came from outside the
 * program (metadata, file names, arguments) goes through chase_gp_string;
 * the script's own commands are written with fprintf.  chase_gp_begin sets
 * the terminal from out's extension (png, pdf, svg: cairo), the output
 * and the house style (plots/chase.gp); it returns -1 (err says why) for
 * an extension it cannot draw or a name it cannot write safely. */
void chase_gp_string(FILE *f, const char *s);
int chase_gp_begin(FILE *f, const char *out, char *err, size_t len);
/* Writes a script with write(f, arg, out) (kept at script when not NULL,
 * else in a temporary file) and runs gnuplot on it.  Returns 0 or an exit
 * status (CHASE_EXIT_PLOT: gnuplot missing or failing), err saying why. */
typedef int (*chase_gp_writer)(FILE *f, const void *arg, const char *out);
int chase_gp_run(chase_gp_writer write, const void *arg, const char *script, const char *out, char *err,
                 size_t len);

/* Writes a gnuplot script for the curves (kept at o->script when given;
 * o->ns, o->title, o->spread shape it) and runs gnuplot on it to draw
 * out.  Returns 0 or an exit status, with a reason in err. */
int chase_plot(const struct chase_plot_curve *pc, size_t n, const struct chase_opts *o, const char *out,
               char *err, size_t len);
/* chase sms: each multiprocessor's latency, a series a level. */
int chase_plot_sms(const struct chase_sm_row *rows, size_t n, const struct chase_meta *meta,
                   const struct chase_opts *o, const char *out, char *err, size_t len);

#endif
