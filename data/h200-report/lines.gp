# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.EThCAgGeuB/h200/h200-report/lines.png'
load '/tmp/tmp.cuXIw2R7Uc/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.725 151.954
16 151.733 151.906
32 270.929 271.597
64 270.966 271.597
128 282.177 282.193
256 282.412 282.39
EOD
$s0 << EOD
16 179.617
32 222.39
64 183.926
128 227.833
256 80.4849
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 284.169 278.723
16 282.742 279.602
32 405.638 404.644
64 525.858 527.945
128 680.026 681.389
256 669.726 671.799
EOD
$s1 << EOD
16 329.993
32 344.052
64 384.28
128 412.566
256 282.432
512 282.51
1024 282.27
2048 282.173
EOD
$p2 << EOD
8 361.584 362.936
16 361.569 359.954
32 488.562 486.374
64 685.411 687.11
128 686.287 689.378
256 686.589 687.385
EOD
$s2 << EOD
16 497.909
32 523.986
64 597.795
128 654.035
256 437.437
512 282.905
1024 282.55
2048 282.215
EOD
set multiplot layout 1,2 title 'NVIDIA H200: line and sector size'
set logscale x 2
unset logscale y
set xlabel "second load at +sub (bytes)"
set ylabel "cycles a load (pair: solid; a group later: dashed)"
plot $p0 using 1:2 with linespoints ls 1 title 'L1', $p0 using 1:3 with linespoints ls 1 dt 2 notitle, $p1 using 1:2 with linespoints ls 2 title 'L2 near', $p1 using 1:3 with linespoints ls 2 dt 2 notitle, $p2 using 1:2 with linespoints ls 3 title 'L2 far', $p2 using 1:3 with linespoints ls 3 dt 2 notitle
set xlabel "stride: one load a block (bytes)"
set ylabel "cycles a load, 1.5 x the capacity"
plot $s0 using 1:2 with linespoints ls 1 title 'L1', $s1 using 1:2 with linespoints ls 2 title 'L2 near', $s2 using 1:2 with linespoints ls 3 title 'L2 far'
unset multiplot
