# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device1/async.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
set logscale x 2
set logscale y
set xlabel "bytes a copy"
set ylabel "cycles a copy"
set key outside right top
unset label
unset arrow
set title 'NVIDIA H100 80GB HBM3: copies into shared memory, latency in a chain'."\n".'cycles: clock64() (SM clock) around the timed loop; ns: %globaltimer around the same loops'
$c0 << EOD
4 68.1641
8 72.1641
16 78.168
EOD
$c1 << EOD
4 89.1055
8 89.1055
16 89.1055
EOD
$c2 << EOD
16 320.801
EOD
$c3 << EOD
16 340.965
64 344.301
256 341.66
1024 357.863
4096 397.07
EOD
$c4 << EOD
4 312.191
8 316.672
16 321.969
EOD
$c5 << EOD
4 324.5
8 323.516
16 323.91
EOD
$c6 << EOD
16 323.828
EOD
$c7 << EOD
16 343.562
64 347.836
256 344.621
1024 360.707
4096 394.523
16384 501.633
65536 961.77
EOD
$c8 << EOD
4 554.254
8 590.484
16 581.559
EOD
$c9 << EOD
4 579.844
8 607.086
16 584.555
EOD
$c10 << EOD
16 601.641
EOD
$c11 << EOD
16 605.082
64 611.266
256 630.859
1024 690.633
4096 730.125
16384 912.488
65536 1285.16
EOD
$c12 << EOD
4 718.734
8 724.43
16 723.055
EOD
$c13 << EOD
4 721.031
8 727.039
16 732.117
EOD
$c14 << EOD
16 722.617
EOD
$c15 << EOD
16 746.57
64 755.129
256 792.52
1024 810.016
4096 869.168
16384 1076.95
65536 1489.18
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
