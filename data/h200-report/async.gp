# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/h200/h200-report/async.png'
load '/work/main/build/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
set logscale x 2
set logscale y
set xlabel "bytes a copy"
set ylabel "cycles a copy"
set key outside right top
unset label
unset arrow
set title 'NVIDIA H200: copies into shared memory, latency in a chain'."\n".'cycles: clock64() (SM clock) around the timed loop; ns: %globaltimer around the same loops'
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
16 333.363
EOD
$c3 << EOD
16 353.582
64 357.754
256 354.758
1024 371.566
4096 396.48
EOD
$c4 << EOD
4 317.387
8 321.062
16 326.992
EOD
$c5 << EOD
4 329.215
8 328.84
16 329.078
EOD
$c6 << EOD
16 328.293
EOD
$c7 << EOD
16 348.348
64 353.398
256 350.691
1024 366.68
4096 399.289
16384 507.012
65536 963.164
EOD
$c8 << EOD
4 549.059
8 573.98
16 572.902
EOD
$c9 << EOD
4 571.621
8 592.91
16 565.48
EOD
$c10 << EOD
16 581.383
EOD
$c11 << EOD
16 592.082
64 595.617
256 619.016
1024 678.812
4096 717.398
16384 915.137
65536 1312.64
EOD
$c12 << EOD
4 695.625
8 695.949
16 696.965
EOD
$c13 << EOD
4 705.141
8 710.949
16 706.398
EOD
$c14 << EOD
16 699.887
EOD
$c15 << EOD
16 727.133
64 735.086
256 762.43
1024 765.703
4096 840.004
16384 1063.69
65536 1491.27
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
