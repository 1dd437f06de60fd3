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
16 330.227
EOD
$c3 << EOD
16 350.379
64 353.793
256 351.664
1024 370.645
4096 405.57
EOD
$c4 << EOD
4 318.543
8 323.738
16 328.988
EOD
$c5 << EOD
4 331.289
8 331.375
16 331.355
EOD
$c6 << EOD
16 331.707
EOD
$c7 << EOD
16 351.402
64 354.504
256 352.336
1024 370.25
4096 401.117
16384 509.809
65536 969.391
EOD
$c8 << EOD
4 560.055
8 572.547
16 576.727
EOD
$c9 << EOD
4 579.648
8 584.695
16 580.332
EOD
$c10 << EOD
16 587.797
EOD
$c11 << EOD
16 602.512
64 609.051
256 631.773
1024 678.879
4096 733.578
16384 904.273
65536 1280.09
EOD
$c12 << EOD
4 713.613
8 725.957
16 723.266
EOD
$c13 << EOD
4 728.996
8 731.906
16 736.34
EOD
$c14 << EOD
16 728.379
EOD
$c15 << EOD
16 752.914
64 754.066
256 788.539
1024 806.324
4096 865.156
16384 1068.14
65536 1489.71
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
