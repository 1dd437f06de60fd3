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

/* Writes a gnuplot script for the curves (kept at o->script when given;
 * o->ns, o->title, o->spread shape it) and runs gnuplot on it to draw
 * out.  Returns 0 or an exit status, with a reason in err. */
int chase_plot(const struct chase_plot_curve *pc, size_t n, const struct chase_opts *o, const char *out,
               char *err, size_t len);
/* chase sms: each multiprocessor's latency, a series a level. */
int chase_plot_sms(const struct chase_sm_row *rows, size_t n, const struct chase_meta *meta,
                   const struct chase_opts *o, const char *out, char *err, size_t len);

#endif
