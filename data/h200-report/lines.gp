# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.FIa7GJCFmL/h200/h200-report/lines.png'
load '/tmp/tmp.UvbCKoSptG/inst/bin/../share/chase/chase.gp'
set pointsize 0.9
$p0 << EOD
8 99.4092 99.0273
16 99.3047 99.4277
32 165.077 166.444
64 166.653 166.454
128 278.667 278.517
256 280.494 280.46
EOD
$s0 << EOD
16 32.0166
32 32.1406
64 32.0166
128 32.0166
256 32.0166
512 32.0166
1024 32.0166
2048 32.0166
EOD
$p1 << EOD
8 149.988 149.896
16 150.109 149.884
32 267.694 267.985
64 267.992 267.986
128 281.786 281.76
256 281.725 281.69
EOD
$s1 << EOD
16 171.886
32 209.295
64 174.701
128 210.915
256 74.9556
512 32.0166
1024 32.0166
2048 32.0166
EOD
$p2 << EOD
8 276.019 273.731
16 275.788 274.312
32 399.985 400.766
64 513.098 513.413
128 657.815 660.367
256 647.102 645.958
EOD
$s2 << EOD
16 327.716
32 339.953
64 379.467
128 404.128
256 282.074
512 281.81
1024 281.931
2048 281.8
EOD
$p3 << EOD
8 348.939 348.25
16 348.659 348.652
32 474.25 473.43
64 662.166 664.901
128 662.092 663.623
256 658.356 662.926
EOD
$s3 << EOD
16 488.016
32 513.512
64 582.785
128 628.741
256 434.965
512 282.409
1024 281.245
2048 281.651
EOD
set multiplot layout 1,2 title 'NVIDIA H200: line and sector size'
set logscale x 2
unset logscale y
set xlabel "second load at +sub (bytes)"
set ylabel "cycles a load (pair: solid; a group later: dashed)"
plot $p0 using 1:2 with linespoints ls 1 title 'L1 part 1', $p0 using 1:3 with linespoints ls 1 dt 2 notitle, $p1 using 1:2 with linespoints ls 2 title 'L1 part 2', $p1 using 1:3 with linespoints ls 2 dt 2 notitle, $p2 using 1:2 with linespoints ls 3 title 'L2 near', $p2 using 1:3 with linespoints ls 3 dt 2 notitle, $p3 using 1:2 with linespoints ls 4 title 'L2 far', $p3 using 1:3 with linespoints ls 4 dt 2 notitle
set xlabel "stride: one load a block (bytes)"
set ylabel "cycles a load, 1.5 x the capacity"
plot $s0 using 1:2 with linespoints ls 1 title 'L1 part 1', $s1 using 1:2 with linespoints ls 2 title 'L1 part 2', $s2 using 1:2 with linespoints ls 3 title 'L2 near', $s3 using 1:2 with linespoints ls 4 title 'L2 far'
unset multiplot
