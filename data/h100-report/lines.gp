# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.StL3l1Gu3y/h100/h100-report/lines.png'
load '/tmp/tmp.RIDGno3Lw5/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 149.74 149.853
16 149.745 149.863
32 267.326 267.455
64 267.246 267.47
128 278.404 278.381
256 278.514 278.454
EOD
$s0 << EOD
16 179.116
32 219.795
64 181.133
128 226.268
256 80.2944
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 279.291 276.15
16 276.009 274.411
32 398.603 398.942
64 515.315 515.676
128 677.178 678.556
256 664.447 663.448
EOD
$s1 << EOD
16 365.054
32 389.239
64 459.631
128 504.543
256 278.72
512 278.449
1024 278.492
2048 278.395
EOD
$p2 << EOD
8 362.373 361.979
16 360.331 361.828
32 486.492 483.968
64 685.456 685.932
128 686.821 688.587
256 688.551 689.388
EOD
$s2 << EOD
16 489.125
32 510.102
64 585.785
128 633.084
256 431.096
512 278.618
1024 278.527
2048 278.314
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
