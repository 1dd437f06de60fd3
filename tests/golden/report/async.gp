# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output 'TMP/report/async.png'
load 'chase.gp'
set pointsize 0.9
set logscale x 2
set logscale y
set xlabel "bytes a copy"
set ylabel "cycles a copy"
set key outside right top
unset label
unset arrow
set title 'simulated hierarchy: copies into shared memory, latency in a chain'."\n".'simulated cycles; ns at a 1000 MHz clock'
$c0 << EOD
4 34
8 34
16 34
EOD
$c1 << EOD
4 48
8 48
16 48
EOD
$c2 << EOD
16 66
EOD
$c3 << EOD
16 130
64 130.75
256 133.75
1024 145.75
EOD
$c4 << EOD
4 24
EOD
$c5 << EOD
4 32
EOD
$c6 << EOD
4 50
8 50
16 50
EOD
$c7 << EOD
4 64
8 64
16 64
EOD
$c8 << EOD
16 66
EOD
$c9 << EOD
16 130
64 130.75
256 133.75
1024 145.75
4096 193.75
EOD
$c10 << EOD
4 40
EOD
$c11 << EOD
4 48
EOD
$c12 << EOD
4 180
8 180
16 180
EOD
$c13 << EOD
4 194
8 194
16 194
EOD
$c14 << EOD
16 196
EOD
$c15 << EOD
16 260
64 260.75
256 263.75
1024 275.75
4096 323.75
16384 515.75
65536 1283.75
EOD
$c16 << EOD
4 170
EOD
$c17 << EOD
4 178
EOD
plot $c0 using 1:2 with linespoints ls 1 title 'L1 load_store', $c1 using 1:2 with linespoints ls 2 title 'L1 cp_async_ca', $c2 using 1:2 with linespoints ls 3 title 'L1 cp_async_cg', $c3 using 1:2 with linespoints ls 4 title 'L1 bulk', $c4 using 1:2 with linespoints ls 5 title 'L1 lds_direct', $c5 using 1:2 with linespoints ls 6 title 'L1 lds_direct_wait', $c6 using 1:2 with linespoints ls 7 title 'L2 load_store', $c7 using 1:2 with linespoints ls 8 title 'L2 cp_async_ca', $c8 using 1:2 with linespoints ls 1 title 'L2 cp_async_cg', $c9 using 1:2 with linespoints ls 2 title 'L2 bulk', $c10 using 1:2 with linespoints ls 3 title 'L2 lds_direct', $c11 using 1:2 with linespoints ls 4 title 'L2 lds_direct_wait', $c12 using 1:2 with linespoints ls 5 title 'memory load_store', $c13 using 1:2 with linespoints ls 6 title 'memory cp_async_ca', $c14 using 1:2 with linespoints ls 7 title 'memory cp_async_cg', $c15 using 1:2 with linespoints ls 8 title 'memory bulk', $c16 using 1:2 with linespoints ls 1 title 'memory lds_direct', $c17 using 1:2 with linespoints ls 2 title 'memory lds_direct_wait'
