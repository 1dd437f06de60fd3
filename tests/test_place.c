/* test_place.c: the device list a node report's child is given. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "report/report_place.h"
#include "tap.h"

static void gives(const char *inherited, const int *idx, int count, const char *want)
{
    char buf[64] = "untouched";
    int rc = chase_place_visible(inherited, idx, count, buf, sizeof buf);
    tap_ok(rc == 0 && !strcmp(buf, want), "from %s%s%s, devices %d%s: '%s' (got %d, '%s')",
           inherited ? "'" : "", inherited ? inherited : "no list", inherited ? "'" : "", idx[0],
           count > 1 ? " and the next" : "", want, rc, buf);
}

static void refuses(const char *inherited, const int *idx, int count, size_t len, const char *why)
{
    char buf[64];
    tap_ok(chase_place_visible(inherited, idx, count, buf, len) == -1, "from '%s': refused (%s)",
           inherited ? inherited : "no list", why);
}

int main(void)
{
    int d0[] = {0}, d3[] = {3}, p13[] = {1, 3}, p31[] = {3, 1}, p20[] = {2, 0}, neg[] = {-1};

    gives(NULL, d0, 1, "0");
    gives(NULL, d3, 1, "3");
    gives(NULL, p31, 2, "3,1");
    gives("4,5,6,7", d3, 1, "7");
    gives("4,5,6,7", p13, 2, "5,7");
    gives(" GPU-a1b2 , MIG-3/1/0,2", p20, 2, "2,GPU-a1b2");
    refuses("4,5", d3, 1, sizeof(char[64]), "the list has no fourth entry");
    refuses("4,,6", p13, 2, sizeof(char[64]), "an empty entry");
    refuses("0;rm -rf /,1", d0, 1, sizeof(char[64]), "an entry of other characters");
    refuses(NULL, neg, 1, sizeof(char[64]), "a negative index");
    refuses(NULL, p13, 2, 3, "no room for '1,3'");
    refuses(NULL, d0, 0, sizeof(char[64]), "no device");
    /* What a child is given: only the cuda backend's list, whole. */
    {
        char env[64];
        unsetenv("CUDA_VISIBLE_DEVICES");
        tap_ok(!chase_place_child_env("cuda", p31, 2, env, sizeof env) && !strcmp(env, "CUDA_VISIBLE_DEVICES=3,1"),
               "cuda, no list inherited: '%s'", env);
        setenv("CUDA_VISIBLE_DEVICES", "4,5,6,7", 1);
        tap_ok(!chase_place_child_env("cuda", d3, 1, env, sizeof env) && !strcmp(env, "CUDA_VISIBLE_DEVICES=7"),
               "cuda, 4,5,6,7 inherited, device 3: '%s'", env);
        tap_ok(chase_place_child_env("sim", d3, 1, env, sizeof env) == -1 && !env[0], "sim: nothing given");
        tap_ok(chase_place_child_env("hip", d3, 1, env, sizeof env) == -1 && !env[0], "hip: nothing given");
        tap_ok(chase_place_child_env("cuda", d3, 1, env, 10) == -1 && !env[0], "no room: nothing given");
    }
    return tap_done();
}
