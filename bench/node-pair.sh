# node-pair.sh: can a node's topology read the host from one device while
# another device streams a peer's memory, without either slowing?  (Each
# bandwidth alone, then 0->1 beside 1->host and 1->0 beside 0->host,
# ROUNDS times.)  And a run to the host before (chase-old.tar.gz) and after
# (chase-0.2.0.tar.gz) --sizes opened only what it measures; the node
# report of each beside one report.  Run from the directory holding both
# tarballs on a host of two GPUs; the results go to $OUT/node-pair.tar.gz.
set -u
. "$(dirname "$0")/device-build.sh"
chase_build_ab || exit 1
R=$OUT/r
mkdir -p $R
nvidia-smi -L > $R/smi-L.txt
SZ=211524608
export CHASE_BACKEND_PATH=$PWD/new
C=new/chase
bw() {  # FROM TARGET OUT: one streamed read, as the node's topology runs it
    vis=$1; [ "${2#peer}" != "$2" ] && vis="$1,${2#peer:}"
    env CUDA_VISIBLE_DEVICES=$vis $C bandwidth -b cuda -d 0 --memory $(echo $2 | sed 's/peer:.*/peer:1/') \
        --op read --placement stream --min $SZ --max $SZ -q -o $3
}
gbs() { grep -v '^#' $1 | awk -F'\t' '$1 == "read" && $3 > 0 { print $8; exit }'; }
for round in $(seq 1 ${ROUNDS:-3}); do
    bw 0 peer:1 $R/a01-$round.tsv; bw 1 host $R/a1h-$round.tsv
    bw 1 peer:0 $R/a10-$round.tsv; bw 0 host $R/a0h-$round.tsv
    bw 0 peer:1 $R/p01-$round.tsv & bw 1 host $R/p1h-$round.tsv & wait
    bw 1 peer:0 $R/p10-$round.tsv & bw 0 host $R/p0h-$round.tsv & wait
    echo "round $round alone: 0->1 $(gbs $R/a01-$round.tsv) 1->host $(gbs $R/a1h-$round.tsv) 1->0 $(gbs $R/a10-$round.tsv) 0->host $(gbs $R/a0h-$round.tsv)" | tee -a $R/pair.txt
    echo "round $round pairs: 0->1 $(gbs $R/p01-$round.tsv) 1->host $(gbs $R/p1h-$round.tsv) 1->0 $(gbs $R/p10-$round.tsv) 0->host $(gbs $R/p0h-$round.tsv)" | tee -a $R/pair.txt
done
for v in old new; do
    for i in 1 2; do
        T "$v: host latency, 4 KiB" env CHASE_BACKEND_PATH=$PWD/$v CUDA_VISIBLE_DEVICES=0 $v/chase -b cuda -d 0 --memory host --sizes 4K -q -o $R/$v-ht$i.tsv
        T "$v: host latency, two points" env CHASE_BACKEND_PATH=$PWD/$v CUDA_VISIBLE_DEVICES=0 $v/chase -b cuda -d 0 --memory host --sizes 13220352,$SZ -q -o $R/$v-h2$i.tsv
        T "$v: peer latency, two points" env CHASE_BACKEND_PATH=$PWD/$v CUDA_VISIBLE_DEVICES=0,1 $v/chase -b cuda -d 0 --memory peer:1 --sizes 13220352,$SZ -q -o $R/$v-p2$i.tsv
    done
done
for f in $R/old-h2* $R/new-h2* $R/old-p2* $R/new-p2*; do echo "${f##*/} $(grep -v '^#' $f | awk -F'\t' 'NR > 1 { printf "%s %s; ", $1, $2 }')"; done | tee -a $R/pair.txt
for round in 1 2; do
    T "round $round: one report (new), device 0" env CHASE_BACKEND_PATH=$PWD/new new/chase report -b cuda -d 0 -q -o $R/one-$round
    T "round $round: node report, old" env CHASE_BACKEND_PATH=$PWD/old old/chase report -b cuda --devices all -q -o $R/old-$round
    T "round $round: node report, new" env CHASE_BACKEND_PATH=$PWD/new new/chase report -b cuda --devices all -q -o $R/new-$round
done
for d in $R/old-? $R/new-?; do
    echo "$d: $(grep -o '"\(reports_s\|topology_latency_s\|topology_bandwidth_s\)": [0-9.]*' $d/node.json | tr '\n' ' ')"
done | tee -a $R/times.txt
for d in $R/old-? $R/new-?; do
    python3 -c "import json; j=json.load(open('$d/node.json'))
for t in j['topology']: print('$d'.split('/')[-1], t['from'], t['target'], t['near_cycles'], t['far_cycles'], t['read_gbs'], t['latency_status'], t['bandwidth_status'])"
done | tee $R/topology.txt
find $R -name '*.png' -delete
cd $OUT && tar czf node-pair.tar.gz r && rm -rf r
