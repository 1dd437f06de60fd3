# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device0/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 149.797 149.947
16 149.79 149.949
32 267.286 267.58
64 267.29 267.628
128 278.657 278.679
256 278.516 278.51
EOD
$s0 << EOD
16 180.68
32 220.254
64 181.012
128 226.161
256 80.2949
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 282.448 281.271
16 280.588 280.998
32 404.866 404.5
64 524.696 529.088
128 679.059 681.29
256 669.952 671.338
EOD
$s1 << EOD
16 378.384
32 404.97
64 473.035
128 509.872
256 278.962
512 278.62
1024 278.5
2048 278.666
EOD
$p2 << EOD
8 359.737 360.3
16 359.975 361.216
32 483.68 484.322
64 687.141 687.851
128 685.858 688.257
256 685.394 687.197
EOD
$s2 << EOD
16 496.047
32 519.715
64 594.729
128 650.709
256 434.143
512 278.978
1024 278.538
2048 278.593
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
