# node-host-bw.sh: every device's read bandwidth from pinned host memory,
# each in a process of its own, one at a time, then the node report again
# (its topology reads the host in each device's worker): is a low figure
# the device's link or the run's?  Run from the directory holding
# chase-0.2.0.tar.gz; results in $OUT/node-host-bw.tar.gz.
set -u
. "$(dirname "$0")/device-build.sh"
chase_new || exit 1
R=$OUT/r
mkdir -p $R
n=$(nvidia-smi -L | wc -l)
for round in 1 2; do
    for d in $(seq 0 $((n - 1))); do
        new/chase bandwidth -b cuda -d $d --memory host --op read --placement stream --min 200M --max 200M -q \
            -o $R/host-bw-$round-$d.tsv
        printf 'round %d device %d alone: ' $round $d
        grep '^read' $R/host-bw-$round-$d.tsv | cut -f8-10
    done
    T "round $round: node report" new/chase report -b cuda --devices all -q -o $R/node-$round
    for d in $(seq 0 $((n - 1))); do
        printf 'round %d device %d in the node report: ' $round $d
        grep '^read' $R/node-$round/topology/bandwidth-$d-host.tsv | cut -f8-10
    done
done
find $R -name '*.png' -delete
cd $OUT && tar czf node-host-bw.tar.gz r && rm -rf r
