# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device1/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.618 151.752
16 151.635 151.766
32 271.098 271.244
64 271.1 271.261
128 282.99 282.996
256 283.029 283.047
EOD
$s0 << EOD
16 181.867
32 223.823
64 184.364
128 230.838
256 81.606
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 281.815 278.91
16 278.621 275.69
32 404.441 405.215
64 519.124 520.383
128 682.507 684.435
256 669.707 669.053
EOD
$s1 << EOD
16 369.799
32 393.82
64 463.435
128 506.963
256 283.473
512 282.986
1024 282.867
2048 283.104
EOD
$p2 << EOD
8 363.078 363.699
16 363.82 363.077
32 488.793 490.289
64 687.306 690.849
128 693.96 692.665
256 693.407 692.213
EOD
$s2 << EOD
16 494.491
32 515.92
64 590.979
128 639.01
256 434.298
512 283.265
1024 283.363
2048 283.006
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
