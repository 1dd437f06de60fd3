# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device1/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 149.78 149.917
16 149.783 149.95
32 267.323 267.513
64 267.321 267.573
128 278.658 278.646
256 278.494 278.488
EOD
$s0 << EOD
16 179.714
32 219.177
64 181.822
128 225.894
256 80.3032
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 284.585 281.182
16 280.085 281.363
32 404.889 404.687
64 525.757 525.96
128 679.118 680.814
256 670.499 670.289
EOD
$s1 << EOD
16 356.338
32 382.383
64 446.965
128 494.193
256 278.498
512 278.459
1024 278.583
2048 278.365
EOD
$p2 << EOD
8 360.293 361.304
16 360.508 360.609
32 484.749 483.865
64 686.16 688.579
128 685.979 686.469
256 684.358 684.93
EOD
$s2 << EOD
16 495.047
32 518.892
64 594.495
128 650.903
256 433.686
512 278.765
1024 278.104
2048 278.61
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
