# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device2/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.821 151.932
16 151.701 152.173
32 271.146 271.591
64 271.189 272.141
128 283.097 283.096
256 282.92 282.947
EOD
$s0 << EOD
16 181.988
32 222.801
64 183.723
128 227.837
256 81.0776
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 284.015 283.818
16 283.125 283.361
32 408.569 409.202
64 529.297 530.381
128 684.896 683.376
256 675.796 675.677
EOD
$s1 << EOD
16 335.466
32 353.432
64 400.68
128 435.52
256 282.879
512 283.002
1024 283.102
2048 283.147
EOD
$p2 << EOD
8 363.137 362.372
16 362.854 362.442
32 489.59 489.433
64 687.953 691.849
128 689.572 692.267
256 689.533 688.861
EOD
$s2 << EOD
16 500.083
32 524.842
64 599.269
128 653.708
256 440.31
512 283.657
1024 282.85
2048 283.145
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
