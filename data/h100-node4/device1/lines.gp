# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device1/lines.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
$p0 << EOD
8 149.993 150.131
16 149.583 149.946
32 266.899 268.008
64 266.909 267.603
128 278.245 278.246
256 278.459 278.428
EOD
$s0 << EOD
16 178.057
32 217.948
64 181.349
128 224.976
256 80.7964
512 32.0205
1024 32.0205
2048 32.0205
EOD
$p1 << EOD
8 278.962 276.137
16 276.221 277.338
32 399.67 401.541
64 518.373 518.435
128 678.967 681.158
256 670.415 670.11
EOD
$s1 << EOD
16 375.528
32 404.032
64 472.853
128 511.109
256 278.638
512 278.389
1024 278.475
2048 278.453
EOD
$p2 << EOD
8 361.743 362.635
16 362.06 362.493
32 487.266 484.133
64 688.958 687.534
128 689.804 687.649
256 687.449 685.612
EOD
$s2 << EOD
16 487.118
32 512.971
64 587.969
128 650.06
256 432.864
512 279.146
1024 278.456
2048 278.751
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
