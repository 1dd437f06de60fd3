/* sms.c: every multiprocessor's view of each level: a load's latency
 * depends on which SM issues it (on the H100 the L2 is two partitions, and
 * an SM reaches one through the other), so a level's latency is a spread,
 * and the map of it shows which SMs sit near which partition. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exitcode.h"
#include "levels/plateau.h"
#include "sms/sms.h"
#include "core/size.h"
#include "core/stats.h"


int chase_sms_probe(struct chase_session *s, const struct chase_measure *m, const struct chase_curve *c,
                    uint64_t stride, const struct chase_level *lv, size_t nlv, struct chase_sm_spread *sp,
                    size_t *nsp, struct chase_sm_row *rows, size_t *nrows)
{
    unsigned units = s->info.units, u;
    double *cyc = malloc((units ? units : 1) * sizeof *cyc);
    char err[CHASE_ERRLEN], a[32], what[64];
    size_t i, done = 0, total = nlv > 1 ? (nlv - 1) * units : 0;
    int code = 0;

    *nsp = 0;
    if (nrows)
        *nrows = 0;
    if (!cyc)
        return CHASE_EXIT_FAIL;
    for (i = 1; i < nlv && !code && !chase_stop; i++) {
        struct chase_sm_spread *p = &sp[*nsp];
        double tmp[CHASE_MAX_SAMPLES];

        memset(p, 0, sizeof *p);
        snprintf(p->level, sizeof p->level, "%s", lv[i].name);
        p->bytes = chase_plateau_middle(c, &lv[i], stride);
        p->walker = lv[i].cycles;
        p->walker_sm = s->params.sm == -2 ? 0 : s->params.sm;
        snprintf(what, sizeof what, "%s", lv[i].name);
        for (u = 0; u < units && !chase_stop; u++) {
            struct chase_point pt;
            struct chase_samples out;
            int rc;

            memset(&pt, 0, sizeof pt);
            memset(&out, 0, sizeof out);
            pt.bytes = p->bytes;
            pt.stride = stride;
            pt.pattern = m->pattern;
            pt.sub = m->sub;
            pt.seed = m->seed * 0x100000001b3ULL + p->bytes * 31;
            pt.sm = (int)u;
            pt.samples = CHASE_SMS_SAMPLES;
            pt.stop = &chase_stop;
            rc = s->ops->measure(s->dev, &pt, &out, err, sizeof err);
            if (rc == CHASE_EINTR)
                break;
            if (rc != CHASE_OK) {
                chase_progress_done(s);
                fprintf(stderr, "chase: %s on SM %u at %s: %s\n", s->slot->name, u,
                        chase_size_format(p->bytes, a, sizeof a), err);
                code = chase_exit_for(rc);
                break;
            }
            memcpy(tmp, out.cycles, out.n * sizeof *tmp);
            cyc[u] = chase_median(tmp, out.n);
            if (rows) {
                struct chase_sm_row *r = &rows[(*nrows)++];
                memcpy(tmp, out.ns, out.n * sizeof *tmp);
                r->sm = (int)u;
                r->level = lv[i].name;
                r->bytes = p->bytes;
                r->cycles = cyc[u];
                r->ns = chase_median(tmp, out.n);
            }
            if (u == 0 || cyc[u] < p->min) {
                p->min = cyc[u];
                p->min_sm = (int)u;
            }
            if (u == 0 || cyc[u] > p->max) {
                p->max = cyc[u];
                p->max_sm = (int)u;
            }
            chase_progress(s, "SMs", ++done, total, what);
        }
        if (u == units) {
            p->sms = units;
            p->median = chase_median(cyc, units);
            (*nsp)++;
        }
    }
    free(cyc);
    return code;
}

int chase_sms_spread(struct chase_session *s, const struct chase_measure *m, const struct chase_curve *c,
                     uint64_t stride, const struct chase_level *lv, size_t nlv, struct chase_sm_spread *sp,
                     size_t *nsp)
{
    return chase_sms_probe(s, m, c, stride, lv, nlv, sp, nsp, NULL, NULL);
}
