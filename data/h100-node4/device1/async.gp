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
16 330.758
EOD
$c3 << EOD
16 350.883
64 355.18
256 352.266
1024 371.578
4096 405.574
EOD
$c4 << EOD
4 320.43
8 324.098
16 329.805
EOD
$c5 << EOD
4 331.684
8 331.938
16 331.738
EOD
$c6 << EOD
16 332
EOD
$c7 << EOD
16 351.438
64 356.266
256 353.941
1024 371.348
4096 401.523
16384 510.793
65536 972.141
EOD
$c8 << EOD
4 568.855
8 577.867
16 598.84
EOD
$c9 << EOD
4 611.75
8 591.676
16 600.539
EOD
$c10 << EOD
16 604.23
EOD
$c11 << EOD
16 629.105
64 614.277
256 638.883
1024 673.41
4096 775.418
16384 931.797
65536 1298.74
EOD
$c12 << EOD
4 724.949
8 733.172
16 737.918
EOD
$c13 << EOD
4 732.707
8 736.719
16 741.887
EOD
$c14 << EOD
16 727.926
EOD
$c15 << EOD
16 757.828
64 759.43
256 799.793
1024 812.219
4096 871.223
16384 1077.77
65536 1490.78
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
