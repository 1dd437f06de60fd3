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
16 326.93
EOD
$c3 << EOD
16 347.035
64 350.648
256 347.699
1024 366.305
4096 393.559
EOD
$c4 << EOD
4 309.656
8 313.023
16 319.793
EOD
$c5 << EOD
4 320.645
8 321.641
16 321.375
EOD
$c6 << EOD
16 320.914
EOD
$c7 << EOD
16 340.887
64 345.059
256 341.855
1024 358.746
4096 388.074
16384 498.727
65536 955.047
EOD
$c8 << EOD
4 555.414
8 584.539
16 580.141
EOD
$c9 << EOD
4 576.551
8 588.152
16 596.152
EOD
$c10 << EOD
16 587.078
EOD
$c11 << EOD
16 593.539
64 602.734
256 644.25
1024 673.023
4096 763.738
16384 892.598
65536 1281.45
EOD
$c12 << EOD
4 717.844
8 722.43
16 719.582
EOD
$c13 << EOD
4 721.188
8 723.438
16 729.461
EOD
$c14 << EOD
16 723.938
EOD
$c15 << EOD
16 750.828
64 749.199
256 786.754
1024 803.914
4096 856.875
16384 1068.11
65536 1479.2
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
