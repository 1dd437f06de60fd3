# node-diag.sh: where a node report's time goes on a host of several
# GPUs: a CUDA process's start with every device visible and with one
# (CUDA_VISIBLE_DEVICES), one report alone, two reports at once (every
# device visible; each its own), the topology's children alone, and the
# node report.  Run from the directory holding chase-0.2.0.tar.gz; the
# results go to $OUT/node-diag.tar.gz.
. "$(dirname "$0")/device-build.sh"
chase_build chase-0.2.0.tar.gz chase-0.2.0 && cd chase-0.2.0 || exit 1
export CHASE_BACKEND_PATH=$PWD
R=$OUT/r
mkdir -p $R
nvidia-smi -L > $R/smi-L.txt
nvidia-smi -q | grep -i -E 'persistence|product name' > $R/smi-q.txt
for i in 1 2 3; do
    T "tiny, all visible" ./chase -b cuda -d 0 --sizes 4K -q -o $R/tiny.tsv
    T "tiny, one visible" env CUDA_VISIBLE_DEVICES=0 ./chase -b cuda -d 0 --sizes 4K -q -o $R/tiny.tsv
done
T "one report, all visible" ./chase report -b cuda -d 0 -o $R/one
T "one report, one visible" env CUDA_VISIBLE_DEVICES=0 ./chase report -b cuda -d 0 -o $R/onev
T "two reports at once, all visible" sh -c "./chase report -b cuda -d 0 -o $R/a0 & ./chase report -b cuda -d 1 -o $R/a1 & wait"
T "two reports at once, one visible each" sh -c "CUDA_VISIBLE_DEVICES=0 ./chase report -b cuda -d 0 -o $R/b0 & CUDA_VISIBLE_DEVICES=1 ./chase report -b cuda -d 0 -o $R/b1 & wait"
T "latency 0->peer1, two sizes" ./chase -b cuda -d 0 --memory peer:1 --sizes 13220288,211524608 -q -o $R/lat.tsv
T "latency 0->peer1, near only" ./chase -b cuda -d 0 --memory peer:1 --sizes 13220288 -q -o $R/lat1.tsv
T "latency 0->host, two sizes" ./chase -b cuda -d 0 --memory host --sizes 13220288,211524608 -q -o $R/lath.tsv
T "bandwidth 0->peer1" ./chase bandwidth -b cuda -d 0 --memory peer:1 --op read --placement stream --min 211524608 --max 211524608 -q -o $R/bw.tsv
T "bandwidth 0->host" ./chase bandwidth -b cuda -d 0 --memory host --op read --placement stream --min 211524608 --max 211524608 -q -o $R/bwh.tsv
T "node report" ./chase report -b cuda --devices all -o $R/node
grep -h elapsed_s $R/lat.tsv $R/lat1.tsv $R/lath.tsv $R/bw.tsv $R/bwh.tsv
for d in one onev a0 a1 b0 b1 node/device0 node/device1; do
    printf '%s:' $d; python3 -c "import json,sys; d=json.load(open('$R/$d/report.json')); print(' '.join('%s %.2f' % (p['name'], p['seconds']) for p in d['parts']))"
done
grep -h '_s:' $R/node/node.md $R/node/node.json 2>/dev/null | head
find $R -name '*.png' -delete
cd $OUT && tar czf node-diag.tar.gz r && rm -rf r
