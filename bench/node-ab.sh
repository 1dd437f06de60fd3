# node-ab.sh: the node report of the code before (chase-old.tar.gz) and
# after (chase-0.2.0.tar.gz) side by side on one host of several GPUs,
# alternating, beside one device's report alone (each code's): the
# times, each part's, and each device's figures.  Run from the directory holding both
# tarballs; the results go to $OUT/node-ab.tar.gz.
set -u
. "$(dirname "$0")/device-build.sh"
chase_build_ab || exit 1
R=$OUT/r
mkdir -p $R
nvidia-smi -L > $R/smi-L.txt
for round in $(seq 1 ${ROUNDS:-2}); do
    T "round $round: one report (old), device 0" env CHASE_BACKEND_PATH=$PWD/old old/chase report -b cuda -d 0 -q -o $R/oneold-$round
    T "round $round: one report (new), device 0" env CHASE_BACKEND_PATH=$PWD/new new/chase report -b cuda -d 0 -q -o $R/one-$round
    T "round $round: node report, old" env CHASE_BACKEND_PATH=$PWD/old old/chase report -b cuda --devices all -q -o $R/old-$round
    T "round $round: node report, new" env CHASE_BACKEND_PATH=$PWD/new new/chase report -b cuda --devices all -q -o $R/new-$round
done
# A CUDA process's own start: every device visible, and one.
for i in 1 2 3; do
    T "a 4 KiB sweep, every device visible" env CHASE_BACKEND_PATH=$PWD/new new/chase -b cuda -d 0 --sizes 4K -q -o $R/tiny.tsv
    T "a 4 KiB sweep, one visible" env CHASE_BACKEND_PATH=$PWD/new CUDA_VISIBLE_DEVICES=0 new/chase -b cuda -d 0 --sizes 4K -q -o $R/tiny.tsv
done
for d in $R/old-* $R/new-*; do
    for f in $d/topology/*.tsv; do
        echo "$f $(grep -h '^# elapsed_s' $f | cut -d' ' -f3) $(grep -h '^# visible_devices' $f | cut -d' ' -f3)"
    done
done > $R/topology-elapsed.txt
for d in $R/old-* $R/new-*; do
    echo "$d: $(grep -o '"\(reports_s\|topology_latency_s\|topology_bandwidth_s\)": [0-9.]*' $d/node.json | tr '\n' ' ')"
done | tee -a $R/times.txt
# Each part's seconds, report by report.
for d in $R/oneold-* $R/one-* $R/old-*/device* $R/new-*/device*; do
    python3 -c "import json; j=json.load(open('$d/report.json'))
print('$d'.split('/r/')[-1], ' '.join('%s %s' % (p['name'], p['seconds']) for p in j['parts']))"
done | tee $R/parts.txt
# The figures: each device's levels, and the topology's, run by run.
for d in $R/oneold-* $R/one-* $R/old-*/device* $R/new-*/device*; do
    printf '%s: ' "$d"; grep '^# level:' $d/sweep.tsv | awk -F'\t' '{printf "%s %s %s; ", $1, $3, $4}' | sed 's/# level: //g'; echo
done | tee $R/levels.txt
for d in $R/old-* $R/new-*; do
    python3 -c "import json; j=json.load(open('$d/node.json'))
for t in j['topology']: print('$d'.split('/')[-1], t['from'], t['target'], t['near_cycles'], t['far_cycles'], t['read_gbs'], t['latency_status'], t['bandwidth_status'])"
done | tee $R/topology.txt
find $R -name '*.png' -delete
cd $OUT && tar czf node-ab.tar.gz r && rm -rf r
