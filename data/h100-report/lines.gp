# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.CCF89ZMaBk/h100/h100-report/lines.png'
load '/tmp/tmp.Gm45H7pnoM/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 153.377 153.554
16 153.388 153.553
32 274.468 274.819
64 274.498 274.804
128 286.434 286.39
256 286.757 286.755
EOD
$s0 << EOD
16 182.666
32 227.108
64 187.582
128 231.646
256 82.064
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 280.605 276.998
16 278.988 277.977
32 404.089 405.328
64 519.562 523.715
128 679.678 680.546
256 667.242 667.423
EOD
$s1 << EOD
16 373.943
32 395.425
64 461.574
128 507.833
256 286.563
512 286.68
1024 286.779
2048 286.803
EOD
$p2 << EOD
8 363.183 361.553
16 360.786 362.954
32 490.55 491.544
64 687.963 691.652
128 691.963 692.571
256 689.963 692.888
EOD
$s2 << EOD
16 492.674
32 517.651
64 586.036
128 638.583
256 435.759
512 286.764
1024 286.523
2048 286.528
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
