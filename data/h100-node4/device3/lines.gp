# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device3/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.849 152.048
16 151.87 152.083
32 271.608 272.044
64 271.468 271.757
128 283.044 283.065
256 282.98 283.011
EOD
$s0 << EOD
16 180.446
32 224.088
64 184.49
128 229.897
256 81.3516
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 281.006 279.426
16 277.262 278.41
32 402.407 405.004
64 525.598 522.926
128 683.508 685.393
256 672.364 672.839
EOD
$s1 << EOD
16 380.011
32 407.848
64 479.223
128 514.177
256 283.155
512 283.137
1024 283.149
2048 282.979
EOD
$p2 << EOD
8 364.486 362.023
16 362.652 363.221
32 489.637 488.911
64 691.506 692.965
128 691.408 691.223
256 693.083 690.019
EOD
$s2 << EOD
16 492.149
32 517.818
64 592.062
128 655.874
256 435.338
512 283.772
1024 283.189
2048 283.042
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
