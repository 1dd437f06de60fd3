# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.zJyQH7BbUR/h100/h100-report/lines.png'
load '/tmp/tmp.kFHsQTwIBK/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 150.602 150.74
16 150.617 150.834
32 269.344 269.065
64 268.997 269.094
128 280.859 280.877
256 280.749 280.785
EOD
$s0 << EOD
16 180.794
32 220.282
64 183.461
128 227.431
256 80.8179
512 32.0166
1024 32.0166
2048 32.0166
EOD
$p1 << EOD
8 279.066 276.204
16 275.92 274.944
32 401.076 402.302
64 515.763 513.932
128 678.139 680.112
256 664.385 663.572
EOD
$s1 << EOD
16 367.95
32 391.606
64 458.32
128 502.2
256 280.882
512 280.712
1024 280.852
2048 280.693
EOD
$p2 << EOD
8 361.89 361.432
16 361.892 363.495
32 486.915 487.209
64 685.143 688.808
128 686.904 688.655
256 687.591 690.253
EOD
$s2 << EOD
16 491.556
32 512.534
64 587.118
128 636.415
256 431.495
512 281.021
1024 280.723
2048 280.696
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
