# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output 'TMP/report/loads.png'
load 'chase.gp'
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
set multiplot layout 2,1 title 'simulated hierarchy: load latency and issue cost per level and width; simulated cycles; ns at a 1000 MHz clock'
set xrange [-0.6:3.6]
set xtics ('L1' 0, 'L2' 1, 'memory' 2, 'shared' 3)
set yrange [2:534]
set ylabel "latency (cycles)"
$lat0 << EOD
-0.3 5
0.7 22
1.7 154
2.7 30
EOD
$lat1 << EOD
-0.1 7
0.9 26
1.9 162
2.9 31
EOD
$lat2 << EOD
0.1 11
1.1 34
2.1 178
3.1 33
EOD
$lat3 << EOD
0.3 4
1.3 20
2.3 150
EOD
plot $lat0 using 1:2 with boxes ls 1 fs solid 0.7 title "b32", $lat1 using 1:2 with boxes ls 2 fs solid 0.7 title "b64", $lat2 using 1:2 with boxes ls 3 fs solid 0.7 title "b128", $lat3 using 1:2 with boxes ls 4 fs solid 0.7 title "b64, one lane"
unset key
set xrange [-0.6:3.6]
set xtics ('L1' 0, 'L2' 1, 'memory' 2, 'shared' 3)
set yrange [0.5:96]
set ylabel "issue cost (cycles a further load adds)"
$issue0 << EOD
-0.3 2
0.7 4
1.7 8
2.7 1
EOD
$issue1 << EOD
-0.1 4
0.9 8
1.9 16
2.9 2
EOD
$issue2 << EOD
0.1 8
1.1 16
2.1 32
3.1 4
EOD
$issue3 << EOD
0.3 1
1.3 2
2.3 4
EOD
plot $issue0 using 1:2 with boxes ls 1 fs solid 0.7 title "b32", $issue1 using 1:2 with boxes ls 2 fs solid 0.7 title "b64", $issue2 using 1:2 with boxes ls 3 fs solid 0.7 title "b128", $issue3 using 1:2 with boxes ls 4 fs solid 0.7 title "b64, one lane"
unset multiplot
