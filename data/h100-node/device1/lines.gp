# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device1/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 153.264 153.365
16 153.244 153.34
32 274.17 274.294
64 274.215 274.264
128 286.035 286.053
256 285.763 285.72
EOD
$s0 << EOD
16 184.228
32 223.955
64 185.798
128 231.324
256 81.8345
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 281.73 279.981
16 278.233 278.304
32 406.347 409.174
64 524.438 525.583
128 678.541 677.809
256 663.646 667.646
EOD
$s1 << EOD
16 381.86
32 409.542
64 475.891
128 515.117
256 285.947
512 285.926
1024 285.887
2048 286.052
EOD
$p2 << EOD
8 359.927 358.756
16 360.039 358.634
32 486.994 486.881
64 681.642 686.023
128 683.509 688.36
256 685.429 686.93
EOD
$s2 << EOD
16 487.38
32 510.185
64 586.874
128 650.72
256 426.991
512 286.188
1024 286.149
2048 285.968
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
