# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/x/h100-l2parts/report/lines.png'
load '/work/main/build/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.003 151.279
16 151.011 151.294
32 269.774 270.344
64 269.75 270.253
128 280.91 280.953
256 280.876 280.838
EOD
$s0 << EOD
16 178.474
32 221.109
64 181.55
128 228.58
256 80.8652
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 282.264 278.837
16 280.484 279.541
32 405.483 405.486
64 521.778 525.842
128 679.117 678.129
256 669.99 669.822
EOD
$s1 << EOD
16 376.957
32 407.335
64 475.924
128 514.526
256 280.903
512 280.862
1024 280.693
2048 281.013
EOD
$p2 << EOD
8 363.305 361.914
16 363.128 361.797
32 488.153 488.771
64 690.231 689.663
128 689.667 691.803
256 689.984 688.005
EOD
$s2 << EOD
16 491.53
32 516.154
64 591.038
128 652.968
256 432.8
512 281.498
1024 280.916
2048 281.055
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
