/* options.h: the option table (cli/options.c) and the command table
 * (cli/commands.c): what the command line takes, as data. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_CLI_OPTIONS_H
#define CHASE_CLI_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "core/options.h"

enum chase_opt_type {
    CHASE_OPT_FLAG,     /* no value: sets an int to 1 */
    CHASE_OPT_STR,      /* a string kept as given */
    CHASE_OPT_ENUM,     /* one of values[] */
    CHASE_OPT_SIZE,     /* bytes: K/M/G/T are powers of 1024; never zero */
    CHASE_OPT_UINT,     /* a whole number in [lo, hi] */
    CHASE_OPT_CALL,     /* parse alone says what it takes */
};

enum chase_opt_field { CHASE_OF_INT, CHASE_OF_UNSIGNED, CHASE_OF_U64, CHASE_OF_STR };

struct chase_option {
    const char *name;           /* --name */
    int key;                    /* -k, or 0 */
    enum chase_opt_type type;
    enum chase_opt_field field;
    size_t off;                 /* in struct chase_opts */
    long lo, hi;                /* CHASE_OPT_UINT */
    const char *const *values;  /* CHASE_OPT_ENUM, NULL-terminated */
    const char *what;           /* CHASE_OPT_ENUM: the noun of its refusal ("cache operator") */
    unsigned group;             /* CHASE_G_* */
    const char *arg;            /* the value's name in the help; NULL: a flag */
    const char *help;           /* lines apart by \n */
    /* After the type's own parsing (or instead, for CHASE_OPT_CALL): more
     * checks or a conversion.  0 or CHASE_EXIT_USAGE (said). */
    int (*parse)(const char *arg, struct chase_opts *o);
};

extern const struct chase_option chase_options[];
extern const size_t chase_noptions;

struct chase_option_group {
    unsigned groups;
    const char *title;
};
extern const struct chase_option_group chase_option_groups[];

/* Sets the option from its value.  0 or CHASE_EXIT_USAGE (said). */
int chase_option_set(const struct chase_option *op, const char *arg, struct chase_opts *o);
const struct chase_option *chase_option_find(const char *name);
/* The option a mistyped name most likely meant, or NULL. */
const char *chase_option_suggest(const char *typed);
/* The help of the options in groups, under the groups' headings; which:
 * after an option that few commands take, their names. */
void chase_options_help(FILE *f, unsigned groups, int which);

/* One line on stderr and the hint; returns CHASE_EXIT_USAGE. */
int chase_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* A subcommand (git's cmd_struct): a measurement run by the runner, or a
 * command of its own on saved files. */
struct chase_command {
    const char *name;
    const struct chase_measurement *m;          /* or NULL: run */
    int (*run)(const struct chase_opts *o);
    unsigned groups;                            /* the options it takes (a measurement's: m->options) */
    int operands;                               /* takes FILE... operands */
    const char *synopsis;                       /* after "chase NAME " in the usage line */
    const char *summary;                        /* NULL: the measurement's */
};

/* Every command: the sweep first (what `chase` alone runs). */
size_t chase_commands(const struct chase_command **out);
const struct chase_command *chase_command_find(const char *name);
/* The usage page: every command, or one command's (cmd not NULL). */
void chase_usage(FILE *f, const struct chase_command *cmd);

/* Parses argv (argv[0] is the program) into o and *cmd.  Returns -1 to
 * go on, or an exit status (0 after --help or --version). */
int chase_opts_parse(int argc, char **argv, struct chase_opts *o, const struct chase_command **cmd);

#endif
