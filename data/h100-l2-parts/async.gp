# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/x/h100-l2parts/report/async.png'
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
16 331.844
EOD
$c3 << EOD
16 352
64 356.051
256 353.379
1024 370.895
4096 404.863
EOD
$c4 << EOD
4 321.301
8 324.996
16 330.852
EOD
$c5 << EOD
4 333.016
8 332.988
16 332.922
EOD
$c6 << EOD
16 333.121
EOD
$c7 << EOD
16 352.676
64 357.324
256 355.07
1024 370.832
4096 401.086
16384 510
65536 967.312
EOD
$c8 << EOD
4 568.582
8 579.727
16 592.672
EOD
$c9 << EOD
4 607.43
8 592.867
16 598.09
EOD
$c10 << EOD
16 594.613
EOD
$c11 << EOD
16 625.672
64 607.648
256 639.617
1024 672.406
4096 764.324
16384 913.434
65536 1294
EOD
$c12 << EOD
4 723.891
8 730.488
16 737.289
EOD
$c13 << EOD
4 735.316
8 738.656
16 741.328
EOD
$c14 << EOD
16 732.164
EOD
$c15 << EOD
16 760.5
64 762.969
256 801.773
1024 810.062
4096 860.344
16384 1079.04
65536 1489.09
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
