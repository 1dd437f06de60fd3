# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output 'TMP/report/sweep.png'
load 'chase.gp'
set pointsize 0.9
# Layout: the graph's edges are fixed on the canvas and its ranges exact, so
# chase placed every label itself (at screen positions) clear of the curves.
set logscale x 2
set logscale y 2
unset key
set lmargin at screen 0.07584
set rmargin at screen 0.96857
set bmargin at screen 0.10233
set tmargin at screen 0.90000
unset title
unset xlabel
unset ylabel
set xrange [891.443777:301124.382]
set yrange [3.06369115:195.842195]
set xtics norotate ("1 KiB" 1024, "2 KiB" 2048, "4 KiB" 4096, "8 KiB" 8192, "16 KiB" 16384, "32 KiB" 32768, "64 KiB" 65536, "128 KiB" 131072, "256 KiB" 262144)
set arrow from 4096, graph 0 to 4096, graph 1 nohead dt (4,4) lw 1 lc rgb '#0072B2' back
set arrow from 65536, graph 0 to 65536, graph 1 nohead dt (4,4) lw 1 lc rgb '#0072B2' back
set label 1 'L1 4-4.06 KiB, 4 cyc' at screen 0.15462, screen 0.12442 left front boxed tc rgb '#0072B2'
set label 2 'L2 64-65.4 KiB, 20 cyc' at screen 0.56083, screen 0.43320 left front boxed tc rgb '#0072B2'
set label 3 'memory, 150 cyc' at screen 0.78384, screen 0.81977 left front boxed tc rgb '#0072B2'
set label 4 'simulated hierarchy: random, stride 64 B, measured by chase (sim)' at screen 0.50000, screen 0.96453 center front
set label 5 'simulated cycles; ns at a 1000 MHz clock' at screen 0.50000, screen 0.93547 center front
set label 6 'working-set size' at screen 0.52220, screen 0.02791 center front
set label 7 'load-to-use latency (cycles)' at screen 0.01429, screen 0.50116 center rotate by 90 front
$curve0 << EOD
1024 4
1088 4
1216 4
1344 4
1472 4
1600 4
1728 4
1856 4
2048 4
2240 4
2432 4
2624 4
2880 4
3136 4
3456 4
3776 4
4096 4
4160 5.22656
4224 6.42969
4288 7.58594
4352 8.69531
4416 9.78906
4480 10.8516
4544 11.8828
4672 13.875
4736 14.7969
4864 16.6328
4928 17.5078
5056 19.1875
5184 20
5312 20
5824 20
6336 20
6912 20
7488 20
8192 20
8960 20
9728 20
10624 20
11584 20
12608 20
13760 20
15040 20
16384 20
17856 20
19456 20
21248 20
23168 20
25280 20
27584 20
30080 20
32768 20
35712 20
38976 20
42496 20
46336 20
50560 20
55104 20
60096 20
65536 20
66944 44.502
67648 56.7529
68416 69.3213
69184 81.7627
69952 93.4424
70720 105.693
71488 117.31
73024 139.844
73792 150
74624 150
77952 150
84992 150
92672 150
101056 150
110208 150
120192 150
131072 150
142912 150
155840 150
169984 150
185344 150
202112 150
220416 150
240384 150
262144 150
EOD
plot $curve0 using 1:2 with linespoints lw 2 pi 4 lc rgb '#0072B2' pt 7 dt 1 title 'simulated hierarchy: random, stride 64 B, measured by chase (sim)'
