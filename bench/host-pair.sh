# host-pair.sh: two devices' latencies to pinned host memory (13 and 202
# MiB) read at once and one at a time, from two warm report workers
# (bench/worker-pair.py): do they disturb each other?  Two GPUs; run from
# the directory holding chase-0.2.0.tar.gz; results in $OUT/host-pair.tar.gz.
set -u
. "$(dirname "$0")/device-build.sh"
here=$(cd "$(dirname "$0")" && pwd)
chase_new || exit 1
R=$OUT/r
mkdir -p $R/peer
python3 $here/worker-pair.py new/chase $R ${ROUNDS:-4} "-b cuda --memory host --sizes 13220352,211524608"
python3 $here/worker-pair.py new/chase $R/peer ${ROUNDS:-4} "-b cuda --memory peer:1 --sizes 13220352,211524608"
for f in $R/at-once-*.tsv $R/alone-*.tsv $R/peer/at-once-*.tsv $R/peer/alone-*.tsv; do
    printf '%s: ' "${f#$R/}"
    grep -v '^#' "$f" | awk -F'\t' 'NR > 1 { printf "%s %.1f (p5 %.1f, p95 %.1f); ", $1, $2, $3, $4 }'
    echo
done
cd $OUT && tar czf host-pair.tar.gz r && rm -rf r
