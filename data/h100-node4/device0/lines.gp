# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device0/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.872 152.251
16 151.8 152.243
32 271.342 272.266
64 271.294 272.293
128 283.041 282.999
256 282.955 282.906
EOD
$s0 << EOD
16 181.129
32 221.657
64 183.52
128 228.252
256 81.0654
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 284.712 282.158
16 283.119 281.159
32 406.773 409.52
64 527.867 527.689
128 683.067 685.438
256 672.558 671.327
EOD
$s1 << EOD
16 381.604
32 409.318
64 476.79
128 517.75
256 283.005
512 282.963
1024 282.777
2048 283.085
EOD
$p2 << EOD
8 363.869 363.989
16 364.167 363.868
32 488.886 490.416
64 692.162 693.149
128 690.171 694.396
256 694.318 694.553
EOD
$s2 << EOD
16 493.611
32 517.547
64 591.217
128 654.426
256 433.667
512 283.49
1024 282.927
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
