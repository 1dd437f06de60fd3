# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/h200/h200-report/lines.png'
load '/work/main/build/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.302 151.689
16 151.312 151.69
32 270.372 271.072
64 270.388 271.091
128 282.386 282.36
256 282.454 282.463
EOD
$s0 << EOD
16 182.362
32 220.758
64 184.352
128 228.689
256 81.0889
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 275.708 275.47
16 272.591 274.402
32 399.666 400.277
64 511.44 515.501
128 655.238 657.638
256 646.443 649.138
EOD
$s1 << EOD
16 348.988
32 366.159
64 422.306
128 459.126
256 282.25
512 282.309
1024 282.432
2048 282.516
EOD
$p2 << EOD
8 348.826 347.829
16 349.354 348.837
32 475.874 473.393
64 661.644 660.61
128 663.045 666.094
256 665.013 664.407
EOD
$s2 << EOD
16 474.812
32 499.836
64 564.265
128 609.182
256 410.812
512 282.172
1024 281.622
2048 281.831
EOD
set multiplot layout 1,2 title 'NVIDIA H200: line and sector size'
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
