# copy-ab.sh: chase bandwidth's streamed memory figures, the code before a
# change (chase-old.tar.gz) and after (chase-0.2.0.tar.gz), beside
# BabelStream's CUDA model, alternating in one lease; then the new code's
# bandwidth through a peer and the host (two GPUs).  Results in
# $OUT/copy-ab.tar.gz.
set -u
R=$OUT/r
mkdir -p $R old new
tar xzf chase-old.tar.gz -C old && tar xzf chase-0.2.0.tar.gz -C new && tar xzf peers/BabelStream.tar.gz || exit 1
for v in old new; do
    (cd $v/chase-0.2.0 && ./configure --with-cuda=/usr/local/cuda --without-hip --with-cuda-arch=90 > conf.log 2>&1 &&
        make -j16 > make.log 2>&1) || { echo "build $v failed"; tail -20 $v/chase-0.2.0/make.log; exit 1; }
done
/usr/local/cuda/bin/nvcc -std=c++17 -O3 -arch=sm_90 --extended-lambda -DCUDA -DDEFAULT -DGRID_STRIDE -DUNROLL_FACTOR=4 \
    -IBabelStream/src -IBabelStream/src/cuda BabelStream/src/main.cpp BabelStream/src/cuda/CUDAStream.cu \
    -o cuda-stream -L/usr/local/cuda/lib64/stubs -lnvidia-ml > $R/babel-build.log 2>&1 || echo "babelstream build failed"
nvidia-smi -L > $R/smi.txt
for round in 1 2 3; do
    for v in old new; do
        CHASE_BACKEND_PATH=$PWD/$v/chase-0.2.0 $v/chase-0.2.0/chase bandwidth -b cuda -d 0 --placement stream \
            --min 2G --max 2G -q -o $R/$v-$round.tsv
        grep -E "^(read|write|copy)" $R/$v-$round.tsv | awk -v v=$v -v r=$round '{ print v, r, $1, $3, $5 "x" $6, $8 }'
    done
    [ -x ./cuda-stream ] && ./cuda-stream --arraysize 268435456 --csv --gigabytes > $R/babel-$round.csv 2>&1 &&
        awk -F, -v r=$round '$1 == "Copy" || $1 == "Dot" || $1 == "Mul" { print "babel", r, $1, $5 }' $R/babel-$round.csv
done
# The new code through the other GPU and the host (the replicated curve
# now ends at 4 x the reader's L1).
export CHASE_BACKEND_PATH=$PWD/new/chase-0.2.0
c=new/chase-0.2.0/chase
/usr/bin/time -f "bw peer %e s" $c bandwidth -b cuda --memory peer:1 --max 1G -q -o $R/bw-peer.tsv
/usr/bin/time -f "bw host %e s" $c bandwidth -b cuda --memory host --max 1G -q -o $R/bw-host.tsv
for f in $R/bw-peer.tsv $R/bw-host.tsv; do echo $f; grep -A12 "table: levels" $f | cut -f1-8,14,15; done
cd $OUT && tar czf copy-ab.tar.gz r && rm -rf r
