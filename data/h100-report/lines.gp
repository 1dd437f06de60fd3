# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.e8fKSDVvZR/h100/h100-report/lines.png'
load '/tmp/tmp.ZIzScmmmo2/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.774 151.802
16 151.678 151.776
32 271.281 271.302
64 271.305 271.324
128 282.214 282.225
256 282.323 282.25
EOD
$s0 << EOD
16 181.251
32 221.671
64 183.218
128 228.382
256 81.5591
512 32.0166
1024 32.0166
2048 32.0166
EOD
$p1 << EOD
8 280.194 277.753
16 277.099 279.24
32 403.595 402.603
64 518.295 521.654
128 680.185 681.192
256 669.246 666.528
EOD
$s1 << EOD
16 370.154
32 396.843
64 463.041
128 506.521
256 282.523
512 282.293
1024 282.334
2048 282.261
EOD
$p2 << EOD
8 363.065 363.571
16 364.161 363.274
32 489.695 490.068
64 692.439 689.499
128 692.893 692.786
256 691.098 691.578
EOD
$s2 << EOD
16 493.532
32 515.875
64 590.103
128 638.247
256 433.264
512 282.433
1024 282.321
2048 282.122
EOD
set multiplot layout 1,2 title 'NVIDIA H100 80GB HBM3: line and sector size'
set logscale x 2
unset logscale y
set xlabel "second load at +sub (bytes)"
set ylabel "cycles a load (pair: solid; a group later: dashed)"
plot $p0 using 1:2 with linespoints ls 1 title 'L1', $p0 using 1:3 with linespoints ls 1 dt 2 notitle, $p1 using 1:2 with linespoints ls 2 title 'L2 near', $p1 using 1:3 with linespoints ls 2 dt 2 notitle, $p2 using 1:2 with linespoints ls 3 title 'L2 far', $p2 using 1:3 with linespoints ls 3 dt 2 notitle
set xlabel "stride: one load a block (bytes)"
set ylabel "cycles a load, 1.5 x the capacity"
plot $s0 using 1:2 with linespoints ls 1 title 'L1', $s1 using 1:2 with linespoints ls 2 title 'L2 near', $s2 using 1:2 with linespoints ls 3 title 'L2 far'
unset multiplot
