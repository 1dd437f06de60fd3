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
16 331.207
EOD
$c3 << EOD
16 351.379
64 355.578
256 352.68
1024 367.379
4096 401.883
EOD
$c4 << EOD
4 320.953
8 324.215
16 330.328
EOD
$c5 << EOD
4 331.461
8 331.492
16 331.668
EOD
$c6 << EOD
16 331.641
EOD
$c7 << EOD
16 352.035
64 355.691
256 353.336
1024 371.23
4096 401.395
16384 510.531
65536 971.738
EOD
$c8 << EOD
4 571.578
8 603.633
16 593.48
EOD
$c9 << EOD
4 588.766
8 610.516
16 597.43
EOD
$c10 << EOD
16 594.113
EOD
$c11 << EOD
16 610.363
64 612.168
256 661.258
1024 715.5
4096 767.285
16384 926.914
65536 1291.46
EOD
$c12 << EOD
4 723.34
8 730.07
16 738.676
EOD
$c13 << EOD
4 733.188
8 740.582
16 733.688
EOD
$c14 << EOD
16 728.438
EOD
$c15 << EOD
16 759.016
64 762.41
256 799.398
1024 818.066
4096 876.25
16384 1087.74
65536 1496.31
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
