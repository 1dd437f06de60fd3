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
16 325.695
EOD
$c3 << EOD
16 345.879
64 349.777
256 346.598
1024 363.832
4096 396.051
EOD
$c4 << EOD
4 311.988
8 316.668
16 322.434
EOD
$c5 << EOD
4 324.555
8 323.93
16 323.242
EOD
$c6 << EOD
16 323.648
EOD
$c7 << EOD
16 343.793
64 347.891
256 344.887
1024 360.918
4096 394.648
16384 502.031
65536 963.762
EOD
$c8 << EOD
4 557.078
8 603.891
16 578.629
EOD
$c9 << EOD
4 577.16
8 607.902
16 576.691
EOD
$c10 << EOD
16 586.43
EOD
$c11 << EOD
16 597.664
64 605.652
256 659.074
1024 713.699
4096 750.191
16384 926.961
65536 1294.05
EOD
$c12 << EOD
4 717.551
8 721.465
16 725.602
EOD
$c13 << EOD
4 729.676
8 721.883
16 725.73
EOD
$c14 << EOD
16 734.34
EOD
$c15 << EOD
16 745.445
64 756.484
256 789.723
1024 810.223
4096 873.875
16384 1083.68
65536 1489.59
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
