# node-holder.sh: does a process that holds the devices open (nvidia-smi
# dmon: NVML keeps every device's driver state up) change a CUDA
# process's start, one report, and the node report?  Persistence mode as
# the machine has it (read, never changed).  Run from the directory
# holding chase-0.2.0.tar.gz; the results go to $OUT/node-holder.tar.gz.
set -u
. "$(dirname "$0")/device-build.sh"
chase_build chase-0.2.0.tar.gz new && cd new || exit 1
export CHASE_BACKEND_PATH=$PWD
R=$OUT/r
mkdir -p $R
nvidia-smi -q | grep -i -E 'persistence|product name' > $R/smi-q.txt
cat $R/smi-q.txt
round() {   # tag
    for i in 1 2 3; do
        T "$1: a 4 KiB sweep, every device visible" ./chase -b cuda -d 0 --sizes 4K -q -o $R/tiny.tsv
        T "$1: a 4 KiB sweep, one visible" env CUDA_VISIBLE_DEVICES=0 ./chase -b cuda -d 0 --sizes 4K -q -o $R/tiny.tsv
    done
    T "$1: one report, device 0" ./chase report -b cuda -d 0 -q -o $R/one-$1
    T "$1: node report" ./chase report -b cuda --devices all -q -o $R/node-$1
}
round plain
nvidia-smi dmon -d 5 > $R/dmon.txt 2>&1 &
holder=$!
sleep 2
round held
kill $holder
round plain2
for d in $R/node-*; do
    echo "$d: $(grep -o '"\(reports_s\|topology_latency_s\|topology_bandwidth_s\)": [0-9.]*' $d/node.json | tr '\n' ' ')"
done | tee -a $R/times.txt
for d in $R/one-* $R/node-*/device*[0-9]; do
    python3 -c "import json; j=json.load(open('$d/report.json')); print('$d'.split('/r/')[1], ' '.join('%s %.2f' % (p['name'], p['seconds']) for p in j['parts']))"
done | tee -a $R/times.txt
find $R -name '*.png' -delete
cd $OUT && tar czf node-holder.tar.gz r && rm -rf r
