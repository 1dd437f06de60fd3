# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.wPb3f22H3S/h100/h100-report/lines.png'
load '/tmp/tmp.teZ1g6snjo/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 149.884 149.889
16 149.862 149.951
32 267.492 267.517
64 267.479 267.644
128 278.565 278.522
256 278.625 278.619
EOD
$s0 << EOD
16 178.101
32 219.885
64 181.17
128 225.21
256 80.3271
512 32.0166
1024 32.0166
2048 32.0166
EOD
$p1 << EOD
8 279.813 275.237
16 274.81 273.747
32 398.913 399.092
64 515.838 520.871
128 676.892 676.263
256 664.608 662.971
EOD
$s1 << EOD
16 368.869
32 388.526
64 457.865
128 501.646
256 278.887
512 278.599
1024 278.639
2048 278.538
EOD
$p2 << EOD
8 361.364 359.151
16 359.588 358.03
32 482.012 483.02
64 682.228 682.39
128 685.859 687.444
256 684.347 685.117
EOD
$s2 << EOD
16 481.829
32 506.549
64 576.066
128 625.146
256 425.369
512 278.771
1024 278.503
2048 278.47
EOD
set multiplot layout 1,2 title 'NVIDIA H100 80GB HBM3: line and sector size'
set logscale x 2
unset logscale y
set xlabel "second load at +sub (bytes)"
set ylabel "cycles a load (pair: solid; a group later: dashed)"
plot $p0 using 1:2 with linespoints ls 1 title 'L1', $p0 using 1:3 with linespoints ls 1 dt 2 notitle, $p1 using 1:2 with linespoints ls 2 title 'L2 near', $p1 using 1:3 with linespoints ls 2 dt 2 notitle, $p2 using 1:2 with linespoints ls 3 title 'L2 far', $p2 using 1:3 with linespoints ls 3 dt 2 notitle
set xlabel "stride: one load a block (bytes)"
set ylabel "cycles a load, 1.5 x the capacity"
plot $s0 using 1:2 with linespoints ls 1 title 'L1', $s1 using 1:2 with linespoints ls 2 title 'L2 near', $s2 using 1:2 with linespoints ls 3 title 'L2 far'
unset multiplot
