# stores-fix-run.sh: the store kernels' SASS after the closing barrier, the
# constant walk's check, banks on the H100 again, and the streamed copy at
# 8-byte accesses.  Results in $OUT/fix.tar.gz.
set -u
R=$OUT/r
mkdir -p $R
tar xzf chase-0.2.0.tar.gz && cd chase-0.2.0 || exit 1
(./configure --with-cuda=/usr/local/cuda --without-hip --with-cuda-arch=90 --enable-werror > conf.log 2>&1 &&
    make -j16 > make.log 2>&1) || { tail -30 conf.log make.log; exit 1; }
export CHASE_BACKEND_PATH=$PWD
make check TESTS="tests/banks-sass.sh tests/paths-sass.sh" > $R/check.log 2>&1
grep -E "^(FAIL|ERROR)|^# (TOTAL|PASS|FAIL)" $R/check.log
cp tests/banks-sass.log tests/paths-sass.log $R/
./chase banks -b cuda -q -o $R/banks.tsv; echo "banks exit $?"
./chase banks -b cuda 2>&1 > /dev/null | sed -n '1,12p;/^conflict-32/p;/^conflict-free/p'
for w in 128 64; do
    ./chase bandwidth -b cuda --placement stream --min 2G --max 2G --width $w -q -o $R/bw-w$w.tsv
    grep -E "^(read|write|copy)" $R/bw-w$w.tsv | awk -v w=$w '{ print "width", w, $1, $5 "x" $6, $8 }'
done
cd $OUT && tar czf fix.tar.gz r && rm -rf r
