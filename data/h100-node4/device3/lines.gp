# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device3/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.471 151.576
16 151.471 151.578
32 270.822 270.921
64 270.812 270.772
128 282.123 282.043
256 282.296 282.287
EOD
$s0 << EOD
16 181.57
32 221.053
64 184.343
128 227.882
256 80.9067
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 283.683 282.13
16 281.057 282.584
32 406.395 407.551
64 524.993 526.23
128 683.911 682.856
256 674.71 673.623
EOD
$s1 << EOD
16 378.964
32 406.931
64 476.411
128 516.761
256 282.608
512 282.211
1024 282.312
2048 282.291
EOD
$p2 << EOD
8 363.719 363.089
16 363.903 363.219
32 489.72 488.032
64 692.962 692.236
128 692.945 691.997
256 692.404 690.132
EOD
$s2 << EOD
16 491.96
32 515.309
64 591.597
128 655.005
256 433.65
512 282.604
1024 281.961
2048 282.232
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
