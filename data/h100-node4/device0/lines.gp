# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device0/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.608 151.711
16 151.617 151.811
32 270.953 271.198
64 270.969 271.414
128 282.093 282.053
256 282.305 282.251
EOD
$s0 << EOD
16 179.151
32 222.154
64 184.516
128 228.399
256 80.9092
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 282.373 279.357
16 281.028 280.014
32 404.023 406.854
64 525.096 525.344
128 679.134 678.95
256 669.888 670.23
EOD
$s1 << EOD
16 378.396
32 405.716
64 476.196
128 515.006
256 282.436
512 282.229
1024 282.297
2048 282.266
EOD
$p2 << EOD
8 364.223 362.913
16 363.306 362.761
32 488.774 489.774
64 691.046 690.191
128 690.081 691.722
256 691.359 690.741
EOD
$s2 << EOD
16 491.857
32 518.038
64 590.487
128 653.788
256 428.887
512 282.795
1024 282.218
2048 282.548
EOD
set multiplot layout 1,2 title 'NVIDIA H100 80GB HBM3: line and sector size'
set logscale x 2
unset logscale y
set key above horizontal
set rmargin 5
set xlabel "second load at +sub (bytes)"
set ylabel "cycles a load (pair: solid; a group later: dashed)"
set xrange [6.95652:294.4]
plot $p0 using 1:2 with linespoints ls 1 title 'L1', $p0 using 1:3 with linespoints ls 1 dt 2 notitle, $p1 using 1:2 with linespoints ls 2 title 'L2 near', $p1 using 1:3 with linespoints ls 2 dt 2 notitle, $p2 using 1:2 with linespoints ls 3 title 'L2 far', $p2 using 1:3 with linespoints ls 3 dt 2 notitle
set xlabel "stride: one load a block (bytes)"
set ylabel "cycles a load, 1.5 x the capacity"
set xrange [13.913:2355.2]
plot $s0 using 1:2 with linespoints ls 1 title 'L1', $s1 using 1:2 with linespoints ls 2 title 'L2 near', $s2 using 1:2 with linespoints ls 3 title 'L2 far'
unset multiplot
