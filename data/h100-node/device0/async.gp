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
16 330.703
EOD
$c3 << EOD
16 350.816
64 354.922
256 352.328
1024 370.969
4096 405.512
EOD
$c4 << EOD
4 319.301
8 323.27
16 330.281
EOD
$c5 << EOD
4 331.23
8 331.035
16 332.402
EOD
$c6 << EOD
16 331.082
EOD
$c7 << EOD
16 351.535
64 355.551
256 352.5
1024 370.469
4096 400.754
16384 508.688
65536 968.18
EOD
$c8 << EOD
4 566.27
8 579.465
16 579.91
EOD
$c9 << EOD
4 588.27
8 584.828
16 587.195
EOD
$c10 << EOD
16 598.863
EOD
$c11 << EOD
16 614.375
64 618.508
256 662.578
1024 682.875
4096 746.98
16384 926.703
65536 1295.87
EOD
$c12 << EOD
4 723.488
8 736.621
16 731.797
EOD
$c13 << EOD
4 735.688
8 738.238
16 741.973
EOD
$c14 << EOD
16 728.34
EOD
$c15 << EOD
16 756.047
64 760.664
256 801.836
1024 811.262
4096 863.156
16384 1076.23
65536 1490.8
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
