# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.0q8aobaXZ7/h200/h200-report/lines.png'
load '/tmp/tmp.1dbiABbGl0/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 151.376 151.682
16 151.384 151.671
32 270.516 270.98
64 270.533 270.944
128 282.272 282.252
256 282.453 282.446
EOD
$s0 << EOD
16 180.78
32 224.736
64 184.585
128 227.245
256 80.5435
512 32.0166
1024 32.0166
2048 32.0166
EOD
$p1 << EOD
8 254.103 244.047
16 244.056 247.342
32 367.504 370.052
64 454.481 455.554
128 649.605 653.748
256 628.142 630.127
EOD
$s1 << EOD
16 297.247
32 302.988
64 316.38
128 331.256
256 282.356
512 282.466
1024 282.425
2048 282.307
EOD
$p2 << EOD
8 284.934 284.432
16 284.081 283.325
32 410.954 409.983
64 534.121 529.827
128 682.282 688.349
256 673.14 674.806
EOD
$s2 << EOD
16 387.763
32 414.98
64 487.368
128 518.132
256 282.713
512 282.732
1024 282.286
2048 282.321
EOD
$p3 << EOD
8 361.6 361.822
16 361.532 361.706
32 489.035 486.784
64 686.304 690.375
128 686.933 688.643
256 685.209 689.333
EOD
$s3 << EOD
16 499.456
32 525.651
64 600.019
128 649.194
256 443.8
512 282.244
1024 281.554
2048 281.349
EOD
set multiplot layout 1,2 title 'NVIDIA H200: line and sector size'
set logscale x 2
unset logscale y
set xlabel "second load at +sub (bytes)"
set ylabel "cycles a load (pair: solid; a group later: dashed)"
plot $p0 using 1:2 with linespoints ls 1 title 'L1', $p0 using 1:3 with linespoints ls 1 dt 2 notitle, $p1 using 1:2 with linespoints ls 2 title 'L2 part 1', $p1 using 1:3 with linespoints ls 2 dt 2 notitle, $p2 using 1:2 with linespoints ls 3 title 'L2 part 2', $p2 using 1:3 with linespoints ls 3 dt 2 notitle, $p3 using 1:2 with linespoints ls 4 title 'L2 part 3', $p3 using 1:3 with linespoints ls 4 dt 2 notitle
set xlabel "stride: one load a block (bytes)"
set ylabel "cycles a load, 1.5 x the capacity"
plot $s0 using 1:2 with linespoints ls 1 title 'L1', $s1 using 1:2 with linespoints ls 2 title 'L2 part 1', $s2 using 1:2 with linespoints ls 3 title 'L2 part 2', $s3 using 1:2 with linespoints ls 4 title 'L2 part 3'
unset multiplot
