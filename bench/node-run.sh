# node-run.sh: chase report --devices all on a node, beside one device's
# report alone, and the topology's bandwidths between devices measured
# one at a time (to compare with the node's rounds, where both directions
# run at once).  Run from the directory holding chase-0.2.0.tar.gz; the
# results go to $OUT/node-run.tar.gz.
set -x
. "$(dirname "$0")/device-build.sh"
chase_build chase-0.2.0.tar.gz chase-0.2.0 && cd chase-0.2.0 || exit 1
export CHASE_BACKEND_PATH=$PWD
R=$OUT/r
mkdir -p $R
nvidia-smi -L > $R/smi-L.txt
nvidia-smi topo -m > $R/topo.txt 2>&1
./chase --version > $R/version.txt 2>&1
/usr/bin/time -f "one report %e s" ./chase report -b cuda -d 0 -o $R/one 2> $R/one.err
/usr/bin/time -f "node report %e s" ./chase report -b cuda --devices all -o $R/node 2> $R/node.err
/usr/bin/time -f "one report again %e s" ./chase report -b cuda -d 1 -o $R/one1 2> $R/one1.err
tail -1 $R/one.err; tail -1 $R/one1.err; tail -5 $R/node.err
# The pairs' bandwidths one at a time, as the node's rounds measured them at once.
for p in "0 1" "1 0"; do
    set -- $p
    ./chase bandwidth -b cuda -d $1 --memory peer:$2 --op read --placement stream --min 200M --max 200M -q \
        -o $R/alone-bw-$1-peer$2.tsv
    ./chase -b cuda -d $1 --memory peer:$2 --sizes 12800K,200M -q -o $R/alone-lat-$1-peer$2.tsv
done
grep -h "^read" $R/alone-bw-*.tsv | cut -f1-8
grep -v "^#" $R/alone-lat-*.tsv
cat $R/node/node.md | sed -n '/## Topology/,$p'
python3 -c "import json; d=json.load(open('$R/node/node.json')); print(d['results'])" 2>/dev/null
for f in $R/one/report.json $R/node/device0/report.json $R/node/device1/report.json; do
    echo "$f"; grep -A2 '"name": "' $f | grep -E '"name"|"seconds"' | paste - - | head -12
done
find $R -name '*.png' -delete
cd $OUT && tar czf node-run.tar.gz r && rm -rf r
