# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device2/async.png'
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
16 335.012
EOD
$c3 << EOD
16 355.215
64 359.621
256 356.992
1024 373.945
4096 406.758
EOD
$c4 << EOD
4 325.199
8 329.242
16 334.891
EOD
$c5 << EOD
4 336.551
8 336.488
16 336.715
EOD
$c6 << EOD
16 337.285
EOD
$c7 << EOD
16 356.777
64 361.133
256 358.988
1024 373.648
4096 405.16
16384 513.52
65536 970.211
EOD
$c8 << EOD
4 572.656
8 590.93
16 591.199
EOD
$c9 << EOD
4 605.516
8 597.598
16 604.879
EOD
$c10 << EOD
16 602.117
EOD
$c11 << EOD
16 624.168
64 627.98
256 647.906
1024 687.887
4096 776.734
16384 913.633
65536 1298.55
EOD
$c12 << EOD
4 724.938
8 727.738
16 740.133
EOD
$c13 << EOD
4 745.484
8 742.766
16 744.176
EOD
$c14 << EOD
16 749.164
EOD
$c15 << EOD
16 757.055
64 764.691
256 801.824
1024 817.238
4096 865.406
16384 1073.04
65536 1482.92
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
