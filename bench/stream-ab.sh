# stream-ab.sh: chase bandwidth's streamed memory figures, the code before a
# change (chase-old.tar.gz) and after (chase-0.2.0.tar.gz), beside
# BabelStream's CUDA model (peers/BabelStream.tar.gz: git archive
# --prefix=BabelStream/ of its repository), alternating three times in one
# lease; then the new code's default `chase bandwidth` and its time.
# Results in $OUT/r.tar.gz.
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
set -u
R=$OUT/r; mkdir -p $R old new
tar xzf chase-old.tar.gz -C old && tar xzf chase-0.2.0.tar.gz -C new && tar xzf peers/BabelStream.tar.gz || exit 1
for v in old new; do (cd $v/chase-0.2.0 && ./configure --with-cuda=/usr/local/cuda --without-hip --with-cuda-arch=90 > conf.log 2>&1 && make -j16 > make.log 2>&1) || { echo build $v failed; tail -20 $v/chase-0.2.0/make.log; exit 1; }; done
/usr/local/cuda/bin/nvcc -std=c++17 -O3 -arch=sm_90 --extended-lambda -DCUDA -DDEFAULT -DGRID_STRIDE -IBabelStream/src -IBabelStream/src/cuda BabelStream/src/main.cpp BabelStream/src/cuda/CUDAStream.cu -o cuda-stream -L/usr/local/cuda/lib64/stubs -lnvidia-ml > $R/babel-build.log 2>&1 || tail -5 $R/babel-build.log
nvidia-smi -L > $R/smi.txt
for round in 1 2 3; do
  for v in old new; do
    CHASE_BACKEND_PATH=$PWD/$v/chase-0.2.0 $v/chase-0.2.0/chase bandwidth -b cuda -d 0 --placement stream --min 2G --max 2G -q -o $R/$v-$round.tsv
    grep -E "^(read|write|copy)" $R/$v-$round.tsv | awk -v v=$v -v r=$round '{ print v, r, $1, $3, $5 "x" $6, $8, $12 }'
  done
  ./cuda-stream --arraysize 134217728 --csv --gigabytes > $R/babel-$round.csv 2>&1; awk -F, -v r=$round '$1 == "Copy" || $1 == "Dot" { print "babel", r, $1, $5 }' $R/babel-$round.csv
done
cd new/chase-0.2.0 && export CHASE_BACKEND_PATH=$PWD
/usr/bin/time -f "bandwidth default %e s" ./chase bandwidth -b cuda -q -o $R/bw-default.tsv
grep -A14 "table: levels" $R/bw-default.tsv | cut -f1-8,14-20
cd $OUT && tar czf r.tar.gz r && rm -rf r
