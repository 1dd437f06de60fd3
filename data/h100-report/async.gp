# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/h100/h100-report/async.png'
load '/work/main/build/chase-0.2.0/plots/chase.gp'
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
16 321.285
EOD
$c3 << EOD
16 341.414
64 344.883
256 342.367
1024 357.34
4096 396.203
EOD
$c4 << EOD
4 313.238
8 317.266
16 322.348
EOD
$c5 << EOD
4 324.672
8 325.09
16 324.633
EOD
$c6 << EOD
16 324.914
EOD
$c7 << EOD
16 344.574
64 349.109
256 345.809
1024 360.75
4096 393.523
16384 502.375
65536 971.148
EOD
$c8 << EOD
4 555.277
8 589.469
16 580.168
EOD
$c9 << EOD
4 585.262
8 605.254
16 579.266
EOD
$c10 << EOD
16 586.133
EOD
$c11 << EOD
16 598.23
64 610.676
256 642.16
1024 687.977
4096 750.102
16384 897.477
65536 1285.7
EOD
$c12 << EOD
4 715.848
8 725.441
16 727.441
EOD
$c13 << EOD
4 722.676
8 725.316
16 732.395
EOD
$c14 << EOD
16 729.289
EOD
$c15 << EOD
16 754.828
64 755.441
256 798.477
1024 806.094
4096 864.727
16384 1071.89
65536 1489.22
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
