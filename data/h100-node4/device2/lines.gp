# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device2/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 154.476 154.524
16 154.529 154.523
32 276.732 276.602
64 276.738 276.599
128 288.806 288.817
256 288.605 288.558
EOD
$s0 << EOD
16 185.722
32 226.126
64 188.402
128 233.133
256 82.6108
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 290.685 287.025
16 289.452 287.88
32 416.222 417.334
64 542.754 544.218
128 688.656 691.365
256 681.436 680.569
EOD
$s1 << EOD
16 386.138
32 415.449
64 482.734
128 519.441
256 288.863
512 288.459
1024 288.517
2048 288.606
EOD
$p2 << EOD
8 364.104 365.831
16 364.488 365.831
32 492.958 494.462
64 694.544 695.301
128 695.06 695.282
256 693.952 692.377
EOD
$s2 << EOD
16 502.674
32 523.789
64 595.2
128 660.506
256 430.554
512 288.754
1024 287.893
2048 288.406
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
