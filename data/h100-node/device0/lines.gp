# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device0/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.642 151.867
16 151.635 151.873
32 270.979 271.41
64 270.971 271.424
128 283.032 282.982
256 282.904 282.93
EOD
$s0 << EOD
16 180.427
32 223.205
64 184.985
128 227.366
256 81.0757
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 285.148 284.353
16 280.462 280.983
32 407.278 409.142
64 528.125 531.62
128 682.83 685.633
256 672.513 672.005
EOD
$s1 << EOD
16 379.2
32 407.371
64 476.605
128 516.009
256 282.978
512 282.958
1024 282.789
2048 283.094
EOD
$p2 << EOD
8 364.013 362.993
16 363.146 362.668
32 489.532 490.015
64 692.454 691.542
128 690.623 691.24
256 690.245 691.708
EOD
$s2 << EOD
16 493.492
32 516.384
64 591.42
128 654.011
256 433.896
512 283.666
1024 282.996
2048 283.142
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
