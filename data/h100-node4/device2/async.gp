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
16 320.703
EOD
$c3 << EOD
16 340.953
64 343.945
256 341.684
1024 358.023
4096 397.609
EOD
$c4 << EOD
4 312.715
8 316.219
16 322.121
EOD
$c5 << EOD
4 323.66
8 323.117
16 323.449
EOD
$c6 << EOD
16 323.984
EOD
$c7 << EOD
16 344.102
64 347.812
256 344.906
1024 361.07
4096 394.242
16384 502.039
65536 964.586
EOD
$c8 << EOD
4 557.188
8 571.395
16 573.039
EOD
$c9 << EOD
4 582.211
8 581.504
16 572.289
EOD
$c10 << EOD
16 582.07
EOD
$c11 << EOD
16 601.926
64 605.68
256 659.934
1024 679.434
4096 742.191
16384 903.746
65536 1277.42
EOD
$c12 << EOD
4 719.734
8 730.73
16 723.699
EOD
$c13 << EOD
4 723.836
8 730.508
16 730.531
EOD
$c14 << EOD
16 720.496
EOD
$c15 << EOD
16 753.676
64 750.91
256 792.516
1024 810.707
4096 862.555
16384 1081.18
65536 1488.67
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
