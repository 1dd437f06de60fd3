# host-repeat.sh: a device's latency to pinned host memory (13 and 202
# MiB) four times in fresh processes and four times in one report worker
# (bench/worker-drive.py): does a process's second allocation read
# differently from its first?  Run from the directory holding
# chase-0.2.0.tar.gz; results in $OUT/host-repeat.tar.gz.
set -u
. "$(dirname "$0")/device-build.sh"
here=$(cd "$(dirname "$0")" && pwd)
chase_new || exit 1
R=$OUT/r
mkdir -p $R/logs
cat /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag > $R/thp.txt 2>&1
S="-b cuda -d 0 --memory host --sizes 13220352,211524608 -q"
for i in 1 2 3 4; do CUDA_VISIBLE_DEVICES=0 new/chase $S -o $R/fresh-$i.tsv; done
CUDA_VISIBLE_DEVICES=0 python3 $here/worker-drive.py new/chase $R/logs "$S -o $R/w-1.tsv" "$S -o $R/w-2.tsv" \
    "$S -o $R/w-3.tsv" "$S -o $R/w-4.tsv"
for i in 1 2 3 4; do CUDA_VISIBLE_DEVICES=0 new/chase $S -o $R/fresh2-$i.tsv; done
cat $R/thp.txt
for f in $R/fresh-*.tsv $R/w-*.tsv $R/fresh2-*.tsv; do
    printf '%s: ' "${f#$R/}"
    grep -v '^#' "$f" | awk -F'\t' 'NR > 1 { printf "%s %.1f (p5 %.1f, p95 %.1f); ", $1, $2, $3, $4 }'
    echo
done
cd $OUT && tar czf host-repeat.tar.gz r && rm -rf r
