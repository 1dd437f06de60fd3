# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device2/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 149.708 149.872
16 149.718 149.858
32 267.116 267.47
64 267.134 267.47
128 278.271 278.229
256 278.485 278.427
EOD
$s0 << EOD
16 177.84
32 220.045
64 181.606
128 225.289
256 80.1699
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 281.851 279.042
16 279.244 278.9
32 401.953 403.737
64 524.621 524.784
128 678.38 680.864
256 668.362 667.201
EOD
$s1 << EOD
16 375.098
32 403.658
64 472.07
128 514.584
256 278.707
512 278.395
1024 278.465
2048 278.449
EOD
$p2 << EOD
8 361.327 359.982
16 360.504 361.141
32 486.4 484.231
64 686.285 687.552
128 685.006 685.452
256 687.308 683.618
EOD
$s2 << EOD
16 487.596
32 511.306
64 587.243
128 647.306
256 428.753
512 278.711
1024 278.458
2048 278.767
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
