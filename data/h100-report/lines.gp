# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.mjAX32R4Di/h100/h100-report/lines.png'
load '/tmp/tmp.iJA6pRTEro/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.126 151.128
16 151.164 151.092
32 270.057 269.919
64 270.033 269.912
128 281.468 281.446
256 281.373 281.337
EOD
$s0 << EOD
16 177.55
32 222.23
64 183.91
128 228.271
256 81.7739
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 278.248 274.494
16 275.6 274.89
32 400.452 401.358
64 513.191 517.463
128 673.333 677.979
256 663.265 662.94
EOD
$s1 << EOD
16 366.855
32 392.897
64 458.796
128 500.686
256 281.469
512 281.369
1024 281.396
2048 281.278
EOD
$p2 << EOD
8 359.523 360.708
16 360.915 361.05
32 485.96 482.91
64 681.786 687.157
128 684.113 686.812
256 685.635 684.014
EOD
$s2 << EOD
16 489.817
32 510.933
64 585.176
128 634.729
256 430.609
512 281.481
1024 281.369
2048 281.213
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
