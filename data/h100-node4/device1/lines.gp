# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device1/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.864 151.998
16 151.867 152.006
32 271.458 271.561
64 271.453 271.504
128 283.046 283.025
256 282.982 282.97
EOD
$s0 << EOD
16 182.306
32 222.671
64 184.658
128 229.034
256 81.0879
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 283.156 280.092
16 281.887 281.896
32 407.25 408.357
64 526.313 530.796
128 679.507 678.352
256 670.855 670.706
EOD
$s1 << EOD
16 379.49
32 409.105
64 476.015
128 518.726
256 282.998
512 282.998
1024 282.794
2048 283.151
EOD
$p2 << EOD
8 363.57 362.639
16 363.102 365.183
32 488.931 488.885
64 691.025 691.004
128 691.898 692.403
256 692.339 692.712
EOD
$s2 << EOD
16 493.769
32 517.894
64 593.623
128 655.664
256 435.325
512 283.685
1024 283.042
2048 283.141
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
