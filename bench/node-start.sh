# node-start.sh: what a CUDA process's start costs, step by step
# (bench/cuda-start.c), alone and two at once, beside the wall time of a
# 4 KiB sweep and of each kind of topology run alone, one report and the
# node report.  Run from the directory holding chase-0.2.0.tar.gz on a
# host of two GPUs or more; the results go to $OUT/node-start.tar.gz.
set -u
. "$(dirname "$0")/device-build.sh"
chase_build chase-0.2.0.tar.gz chase-0.2.0 && cd chase-0.2.0 || exit 1
export CHASE_BACKEND_PATH=$PWD
R=$OUT/r
mkdir -p $R
gcc -O2 -o $R/cuda-start ../bench/cuda-start.c -ldl || exit 1
FB=$PWD/backends/cuda/chase_cuda.fatbin
SZ=211524608
nvidia-smi -L > $R/smi-L.txt
nvidia-smi -q | grep -i -E 'persistence|product name' | sort | uniq -c > $R/smi-q.txt
for i in 1 2 3; do
    echo "== alone $i" >> $R/start.txt
    CUDA_VISIBLE_DEVICES=0 $R/cuda-start $FB 0 $SZ >> $R/start.txt
done
for i in 1 2; do
    CUDA_VISIBLE_DEVICES=0 $R/cuda-start $FB 0 $SZ > $R/s0 & CUDA_VISIBLE_DEVICES=1 $R/cuda-start $FB 0 $SZ > $R/s1 & wait
    echo "== two at once $i: device 0" >> $R/start.txt; cat $R/s0 >> $R/start.txt
    echo "== two at once $i: device 1" >> $R/start.txt; cat $R/s1 >> $R/start.txt
done
for i in 1 2; do
    echo "== with a peer $i" >> $R/start.txt
    CUDA_VISIBLE_DEVICES=0,1 $R/cuda-start $FB 0 $SZ 1 >> $R/start.txt
done
for i in 1 2 3; do
    T "4 KiB sweep, one visible" env CUDA_VISIBLE_DEVICES=0 ./chase -b cuda -d 0 --sizes 4K -q -o $R/tiny.tsv
done
T "two 4 KiB sweeps at once" sh -c "CUDA_VISIBLE_DEVICES=0 ./chase -b cuda -d 0 --sizes 4K -q -o $R/t0.tsv & CUDA_VISIBLE_DEVICES=1 ./chase -b cuda -d 0 --sizes 4K -q -o $R/t1.tsv & wait"
for i in 1 2; do
    T "latency 0->peer1" env CUDA_VISIBLE_DEVICES=0,1 ./chase -b cuda -d 0 --memory peer:1 --sizes 13220352,$SZ -q -o $R/lat$i.tsv
    T "latency 0->host" env CUDA_VISIBLE_DEVICES=0 ./chase -b cuda -d 0 --memory host --sizes 13220352,$SZ -q -o $R/lath$i.tsv
    T "bandwidth 0->peer1" env CUDA_VISIBLE_DEVICES=0,1 ./chase bandwidth -b cuda -d 0 --memory peer:1 --op read --placement stream --min $SZ --max $SZ -q -o $R/bw$i.tsv
    T "bandwidth 0->host" env CUDA_VISIBLE_DEVICES=0 ./chase bandwidth -b cuda -d 0 --memory host --op read --placement stream --min $SZ --max $SZ -q -o $R/bwh$i.tsv
done
grep -H elapsed_s $R/*.tsv >> $R/times.txt
T "one report, device 0" ./chase report -b cuda -d 0 -q -o $R/one
T "node report" ./chase report -b cuda --devices all -q -o $R/node
grep -o '"[a-z_]*_s": [0-9.]*' $R/node/node.json >> $R/times.txt
for d in $R/one $R/node/device0 $R/node/device1; do
    python3 -c "import json; j=json.load(open('$d/report.json')); print('$d'.split('/r/')[1], ' '.join('%s %.2f' % (p['name'], p['seconds']) for p in j['parts']))"
done | tee -a $R/times.txt
find $R -name '*.png' -delete
rm -f $R/cuda-start
cd $OUT && tar czf node-start.tar.gz r && rm -rf r
