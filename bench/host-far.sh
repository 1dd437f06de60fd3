# host-far.sh: a device's latency to pinned host memory at 13 and 202 MiB,
# in a process that sees one device, one that sees two, and a worker
# (bench/worker-drive.py) that read the peer's memory first: what moves
# the far point.  Two GPUs; run from the directory holding
# chase-0.2.0.tar.gz; the results go to $OUT/host-far.tar.gz.
set -u
. "$(dirname "$0")/device-build.sh"
here=$(cd "$(dirname "$0")" && pwd)
chase_new || exit 1
R=$OUT/r
mkdir -p $R/logs
S="--sizes 13220352,211524608"
far() { grep -v '^#' "$1" | awk -F'\t' 'NR > 1 { printf "%s %.1f (p5 %.1f, p95 %.1f); ", $1, $2, $3, $4 }'; echo; }
for i in 1 2 3; do
    CUDA_VISIBLE_DEVICES=0 new/chase -b cuda -d 0 --memory host $S -q -o $R/one-$i.tsv
    echo "sees one:  $(far $R/one-$i.tsv)"
    CUDA_VISIBLE_DEVICES=0,1 new/chase -b cuda -d 0 --memory host $S -q -o $R/two-$i.tsv
    echo "sees two:  $(far $R/two-$i.tsv)"
    CUDA_VISIBLE_DEVICES=0,1 python3 $here/worker-drive.py new/chase $R/logs \
        "-b cuda -d 0 --memory host $S -q -o $R/w-host-first-$i.tsv" \
        "-b cuda -d 0 --memory peer:1 $S -q -o $R/w-peer-$i.tsv" \
        "-b cuda -d 0 --memory host $S -q -o $R/w-host-after-$i.tsv"
    echo "worker, host first:  $(far $R/w-host-first-$i.tsv)"
    echo "worker, after peer:  $(far $R/w-host-after-$i.tsv)"
done
cd $OUT && tar czf host-far.tar.gz r && rm -rf r
