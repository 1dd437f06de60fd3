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
16 330.715
EOD
$c3 << EOD
16 350.867
64 354.961
256 352.441
1024 371.035
4096 405.398
EOD
$c4 << EOD
4 320.168
8 324.148
16 329.961
EOD
$c5 << EOD
4 331.648
8 330.75
16 331.578
EOD
$c6 << EOD
16 331.387
EOD
$c7 << EOD
16 352.434
64 354.945
256 352.68
1024 370.785
4096 401.164
16384 509.215
65536 967.52
EOD
$c8 << EOD
4 566.547
8 580.727
16 578.641
EOD
$c9 << EOD
4 596.363
8 588.875
16 581.289
EOD
$c10 << EOD
16 595.188
EOD
$c11 << EOD
16 617.574
64 611.348
256 663.422
1024 681.395
4096 735.41
16384 924.613
65536 1299.31
EOD
$c12 << EOD
4 724.066
8 734.234
16 733.023
EOD
$c13 << EOD
4 734.75
8 737.453
16 740.926
EOD
$c14 << EOD
16 733.277
EOD
$c15 << EOD
16 758.098
64 759.098
256 802.953
1024 812.602
4096 868.918
16384 1068.57
65536 1489.17
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
