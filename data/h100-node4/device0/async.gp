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
16 321.188
EOD
$c3 << EOD
16 341.344
64 344.762
256 342.398
1024 357.156
4096 396.43
EOD
$c4 << EOD
4 312.43
8 316.984
16 322.645
EOD
$c5 << EOD
4 325.152
8 324.078
16 324.617
EOD
$c6 << EOD
16 324.551
EOD
$c7 << EOD
16 344.129
64 348.488
256 345.258
1024 360.305
4096 393.582
16384 501.488
65536 961.625
EOD
$c8 << EOD
4 560.441
8 565.812
16 581.109
EOD
$c9 << EOD
4 598.258
8 581.121
16 595.805
EOD
$c10 << EOD
16 591.617
EOD
$c11 << EOD
16 620.992
64 602.418
256 628.34
1024 677.387
4096 765.105
16384 919.875
65536 1289.56
EOD
$c12 << EOD
4 713.707
8 727.723
16 725.785
EOD
$c13 << EOD
4 725.18
8 729.391
16 735.926
EOD
$c14 << EOD
16 724.637
EOD
$c15 << EOD
16 754.945
64 754.59
256 794.047
1024 806.484
4096 864.918
16384 1072.47
65536 1489.41
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L2 near load_store', $c5 using 1:2 with linespoints ls 6 title 'L2 near cp_async_ca', $c6 using 1:2 with linespoints ls 7 title 'L2 near cp_async_cg', $c7 using 1:2 with linespoints ls 8 title 'L2 near bulk', $c8 using 1:2 with linespoints ls 1 title 'L2 far load_store', $c9 using 1:2 with linespoints ls 2 title 'L2 far cp_async_ca', $c10 using 1:2 with linespoints ls 3 title 'L2 far cp_async_cg', $c11 using 1:2 with linespoints ls 4 title 'L2 far bulk', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk'
