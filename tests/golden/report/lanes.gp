# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output 'TMP/report/lanes.png'
load 'chase.gp'
set pointsize 0.9
unset logscale x
set logscale y
set xlabel "operation"
set ylabel "cycles"
set boxwidth 0.4
set style fill solid 0.7
set key top left
set xtics rotate by -45
unset label
unset arrow
set title 'simulated hierarchy: cross-lane operations, latency and issue cost'."\n".'simulated cycles; ns at a 1000 MHz clock'
set xrange [-0.6:20.6]
set xtics ('shfl_idx b32' 0, 'shfl_idx b64' 1, 'shfl_up b32' 2, 'shfl_up b64' 3, 'shfl_down b32' 4, 'shfl_down b64' 5, 'shfl_bfly b32' 6, 'shfl_bfly b64' 7, 'ballot b32' 8, 'match b32' 9, 'match b64' 10, 'redux b32' 11, 'dpp_row b32' 12, 'dpp_quad b32' 13, 'swizzle b32' 14, 'permute b32' 15, 'bpermute b32' 16, 'readlane b32' 17, 'readfirstlane b32' 18, 'shared b32' 19, 'shared b64' 20)
$lat << EOD
-0.2 24
0.8 26
1.8 23
2.8 25
3.8 22
4.8 24
5.8 21
6.8 23
7.8 10
8.8 60
9.8 60
10.8 36
11.8 6
12.8 5
13.8 44
14.8 50
15.8 48
16.8 8
17.8 7
18.8 52
19.8 52
EOD
$issue << EOD
0.2 2
1.2 4
2.2 2
3.2 4
4.2 2
5.2 4
6.2 2
7.2 4
8.2 1
9.2 16
10.2 16
11.2 4
12.2 1
13.2 1
14.2 2
15.2 2
16.2 2
17.2 1
18.2 1
19.2 8
20.2 8
EOD
plot $lat using 1:2 with boxes ls 1 fs solid 0.7 title "latency (one chain)", $issue using 1:2 with boxes ls 2 fs solid 0.7 title "issue (32 chains)"
