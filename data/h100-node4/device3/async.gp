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
16 316.168
EOD
$c3 << EOD
16 336.453
64 339.84
256 337.117
1024 351.949
4096 390.883
EOD
$c4 << EOD
4 307.953
8 310.867
16 317.336
EOD
$c5 << EOD
4 319.414
8 319.438
16 319.395
EOD
$c6 << EOD
16 319.457
EOD
$c7 << EOD
16 339.414
64 343.828
256 340.055
1024 355.766
4096 388.41
16384 498.48
65536 954.574
EOD
$c8 << EOD
4 552.465
8 570.098
16 569.617
EOD
$c9 << EOD
4 581.305
8 576.145
16 576.551
EOD
$c10 << EOD
16 583.059
EOD
$c11 << EOD
16 602.973
64 601.09
256 640.375
1024 669.285
4096 732.707
16384 900.445
65536 1278.61
EOD
$c12 << EOD
4 711.852
8 721.777
16 718.594
EOD
$c13 << EOD
4 721.094
8 725.441
16 729.91
EOD
$c14 << EOD
16 720.355
EOD
$c15 << EOD
16 742.379
64 753.82
256 786.836
1024 805.523
4096 856.965
16384 1071.43
65536 1489.13
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
