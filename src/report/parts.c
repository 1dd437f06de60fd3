/* parts.c: the list of measurements.  A new measurement is a folder of
 * src/, its descriptor, and a line here. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <string.h>

#include "assoc/assoc.h"
#include "async/async.h"
#include "bandwidth/bandwidth.h"
#include "banks/banks.h"
#include "lanes/lanes.h"
#include "lines/lines.h"
#include "loads/loads.h"
#include "report/parts.h"
#include "sms/sms.h"
#include "sweep/sweep.h"
#include "tlb/tlb.h"

const struct chase_measurement *const chase_measurements[] = {
    &chase_sweep_measurement,
    &chase_sms_measurement,
    &chase_lines_measurement,
    &chase_assoc_measurement,
    &chase_tlb_measurement,
    &chase_loads_measurement,
    &chase_banks_measurement,
    &chase_bandwidth_measurement,
    &chase_lanes_measurement,
    &chase_async_measurement,
};
const size_t chase_nmeasurements = sizeof chase_measurements / sizeof chase_measurements[0];

const struct chase_measurement *chase_measurement_find(const char *kind)
{
    size_t i;
    for (i = 0; i < chase_nmeasurements; i++)
        if (!strcmp(chase_measurements[i]->kind, kind))
            return chase_measurements[i];
    return NULL;
}
