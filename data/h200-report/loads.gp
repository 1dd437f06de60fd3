# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output '/tmp/tmp.FIa7GJCFmL/h200/h200-report/loads.png'
load '/tmp/tmp.UvbCKoSptG/inst/bin/../share/chase/chase.gp'
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
set xtics ('L1 part 1' 0, 'L1 part 2' 1, 'L2 near' 2, 'L2 far' 3, 'memory' 4, 'shared' 5)
set yrange [11:2167.5]
set ylabel "latency (cycles)"
$lat0 << EOD
-0.3 30.5
0.7 30.5
1.7 281
2.7 508
3.7 699
4.7 22
EOD
$lat1 << EOD
-0.1 33.5
0.9 33.5
1.9 277.5
2.9 544
3.9 722.5
4.9 25
EOD
$lat2 << EOD
0.1 39.5
1.1 39.5
2.1 302
3.1 555
4.1 719
5.1 31
EOD
$lat3 << EOD
0.3 31.5
1.3 31.5
2.3 282.5
3.3 471.5
4.3 610.5
EOD
plot $lat0 using 1:2 with boxes ls 1 fs solid 0.7 title "b32", $lat1 using 1:2 with boxes ls 2 fs solid 0.7 title "b64", $lat2 using 1:2 with boxes ls 3 fs solid 0.7 title "b128", $lat3 using 1:2 with boxes ls 4 fs solid 0.7 title "b64, one lane"
unset key
set xrange [-0.6:5.6]
set xtics ('L1 part 1' 0, 'L1 part 2' 1, 'L2 near' 2, 'L2 far' 3, 'memory' 4, 'shared' 5)
set yrange [0.903226:65.2742]
set ylabel "issue cost (cycles a further load adds)"
$issue0 << EOD
-0.3 4.76667
0.7 4.76667
1.7 5.9
2.7 17.3548
3.7 15.8696
4.7 4
EOD
$issue1 << EOD
-0.1 4.55
0.9 4.55
1.9 6.23913
2.9 18.7419
3.9 16
4.9 1.93548
EOD
$issue2 << EOD
0.1 8.55
1.1 8.55
2.1 9.5
3.1 21.5484
4.1 21.7581
5.1 1.80645
EOD
$issue3 << EOD
0.3 4.55
1.3 4.55
2.3 5.57143
3.3 17.5968
4.3 18.1935
EOD
plot $issue0 using 1:2 with boxes ls 1 fs solid 0.7 title "b32", $issue1 using 1:2 with boxes ls 2 fs solid 0.7 title "b64", $issue2 using 1:2 with boxes ls 3 fs solid 0.7 title "b128", $issue3 using 1:2 with boxes ls 4 fs solid 0.7 title "b64, one lane"
unset multiplot
