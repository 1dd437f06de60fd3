# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device3/async.png'
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
16 326.305
EOD
$c3 << EOD
16 346.43
64 350.477
256 347.43
1024 363.504
4096 394.508
EOD
$c4 << EOD
4 312.496
8 316.664
16 322.547
EOD
$c5 << EOD
4 324.973
8 324.492
16 324.121
EOD
$c6 << EOD
16 324.16
EOD
$c7 << EOD
16 344.445
64 348.113
256 345.523
1024 361.172
4096 393.5
16384 501.535
65536 972.281
EOD
$c8 << EOD
4 556.414
8 595.668
16 576.969
EOD
$c9 << EOD
4 582.219
8 608.012
16 588.148
EOD
$c10 << EOD
16 587.039
EOD
$c11 << EOD
16 610.16
64 605.859
256 658.414
1024 711.93
4096 745.27
16384 912.656
65536 1282
EOD
$c12 << EOD
4 721.23
8 724.871
16 725.523
EOD
$c13 << EOD
4 732.684
8 723.152
16 730.707
EOD
$c14 << EOD
16 728.641
EOD
$c15 << EOD
16 749.117
64 756.449
256 789.242
1024 811.102
4096 862.172
16384 1083.96
65536 1487.82
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
