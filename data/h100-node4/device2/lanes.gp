# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device2/lanes.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
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
set title 'NVIDIA H100 80GB HBM3: cross-lane operations, latency and issue cost'."\n".'cycles: clock64() (SM clock) around the timed loop; ns: %globaltimer around the same loops'
set xrange [-0.6:13.6]
set xtics ('shfl_idx b32' 0, 'shfl_idx b64' 1, 'shfl_up b32' 2, 'shfl_up b64' 3, 'shfl_down b32' 4, 'shfl_down b64' 5, 'shfl_bfly b32' 6, 'shfl_bfly b64' 7, 'ballot b32' 8, 'match b32' 9, 'match b64' 10, 'redux b32' 11, 'shared b32' 12, 'shared b64' 13)
$lat << EOD
-0.2 25.9932
0.8 31.0156
1.8 25.9932
2.8 31.0156
3.8 25.9932
4.8 31.0156
5.8 25.9932
6.8 31.0156
7.8 17.0996
8.8 27.9932
9.8 31.9932
10.8 44.0361
11.8 33.5557
12.8 37
EOD
$issue << EOD
0.2 4.40991
1.2 8.40918
2.2 4.40991
3.2 8.40967
4.2 4.40991
5.2 8.40967
6.2 4.40991
7.2 8.40967
8.2 4.21509
9.2 8.31055
10.2 9.21558
11.2 10.4346
12.2 9.23535
13.2 15.0144
EOD
plot $lat using 1:2 with boxes ls 1 fs solid 0.7 title "latency (one chain)", $issue using 1:2 with boxes ls 2 fs solid 0.7 title "issue (32 chains)"
