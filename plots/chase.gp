# chase.gp: the house style of chase's plots.  chase writes a script that
# sets the terminal (from the image's name: png, pdf or svg) and the output,
# loads this file, then sets the title, ranges, marks and data.
set encoding utf8
# Labels come from file metadata: print them as they are, no markup.
set termoption noenhanced
set logscale x 2
set logscale y 2
set xlabel "working-set size"
set format y "%g"
set grid xtics ytics mytics lc rgb "#d0d0d0" lw 1 dt 1
set mytics 2
set key top left Left reverse box lw 0.8 samplen 2 spacing 1.1 font ",13"
set border 3 lw 1.2
set tics nomirror out
set xtics rotate by -35
# Colour-blind-safe palette (Okabe and Ito); word(colors, i) picks curve i's.
colors = "#0072B2 #D55E00 #009E73 #CC79A7 #E69F00 #56B4E9 #000000"
do for [i=1:7] {
    set style line i lc rgb word(colors, i) lw 2 pt 7 ps 0.7
}
