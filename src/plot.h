/* plot.h: drawing curves with gnuplot. */
#ifndef CHASE_PLOT_H
#define CHASE_PLOT_H

#include <stddef.h>

#include "curve.h"

struct chase_plot_curve {
    const struct chase_curve *curve;
    const struct chase_level *levels;
    size_t nlevels;
};

/* Writes a gnuplot script for the curves (kept at script_path when given)
 * and runs gnuplot on it to draw png.  Returns 0 or an exit status, with
 * a reason in err. */
int chase_plot(const struct chase_plot_curve *pc, size_t n, const char *png, const char *script_path,
               int ns, char *err, size_t len);

#endif
