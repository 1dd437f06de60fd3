# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device0/async.png'
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
16 325.723
EOD
$c3 << EOD
16 345.883
64 349.73
256 346.543
1024 364.012
4096 395.762
EOD
$c4 << EOD
4 312.254
8 316.383
16 322.891
EOD
$c5 << EOD
4 324.188
8 324.312
16 324.504
EOD
$c6 << EOD
16 323.172
EOD
$c7 << EOD
16 344.789
64 347.777
256 345.273
1024 360.793
4096 394.016
16384 501.938
65536 968.332
EOD
$c8 << EOD
4 561.832
8 597.625
16 571.844
EOD
$c9 << EOD
4 585.973
8 607.383
16 582.832
EOD
$c10 << EOD
16 583.016
EOD
$c11 << EOD
16 599.133
64 609.141
256 654.082
1024 705.91
4096 742.367
16384 908.535
65536 1293.2
EOD
$c12 << EOD
4 720.273
8 719.262
16 724.066
EOD
$c13 << EOD
4 730.09
8 723.84
16 726.52
EOD
$c14 << EOD
16 729.812
EOD
$c15 << EOD
16 752.297
64 754.648
256 793.934
1024 810.961
4096 858.938
16384 1078.61
65536 1487.18
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
