# gnuplot script written by chase 0.2.0
# canvas: 1400 x 860, font em 20 (the terminal's units)
set terminal pngcairo size 1400,860 noenhanced font "DejaVu Sans,15" linewidth 1.5
set output 'TMP/report/bandwidth.png'
load 'chase.gp'
set pointsize 0.9
set title 'simulated hierarchy: bandwidth against working set (GB/s = 10^9 B/s)'
set logscale x 2
set logscale y
set format x "%.0b %BB"
set xlabel "working set (bytes)"
set ylabel "GB/s (copy: read + written)"
set key top right
unset label
unset arrow
$c0 << EOD
1024 64
1280 64
1536 64
1792 64
2048 64
2560 64
2816 64
3328 64
4096 64
4864 53.8947
5888 44.5217
6912 37.9259
8192 32
9728 32
11520 32
13824 32
16384 32
19456 32
23296 32
27648 32
32768 32
38912 32
46336 32
55040 32
65536 32
77824 26.9474
92672 22.6298
110336 19.007
131072 16
262144 16
EOD
$c1 << EOD
1024 64
1280 64
1536 64
1792 64
2048 64
2560 64
2816 64
3328 64
4096 64
4864 53.8947
5888 44.5217
6912 37.9259
8192 32
9728 32
11520 32
13824 32
16384 32
19456 32
23296 32
27648 32
32768 32
38912 32
46336 32
55040 32
65536 32
77824 26.9474
92672 22.6298
110336 19.007
131072 16
262144 16
EOD
$c2 << EOD
1024 64
1280 64
1536 64
1792 64
2048 64
2560 64
2816 64
3328 64
4096 64
4864 53.8947
5888 44.5217
6912 37.9259
8192 32
9728 32
11520 32
13824 32
16384 32
19456 32
23296 32
27648 32
32768 32
38912 32
46336 32
55040 32
65536 32
77824 26.9474
92672 22.6298
110336 19.007
131072 16
262144 16
EOD
$part << EOD
8192 32
9728 32
11520 32
13824 32
16384 32
19456 32
23296 32
27648 32
32768 32
38912 32
46336 32
55040 32
65536 32
77824 26.9474
92672 22.6298
110336 19.007
131072 16
EOD
set label 1 'L1: read 64 write 64 copy 64' at 1024,64 point pt 7 ps 0.6 offset 0.5,0.7 font ",8"
set label 4 'L2: read 32 write 32 copy 32' at 16384,32 point pt 7 ps 0.6 offset 0.5,0.7 font ",8"
set label 7 'memory: read 16 write 16 copy 16' at 262144,16 point pt 7 ps 0.6 right offset -0.5,0.7 font ",8"
set label 10 'L2 partitioned: read 32' at 23040,32 point pt 7 ps 0.6 offset 0.5,-0.9 font ",8"
set yrange [10.6667:96]
plot $c0 using 1:2 with linespoints ls 1 title 'read', $c1 using 1:2 with linespoints ls 2 title 'write', $c2 using 1:2 with linespoints ls 3 title 'copy', $part using 1:2 with linespoints ls 4 title 'read, partitioned (each SM its own lines)'
