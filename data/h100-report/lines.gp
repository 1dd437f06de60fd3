# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.mN3Dvxkh9d/h100/h100-report/lines.png'
load '/tmp/tmp.jvsL2wkJ2Y/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 150.443 150.252
16 150.405 150.211
32 268.645 268.625
64 268.656 268.659
128 282.998 282.996
256 282.981 282.991
EOD
$s0 << EOD
16 170.799
32 213.889
64 177.706
128 213.375
256 75.4404
512 32.0166
1024 32.0166
2048 32.0166
EOD
$p1 << EOD
8 279.794 276.926
16 276.124 276.883
32 403.348 404.337
64 521.193 523.48
128 681.046 684.773
256 669.086 670.291
EOD
$s1 << EOD
16 369.055
32 390.079
64 457.772
128 502.714
256 283.019
512 282.949
1024 283.154
2048 282.835
EOD
$p2 << EOD
8 365.627 364.286
16 362.691 363.351
32 491.242 490.594
64 690.837 693.838
128 692.197 693.417
256 693.225 692.87
EOD
$s2 << EOD
16 494.535
32 517.066
64 592.52
128 640.743
256 434.173
512 283.186
1024 282.915
2048 282.824
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
