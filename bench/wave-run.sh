# wave-run.sh: the H100 checks of this wave's measurements, in one lease,
# from the `make dist` tarball: the SASS checks (cuobjdump runs here), then
# chase async, banks' stores, the constant and texture paths, the report
# (every part), the streamed copy at 8-byte accesses, and how long a chase
# process takes to start alone and beside one on the other GPU.
# Results: $OUT/wave.tar.gz.
set -u
R=$OUT/r
mkdir -p $R
tar xzf chase-0.2.0.tar.gz && cd chase-0.2.0 || exit 1
(./configure --with-cuda=/usr/local/cuda --without-hip --with-cuda-arch=90 --enable-werror > conf.log 2>&1 &&
    make -j16 > make.log 2>&1) || { tail -30 conf.log make.log; exit 1; }
export CHASE_BACKEND_PATH=$PWD
nvidia-smi -L > $R/smi.txt
make check TESTS="tests/async-asm.sh tests/banks-sass.sh tests/paths-sass.sh tests/lanes-asm.sh tests/bandwidth-asm.sh \
    tests/loads-sass.sh tests/terminal-width.sh tests/man-keys.sh" > $R/check.log 2>&1
grep -E "^(FAIL|ERROR|SKIP)|^# (TOTAL|PASS|FAIL|SKIP)" $R/check.log
cp tests/*.log $R/ 2>/dev/null
t() { /usr/bin/time -f "%e s: $*" "$@"; }
t ./chase -b cuda -q -o $R/sweep.tsv
t ./chase async -b cuda --from $R/sweep.tsv -q -o $R/async.tsv 2> $R/async.err; tail -3 $R/async.err
./chase async -b cuda --from $R/sweep.tsv 2>&1 > /dev/null | head -60
t ./chase banks -b cuda -q -o $R/banks.tsv
./chase banks -b cuda 2>&1 > /dev/null | head -60
t ./chase -b cuda --cache-op const -q -o $R/const.tsv
t ./chase -b cuda --cache-op tex --max 1G -q -o $R/tex.tsv
t ./chase -b cuda --cache-op nc --max 1G -q -o $R/nc.tsv
for f in const tex nc; do echo "== $f"; grep "^# level:" $R/$f.tsv | cut -f1-5; done
for w in 128 64; do
    ./chase bandwidth -b cuda --placement stream --min 2G --max 2G --width $w -q -o $R/bw-w$w.tsv
    grep -E "^(read|write|copy)" $R/bw-w$w.tsv | awk -v w=$w '{ print "width", w, $1, $5 "x" $6, $8 }'
done
t ./chase report -b cuda -q -o $R/report
grep -o '"name": "[a-z]*", "what": "[^"]*", "status": "[^"]*", "exit": [0-9]*, "seconds": [0-9.]*' $R/report/report.json
# Process start: a tiny sweep alone, then one on each GPU at once.
for i in 1 2 3; do
    t ./chase -b cuda -d 0 --sizes 4K -q -o /dev/null
    ( t ./chase -b cuda -d 0 --sizes 4K -q -o /dev/null & t ./chase -b cuda -d 1 --sizes 4K -q -o /dev/null & wait )
done 2>&1
rm -f $R/report/*.png
cd $OUT && tar czf wave.tar.gz r && rm -rf r
