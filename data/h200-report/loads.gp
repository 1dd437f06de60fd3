# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.0q8aobaXZ7/h200/h200-report/loads.png'
load '/tmp/tmp.1dbiABbGl0/inst/bin/../share/chase/chase.gp'
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
set multiplot layout 2,1 title 'NVIDIA H200: load latency and issue cost per level and width; cycles: clock64() (SM clock) around the timed loop; ns: %globaltimer around the same loops'
set xrange [-0.6:5.6]
set xtics ('L1' 0, 'L2 part 1' 1, 'L2 part 2' 2, 'L2 part 3' 3, 'memory' 4, 'shared' 5)
set yrange [11:2317.5]
set ylabel "latency (cycles)"
$lat0 << EOD
-0.3 30.5
0.7 291.5
1.7 301.5
2.7 482
3.7 594
4.7 22
EOD
$lat1 << EOD
-0.1 33.5
0.9 290.5
1.9 283.5
2.9 573
3.9 719
4.9 25
EOD
$lat2 << EOD
0.1 39.5
1.1 306
2.1 311
3.1 589.5
4.1 772.5
5.1 31
EOD
$lat3 << EOD
0.3 31.5
1.3 281
2.3 283.5
3.3 477
4.3 689.5
EOD
plot $lat0 using 1:2 with boxes ls 1 fs solid 0.7 title "b32", $lat1 using 1:2 with boxes ls 2 fs solid 0.7 title "b64", $lat2 using 1:2 with boxes ls 3 fs solid 0.7 title "b128", $lat3 using 1:2 with boxes ls 4 fs solid 0.7 title "b64, one lane"
unset key
set xrange [-0.6:5.6]
set xtics ('L1' 0, 'L2 part 1' 1, 'L2 part 2' 2, 'L2 part 3' 3, 'memory' 4, 'shared' 5)
set yrange [0.903226:63.4355]
set ylabel "issue cost (cycles a further load adds)"
$issue0 << EOD
-0.3 4.76667
0.7 5.21429
1.7 13.629
2.7 16.7742
3.7 18.7581
4.7 4
EOD
$issue1 << EOD
-0.1 4.55
0.9 6
1.9 15.2581
2.9 18.9516
3.9 17.1613
4.9 1.93548
EOD
$issue2 << EOD
0.1 8.55
1.1 9
2.1 18.8065
3.1 21.1452
4.1 20.0806
5.1 1.80645
EOD
$issue3 << EOD
0.3 4.55
1.3 5.8
2.3 13.7903
3.3 20.9783
4.3 15.871
EOD
plot $issue0 using 1:2 with boxes ls 1 fs solid 0.7 title "b32", $issue1 using 1:2 with boxes ls 2 fs solid 0.7 title "b64", $issue2 using 1:2 with boxes ls 3 fs solid 0.7 title "b128", $issue3 using 1:2 with boxes ls 4 fs solid 0.7 title "b64, one lane"
unset multiplot
