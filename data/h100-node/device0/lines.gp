# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device0/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 149.783 150.061
16 149.806 150.07
32 267.314 267.817
64 267.31 267.829
128 278.543 278.546
256 278.586 278.585
EOD
$s0 << EOD
16 176.935
32 219.706
64 181.343
128 226.196
256 80.5713
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 280.079 275.64
16 275.115 274.231
32 399.944 400.226
64 516.199 519.295
128 673.241 675.105
256 661.643 663.818
EOD
$s1 << EOD
16 366.57
32 390.046
64 458.306
128 499.5
256 278.917
512 278.507
1024 278.438
2048 278.679
EOD
$p2 << EOD
8 362.936 361.349
16 361.708 362.163
32 484.96 485.048
64 688.92 687.754
128 688.354 687.609
256 688.439 687.549
EOD
$s2 << EOD
16 489.945
32 512.168
64 584.528
128 636.362
256 428.616
512 278.981
1024 278.793
2048 278.584
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
