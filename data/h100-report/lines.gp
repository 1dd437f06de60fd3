# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/h100-report/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 153.363 153.188
16 153.16 153.223
32 274.458 274.271
64 274.161 274.269
128 285.411 285.432
256 285.775 285.771
EOD
$s0 << EOD
16 185.453
32 224.934
64 186.999
128 232.212
256 82.3267
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 280.617 274.928
16 278.277 276.964
32 404.314 404.832
64 519.124 521.265
128 678.899 678.262
256 668.612 667.013
EOD
$s1 << EOD
16 372.229
32 396.658
64 462.318
128 506.715
256 285.647
512 285.602
1024 285.817
2048 285.819
EOD
$p2 << EOD
8 363.847 362.953
16 361.784 363.256
32 489.576 490.588
64 687.45 688.956
128 688.389 689.795
256 688.58 690.555
EOD
$s2 << EOD
16 492.812
32 515.033
64 589.542
128 636.65
256 435.93
512 285.845
1024 285.493
2048 285.593
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
