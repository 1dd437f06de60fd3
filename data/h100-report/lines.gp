# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.66Xbkzb29g/h100/h100-report/lines.png'
load '/tmp/tmp.b0xb36jvCV/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.485 151.604
16 151.464 151.593
32 270.457 270.785
64 270.497 270.748
128 281.912 281.952
256 282.276 282.34
EOD
$s0 << EOD
16 180.718
32 223.141
64 185.698
128 228.645
256 80.7505
512 32.0166
1024 32.0166
2048 32.0166
EOD
$p1 << EOD
8 278.529 275.914
16 275.68 275.788
32 400.295 400.523
64 514.404 515.473
128 674.191 677.09
256 663.179 659.643
EOD
$s1 << EOD
16 366.888
32 388.822
64 453.855
128 494.44
256 282.253
512 282.322
1024 282.265
2048 282.124
EOD
$p2 << EOD
8 358.637 360.981
16 359.902 361.1
32 486.823 486.317
64 682.32 685.953
128 683.337 688.509
256 686.189 686.411
EOD
$s2 << EOD
16 489.347
32 510.438
64 587.305
128 637.182
256 431.585
512 282.294
1024 282.039
2048 282.071
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
