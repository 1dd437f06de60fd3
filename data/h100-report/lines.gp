# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/h100/h100-report/lines.png'
load '/work/main/build/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.55 151.699
16 151.699 151.563
32 270.832 270.843
64 271.104 270.855
128 282.05 282.03
256 282.304 282.275
EOD
$s0 << EOD
16 180.142
32 220.606
64 183.468
128 228.052
256 80.9258
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 283.566 277.536
16 279.972 277.969
32 402.675 404.974
64 523.592 526.03
128 681.604 683.553
256 671.503 673
EOD
$s1 << EOD
16 379.309
32 407.796
64 475.689
128 515.933
256 282.528
512 282.204
1024 282.292
2048 282.252
EOD
$p2 << EOD
8 364.296 363.004
16 363.49 363.571
32 489.036 488.359
64 692.018 691.735
128 690.493 691.116
256 692.726 690.739
EOD
$s2 << EOD
16 491.374
32 517.458
64 589.71
128 652.929
256 433.881
512 282.92
1024 282.278
2048 282.613
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
