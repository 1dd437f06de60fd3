# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device0/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 152.012 152.236
16 151.912 152.244
32 271.542 272.141
64 271.738 272.312
128 283.229 283.203
256 282.947 282.981
EOD
$s0 << EOD
16 181.388
32 223.61
64 185.466
128 229.989
256 81.4692
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 284.183 278.762
16 281.512 280.882
32 406.948 406.108
64 524.62 530.254
128 679.575 681.626
256 668.51 670.262
EOD
$s1 << EOD
16 378.797
32 409.065
64 476.701
128 515.58
256 283.2
512 283.189
1024 283.051
2048 283.154
EOD
$p2 << EOD
8 361.722 361.83
16 361.172 362.288
32 488.941 487.461
64 686.342 689.897
128 685.914 691.229
256 687.002 688.571
EOD
$s2 << EOD
16 495.756
32 519.195
64 594.741
128 656.215
256 428.209
512 284.042
1024 283.068
2048 282.906
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
