# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device3/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 149.041 149.032
16 148.933 149.028
32 265.806 265.679
64 265.847 265.676
128 276.524 276.579
256 276.392 276.41
EOD
$s0 << EOD
16 177.767
32 218.913
64 180.838
128 222.041
256 80.1167
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 282.678 279.772
16 279.925 280.215
32 402.181 400.746
64 525.847 525.994
128 677.761 679.288
256 668.989 670.822
EOD
$s1 << EOD
16 355.255
32 379.71
64 442.992
128 491.327
256 276.389
512 276.313
1024 276.457
2048 276.253
EOD
$p2 << EOD
8 359.582 359.894
16 358.682 359.049
32 481.844 482.323
64 682.566 686.328
128 684.152 686.472
256 685.563 685.622
EOD
$s2 << EOD
16 494.584
32 520.339
64 593.553
128 647.117
256 431.766
512 276.964
1024 276.441
2048 276.512
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
