# chase.gp: the house style of chase's plots.  chase writes a script that
# sets the terminal (from the image's name: png, pdf or svg) and the output,
# loads this file, then sets the title, ranges, marks and data.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set encoding utf8
# Labels come from file metadata: print them as they are, no markup.
set termoption noenhanced
set logscale x 2
set logscale y 2
set xlabel "working-set size"
set format y "%g"
set grid xtics ytics mytics lc rgb "#dddddd" lw 1 dt 1
set mytics 2
set key top left Left reverse box lw 0.8 samplen 3 spacing 1.1
set border 3 lw 1.2
set tics nomirror out
set xtics rotate by -35
# A boxed label hides what lies under its text (a capacity line), nothing more.
set style textbox opaque noborder margins 0, 0
# Series i: a colour-blind-safe colour (Okabe and Ito), a marker and a dash
# of its own, so curves stay apart in grey print too (the same as
# chase_gp_series in src/plot.c); word(colors, i) is curve i's colour.
# Markers take the terminal's point size, which chase sets for each.
colors = "#0072B2 #D55E00 #009E73 #CC79A7 #E69F00 #56B4E9 #000000"
set style line 1 lc rgb "#0072B2" lw 2 pt 7 dt 1
set style line 2 lc rgb "#D55E00" lw 2 pt 5 dt (7,3)
set style line 3 lc rgb "#009E73" lw 2 pt 9 dt (2,2)
set style line 4 lc rgb "#CC79A7" lw 2 pt 11 dt (7,2,2,2)
set style line 5 lc rgb "#E69F00" lw 2 pt 13 dt (12,4)
set style line 6 lc rgb "#56B4E9" lw 2 pt 6 dt (3,4)
set style line 7 lc rgb "#000000" lw 2 pt 4 dt (7,2,2,2,2,2)
