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
16 338.746
EOD
$c3 << EOD
16 359.012
64 363.418
256 360.164
1024 378.602
4096 404.227
EOD
$c4 << EOD
4 320.742
8 323.512
16 330.051
EOD
$c5 << EOD
4 332.602
8 330.957
16 331.312
EOD
$c6 << EOD
16 332.008
EOD
$c7 << EOD
16 351.992
64 356.742
256 353.723
1024 369.336
4096 401.293
16384 509.188
65536 966.223
EOD
$c8 << EOD
4 567.426
8 593.383
16 585.465
EOD
$c9 << EOD
4 579.07
8 600.773
16 582.344
EOD
$c10 << EOD
16 598.141
EOD
$c11 << EOD
16 605.215
64 619.051
256 642.496
1024 692.434
4096 739.988
16384 922.23
65536 1294.39
EOD
$c12 << EOD
4 725.047
8 725.359
16 736.004
EOD
$c13 << EOD
4 733.012
8 737.617
16 740.23
EOD
$c14 << EOD
16 742.555
EOD
$c15 << EOD
16 756.188
64 760.973
256 797.691
1024 818.18
4096 860.406
16384 1086.31
65536 1482.39
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
