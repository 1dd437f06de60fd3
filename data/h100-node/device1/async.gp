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
16 330.684
EOD
$c3 << EOD
16 350.73
64 354.809
256 352.18
1024 371.176
4096 405.094
EOD
$c4 << EOD
4 319.633
8 324.184
16 329.598
EOD
$c5 << EOD
4 332.219
8 331.16
16 331.707
EOD
$c6 << EOD
16 331.957
EOD
$c7 << EOD
16 352.055
64 356.719
256 352.578
1024 370.469
4096 400.801
16384 509.184
65536 965.902
EOD
$c8 << EOD
4 562.406
8 581.328
16 582.344
EOD
$c9 << EOD
4 593.738
8 585.719
16 584.445
EOD
$c10 << EOD
16 592.25
EOD
$c11 << EOD
16 615.445
64 610.047
256 662.449
1024 684.562
4096 736.793
16384 918.727
65536 1302.16
EOD
$c12 << EOD
4 723.789
8 736.387
16 729.309
EOD
$c13 << EOD
4 732.023
8 741.996
16 738.461
EOD
$c14 << EOD
16 732.793
EOD
$c15 << EOD
16 758.047
64 761.766
256 797.832
1024 811.824
4096 858.141
16384 1068.3
65536 1487.35
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
