# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.ujQoOx6OT6/h100/h100-report/lines.png'
load '/tmp/tmp.xrKv3sL0yJ/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.68 151.687
16 151.693 151.724
32 271.059 271.124
64 271.046 271.146
128 283.408 283.393
256 283.416 283.307
EOD
$s0 << EOD
16 180.528
32 223.298
64 183.518
128 228.942
256 80.7485
512 32.0166
1024 32.0166
2048 32.0166
EOD
$p1 << EOD
8 280.665 276.481
16 276.564 275.21
32 402.224 402.694
64 516.774 523.311
128 678.196 681.443
256 664.548 666.671
EOD
$s1 << EOD
16 368.423
32 390.338
64 454.677
128 501.691
256 283.328
512 283.195
1024 283.359
2048 283.014
EOD
$p2 << EOD
8 361.287 361.409
16 360.839 361.162
32 488.001 487.435
64 686.106 688.61
128 688.969 689.108
256 689.389 689.841
EOD
$s2 << EOD
16 490.716
32 514.761
64 588.515
128 635.646
256 432.368
512 283.071
1024 282.559
2048 282.863
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
