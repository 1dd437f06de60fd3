# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device2/banks.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
set multiplot title 'NVIDIA H100 80GB HBM3: shared memory banks' font ',16'
set origin 0, 0.42
set size 0.5, 0.56
unset logscale
set logscale y 2
set title 'stride sweep (32-bit, block): 32 banks of 4 B'
set xlabel 'stride (dwords)'
set ylabel 'cycles per warp instruction'
set xrange [-0.5:21.5]
set xtics rotate by -60 font ',11' ('0' 0, '1' 1, '2' 2, '3' 3, '4' 4, '5' 5, '8' 6, '9' 7, '16' 8, '17' 9, '32' 10, '33' 11, '64' 12, '65' 13, '128' 14, '129' 15, '256' 16, '257' 17, '512' 18, '513' 19, '1024' 20, '1025' 21)
set key top left
$sweep << EOD
0 1.05078 1.05146
1 1.05383 1.05146
2 2.04431 2.05104
3 1.04968 1.05146
4 4.04529 4.05019
5 1.04822 1.05146
6 8.047 8.04851
7 1.05237 1.05146
8 16.0494 16.0451
9 1.05347 1.05146
10 32.056 32.0384
11 1.04993 1.05146
12 32.0479 32.0384
13 1.05383 1.05146
14 32.0521 32.0384
15 1.052 1.05146
16 32.0546 32.0384
17 1.04932 1.05146
18 32.0483 32.0384
19 1.05042 1.05146
20 16.052 16.0451
21 1.05579 1.05146
EOD
plot $sweep using 1:2 with points ls 1 ps 1.4 title 'measured', $sweep using 1:3 with linespoints ls 2 pt 6 title 'the model: a + b x passes'
set origin 0.5, 0.42
set size 0.5, 0.56
unset logscale
set logscale xy 2
set xrange [*:*]
set title 'conflict cost (block)'
set xlabel 'ways (lanes in one bank, different words)'
set ylabel 'cycles per warp instruction'
set xtics norotate autofreq font ',13'
set key top left
$w0 << EOD
1 1.04993
2 2.04297
4 4.04712
8 8.04822
16 16.0486
32 32.0752
EOD
$w1 << EOD
1 2.07373
2 4.07349
4 8.08423
8 16.0647
16 32.0613
32 32.0604
EOD
$w2 << EOD
1 4.04187
2 8.02844
4 16.0309
8 32.0321
16 32.0454
32 32.0463
EOD
$st0 << EOD
1 1.03296
2 2.03174
4 4.03455
8 8.05054
16 16.0812
32 32.1395
EOD
$st1 << EOD
1 2.03442
2 4.03369
4 8.03503
8 16.0463
16 32.0819
32 32.0909
EOD
$st2 << EOD
1 4.0708
2 8.04163
4 16.0404
8 32.0546
16 32.0814
32 32.0623
EOD
plot $w0 using 1:2 with linespoints ls 1 title '32-bit', $w1 using 1:2 with linespoints ls 2 title '64-bit', $w2 using 1:2 with linespoints ls 3 title '128-bit', $st0 using 1:2 with linespoints ls 1 dt 2 title '32-bit stores', $st1 using 1:2 with linespoints ls 2 dt 2 title '64-bit stores', $st2 using 1:2 with linespoints ls 3 dt 2 title '128-bit stores'
set origin 0, 0
set size 1, 0.42
unset logscale
unset grid
set title 'lane groups: lanes of a colour are served in one pass'
set xlabel 'lane'
unset ylabel
set xrange [-0.6:31.6]
set xtics 0, 2 norotate font ',12'
set yrange [-0.6:2.6]
set ytics ('32-bit' 0, '64-bit' 1, '128-bit' 2)
set key off
$groups << EOD
0 0 29362 0
1 0 29362 0
2 0 29362 0
3 0 29362 0
4 0 29362 0
5 0 29362 0
6 0 29362 0
7 0 29362 0
8 0 29362 0
9 0 29362 0
10 0 29362 0
11 0 29362 0
12 0 29362 0
13 0 29362 0
14 0 29362 0
15 0 29362 0
16 0 29362 0
17 0 29362 0
18 0 29362 0
19 0 29362 0
20 0 29362 0
21 0 29362 0
22 0 29362 0
23 0 29362 0
24 0 29362 0
25 0 29362 0
26 0 29362 0
27 0 29362 0
28 0 29362 0
29 0 29362 0
30 0 29362 0
31 0 29362 0
0 1 29362 0
1 1 29362 0
2 1 29362 0
3 1 29362 0
4 1 29362 0
5 1 29362 0
6 1 29362 0
7 1 29362 0
8 1 29362 0
9 1 29362 0
10 1 29362 0
11 1 29362 0
12 1 29362 0
13 1 29362 0
14 1 29362 0
15 1 29362 0
16 1 13983232 1
17 1 13983232 1
18 1 13983232 1
19 1 13983232 1
20 1 13983232 1
21 1 13983232 1
22 1 13983232 1
23 1 13983232 1
24 1 13983232 1
25 1 13983232 1
26 1 13983232 1
27 1 13983232 1
28 1 13983232 1
29 1 13983232 1
30 1 13983232 1
31 1 13983232 1
0 2 29362 0
1 2 29362 0
2 2 29362 0
3 2 29362 0
4 2 29362 0
5 2 29362 0
6 2 29362 0
7 2 29362 0
8 2 13983232 1
9 2 13983232 1
10 2 13983232 1
11 2 13983232 1
12 2 13983232 1
13 2 13983232 1
14 2 13983232 1
15 2 13983232 1
16 2 40563 2
17 2 40563 2
18 2 40563 2
19 2 40563 2
20 2 40563 2
21 2 40563 2
22 2 40563 2
23 2 40563 2
24 2 13400487 3
25 2 13400487 3
26 2 13400487 3
27 2 13400487 3
28 2 13400487 3
29 2 13400487 3
30 2 13400487 3
31 2 13400487 3
EOD
plot $groups using 1:2:(0.46):(0.38):3 with boxxyerror fs solid 0.85 noborder lc rgb variable, $groups using 1:2:(sprintf('%d', $4)) with labels font ',11' tc rgb '#ffffff'
unset multiplot
