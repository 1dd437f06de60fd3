# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/h200/h200-report/lines.png'
load '/work/main/_build/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.699 151.617
16 151.808 151.706
32 271.375 271.08
64 271.106 271.354
128 282.979 282.998
256 283.106 283.101
EOD
$s0 << EOD
16 182.557
32 222.605
64 184.324
128 229.411
256 80.8433
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 282.245 278.863
16 277.778 279.302
32 405.06 405.592
64 522.112 524.626
128 682.663 681.96
256 671.702 670.411
EOD
$s1 << EOD
16 371.218
32 394.014
64 466.723
128 505.359
256 283.55
512 282.887
1024 283.075
2048 282.819
EOD
$p2 << EOD
8 362.245 359.784
16 360.369 360.583
32 485.143 486.791
64 686.649 687.286
128 686.872 689.815
256 686.93 685.065
EOD
$s2 << EOD
16 492.037
32 518.024
64 588.948
128 640.54
256 434.226
512 283.267
1024 283.042
2048 283.026
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
