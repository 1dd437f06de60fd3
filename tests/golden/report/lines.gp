# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output 'TMP/report/lines.png'
load 'chase.gp'
set pointsize 0.9
$p0 << EOD
8 12 12
16 12 12
32 12 12
64 20 20
128 20 20
256 20 20
EOD
$s0 << EOD
16 6.10156
32 7.91406
64 12.8828
128 8.44531
256 4
512 4
EOD
$p1 << EOD
8 77 77.2677
16 77 77.2677
32 77 77.2677
64 150 150
128 150 150
256 150 150
EOD
$s1 << EOD
16 32.9081
32 55.5928
64 89.2529
128 20
256 20
512 20
1024 9.88281
2048 4
EOD
set multiplot layout 1,2 title 'simulated hierarchy: line and sector size'
set logscale x 2
unset logscale y
set key above horizontal
set rmargin 5
set xlabel "second load at +sub (bytes)"
set ylabel "cycles a load (pair: solid; a group later: dashed)"
set xrange [6.95652:294.4]
plot $p0 using 1:2 with linespoints ls 1 title 'L1', $p0 using 1:3 with linespoints ls 1 dt 2 notitle, $p1 using 1:2 with linespoints ls 2 title 'L2', $p1 using 1:3 with linespoints ls 2 dt 2 notitle
set xlabel "stride: one load a block (bytes)"
set ylabel "cycles a load, 1.5 x the capacity"
set xrange [13.913:2355.2]
plot $s0 using 1:2 with linespoints ls 1 title 'L1', $s1 using 1:2 with linespoints ls 2 title 'L2'
unset multiplot
