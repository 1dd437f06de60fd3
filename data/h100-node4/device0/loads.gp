# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/root/out/r/node/device0/loads.png'
load '/work/main/chase-0.2.0/plots/chase.gp'
set pointsize 0.9
unset logscale x
set logscale y
set xlabel "level"
set boxwidth 0.2
set style fill solid 0.7
set key top left
set xtics norotate
unset label
unset arrow
set multiplot layout 2,1 title 'NVIDIA H100 80GB HBM3: load latency and issue cost per level and width; cycles: clock64() (SM clock) around the timed loop; ns: %globaltimer around the same loops'
set xrange [-0.6:4.6]
set xtics ('L1' 0, 'L2 near' 1, 'L2 far' 2, 'memory' 3, 'shared' 4)
set yrange [11:2211]
set ylabel "latency (cycles)"
$lat0 << EOD
-0.3 30.5
0.7 281
1.7 494
2.7 715.5
3.7 22
EOD
$lat1 << EOD
-0.1 33.5
0.9 281
1.9 566.5
2.9 737
3.9 25
EOD
$lat2 << EOD
0.1 39.5
1.1 302
2.1 592
3.1 648.5
4.1 31
EOD
$lat3 << EOD
0.3 31.5
1.3 281
2.3 535.5
3.3 690
EOD
plot $lat0 using 1:2 with boxes ls 1 fs solid 0.7 title "b32", $lat1 using 1:2 with boxes ls 2 fs solid 0.7 title "b64", $lat2 using 1:2 with boxes ls 3 fs solid 0.7 title "b128", $lat3 using 1:2 with boxes ls 4 fs solid 0.7 title "b64, one lane"
unset key
set xrange [-0.6:4.6]
set xtics ('L1' 0, 'L2 near' 1, 'L2 far' 2, 'memory' 3, 'shared' 4)
set yrange [2:68.371]
set ylabel "issue cost (cycles a further load adds)"
$issue0 << EOD
-0.3 4.76667
0.7 5.76667
1.7 14.5968
2.7 15.7903
3.7 4
EOD
$issue1 << EOD
-0.1 4.55
0.9 6.06522
1.9 16.0323
2.9 15.8913
3.9 4
EOD
$issue2 << EOD
0.1 8.55
1.1 9.5
2.1 18.9839
3.1 22.7903
4.1 8
EOD
$issue3 << EOD
0.3 4.55
1.3 5.6
2.3 14.4839
3.3 16.087
EOD
plot $issue0 using 1:2 with boxes ls 1 fs solid 0.7 title "b32", $issue1 using 1:2 with boxes ls 2 fs solid 0.7 title "b64", $issue2 using 1:2 with boxes ls 3 fs solid 0.7 title "b128", $issue3 using 1:2 with boxes ls 4 fs solid 0.7 title "b64, one lane"
unset multiplot
