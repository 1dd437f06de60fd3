# node-start2.sh: where a topology run to the host spends its second (the
# far point alone; without the warm pass; one chain a point), whether two
# devices read the host at once as fast as alone, and what a part's start
# costs while the other device runs a report; a system-call timeline of a
# 4 KiB sweep where strace is installed.  Run from the directory holding
# chase-0.2.0.tar.gz on a host of two GPUs or more; the results go to
# $OUT/node-start2.tar.gz.
set -u
. "$(dirname "$0")/device-build.sh"
chase_build chase-0.2.0.tar.gz chase-0.2.0 && cd chase-0.2.0 || exit 1
export CHASE_BACKEND_PATH=$PWD
R=$OUT/r
mkdir -p $R
SZ=211524608
for t in strace ltrace perf; do echo "$t: $(command -v $t || echo none)"; done | tee -a $R/times.txt
H="env CUDA_VISIBLE_DEVICES=0 ./chase -b cuda -d 0 --memory host"
for i in 1 2; do
    T "host latency, both points" $H --sizes 13220352,$SZ -q -o $R/h-both$i.tsv
    T "host latency, near only" $H --sizes 13220352 -q -o $R/h-near$i.tsv
    T "host latency, far only" $H --sizes $SZ -q -o $R/h-far$i.tsv
    T "host latency, far only, no warm" $H --sizes $SZ --no-warm -q -o $R/h-farnw$i.tsv
    T "host latency, 4 KiB" $H --sizes 4K -q -o $R/h-tiny$i.tsv
done
B="./chase bandwidth -b cuda -d 0 --memory host --op read --placement stream --min $SZ --max $SZ -q"
for i in 1 2; do
    T "host bandwidth 0 alone" env CUDA_VISIBLE_DEVICES=0 $B -o $R/hb0-$i.tsv
    T "host bandwidth 1 alone" env CUDA_VISIBLE_DEVICES=1 $B -o $R/hb1-$i.tsv
    T "host bandwidths at once" sh -c "CUDA_VISIBLE_DEVICES=0 $B -o $R/hb0x-$i.tsv & CUDA_VISIBLE_DEVICES=1 $B -o $R/hb1x-$i.tsv & wait"
done
for f in $R/h-*.tsv $R/hb*.tsv; do
    printf '%s: %s | ' "${f##*/}" "$(grep -h '^# elapsed_s' $f)"; grep -v '^#' $f | awk -F'\t' 'NR > 1 { printf "%s ", $0 } END { print "" }'
done >> $R/points.txt
L="env CUDA_VISIBLE_DEVICES=0 ./chase lanes -b cuda -d 0 -q"
for i in 1 2 3 4 5; do T "lanes alone" $L -o $R/la$i.tsv; done
CUDA_VISIBLE_DEVICES=1 ./chase report -b cuda -d 0 -q -o $R/busy > /dev/null 2>&1 &
busy=$!
sleep 1
for i in 1 2 3 4 5; do T "lanes beside a report on device 1" $L -o $R/lb$i.tsv; done
wait $busy
if command -v strace > /dev/null; then
    strace -f -tt -T -o $R/strace-tiny.txt env CUDA_VISIBLE_DEVICES=0 ./chase -b cuda -d 0 --sizes 4K -q -o $R/tiny.tsv
    gzip $R/strace-tiny.txt
fi
find $R -name '*.png' -delete
rm -rf $R/busy
cd $OUT && tar czf node-start2.tar.gz r && rm -rf r
