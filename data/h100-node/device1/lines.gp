# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device1/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 152.045 152.071
16 152.041 152.045
32 271.832 271.753
64 271.768 271.74
128 282.826 282.854
256 282.777 282.761
EOD
$s0 << EOD
16 180.27
32 224.367
64 183.677
128 227.416
256 81.0396
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 283.382 283.34
16 280.971 280.401
32 408.761 408.21
64 526.501 526.943
128 683.445 685.711
256 672.474 672.024
EOD
$s1 << EOD
16 379.19
32 408.132
64 477.5
128 516.03
256 282.774
512 282.746
1024 282.604
2048 282.983
EOD
$p2 << EOD
8 362.515 362.443
16 362.937 363.581
32 488.706 489.183
64 689.365 692.426
128 690.11 692.008
256 690.845 690.369
EOD
$s2 << EOD
16 493.102
32 515.885
64 591.574
128 654.172
256 433.488
512 283.463
1024 282.846
2048 282.892
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
