# slurm.sh: chase under a real Slurm.  The test starts munge, slurmctld and
# slurmd on localhost (its own key, sockets, ports and state, all under its
# temporary directory), runs `srun -n 4 chase report -b sim` with task 2
# given a slower simulated memory, and wants `chase fleet` to flag that
# task and only it; each task's report in a directory of its own, named by
# host and device, and its place (rank, ranks) in its metadata; two tasks
# given one device: never two writing one directory.  Stops every daemon it
# started.  Without Slurm and munge installed (or without root, which
# slurmd needs) the test is skipped, unless CHASE_TEST_SLURM=require (CI).
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
. "$srcdir/tests/common.sh"

need=${CHASE_TEST_SLURM:-}
# The sanitizer build's quick run: the placement's code runs there under
# node.sh's launcher environment, without daemons.
[ -n "${CHASE_TEST_QUICK:-}" ] && [ "$need" != require ] && skip_all "CHASE_TEST_QUICK: no daemons"
missing=
for p in munged slurmctld slurmd srun sinfo; do
    command -v "$p" > /dev/null 2>&1 || [ -x "/usr/sbin/$p" ] || missing="$missing $p"
done
[ "$(id -u)" -eq 0 ] || missing="$missing root"
if [ -n "$missing" ]; then
    if [ "$need" = require ]; then
        not_ok "CHASE_TEST_SLURM=require, and this machine lacks:$missing"
        finish
        exit 1
    fi
    skip_all "no Slurm here (lacks:$missing)"
fi
PATH=$PATH:/usr/sbin

w=$tmp/slurm
mkdir -p "$w/state" "$w/spool" "$w/munge"
chmod 700 "$w/munge"
head -c 1024 /dev/urandom > "$w/munge/key"
chmod 600 "$w/munge/key"
host=$(hostname)
# Ports of this run's own (two runs of the test at once do not meet).
port=$((20000 + ($$ % 20000) * 2))
cat > "$w/slurm.conf" << EOF2
ClusterName=chasetest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$w/munge/sock
CredType=cred/munge
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$w/state
SlurmdSpoolDir=$w/spool
SlurmctldPidFile=$w/ctld.pid
SlurmdPidFile=$w/slurmd.pid
SlurmctldLogFile=$w/ctld.log
SlurmdLogFile=$w/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=8 Boards=1 SocketsPerBoard=1 CoresPerSocket=8 ThreadsPerCore=1 RealMemory=1000
PartitionName=chasetest Nodes=$host Default=YES MaxTime=10 State=UP
EOF2
export SLURM_CONF="$w/slurm.conf"

stop() {
    for f in "$w/slurmd.pid" "$w/ctld.pid" "$w/munge/pid"; do
        [ -s "$f" ] && kill "$(cat "$f")" 2> /dev/null
    done
    sleep 1
    for f in "$w/slurmd.pid" "$w/ctld.pid" "$w/munge/pid"; do
        [ -s "$f" ] && kill -9 "$(cat "$f")" 2> /dev/null
    done
    rm -rf "$tmp"
}
trap stop EXIT

munged --key-file="$w/munge/key" --socket="$w/munge/sock" --pid-file="$w/munge/pid" \
    --log-file="$w/munge/log" --seed-file="$w/munge/seed" -f 2> "$w/munged.err"
check "munged starts ($(head -1 "$w/munged.err"))" test -S "$w/munge/sock"
slurmctld -f "$w/slurm.conf" 2> "$w/ctld.err"
slurmd -f "$w/slurm.conf" 2> "$w/slurmd.err"
i=0
until sinfo -h -o %T 2> /dev/null | grep -q idle || [ $i -ge 40 ]; do
    sleep 0.5
    i=$((i + 1))
done
if ! sinfo -h -o %T 2> /dev/null | grep -q idle; then
    not_ok "slurmctld and slurmd on localhost: the node is up ($(tail -2 "$w/ctld.log" "$w/slurmd.log" 2> /dev/null | tr '\n' '|'))"
    finish
    exit 1
fi
ok "slurmctld and slurmd on localhost: the node is up"

# Four tasks, four simulated devices on this host (each task takes its
# local rank's), task 2's memory 15% slower.
fast='L1:size=8K,lat=4;L2:size=256K,ways=16,lat=20;mem:lat=200'
slow='L1:size=8K,lat=4;L2:size=256K,ways=16,lat=20;mem:lat=230'
export CHASE CHASE_SIM_DEVICES=4 fast slow
srun -n 4 -t 5 sh -c 'spec=$fast; [ "$SLURM_PROCID" = 2 ] && spec=$slow; exec "$CHASE" report -b sim --sim "$spec" -q -o "$0"' "$tmp/runs" > "$tmp/srun.out" 2>&1
st=$?
check "srun -n 4 chase report: every task done (srun's exit $st: $(head -2 "$tmp/srun.out" | tr '\n' '|'))" test "$st" -eq 0
n=$(ls "$tmp/runs" | grep -c "^$host-SIM-")
check "four reports, one directory a task, each named by host and device ($n: $(ls "$tmp/runs" | tr '\n' ' '))" test "$n" -eq 4
for r in 0 1 2 3; do
    d=$(grep -l "\"rank\": $r," "$tmp"/runs/*/report.json 2> /dev/null | head -1)
    check "task $r's report says its place (slurm, rank $r of 4, local rank $r, host $host)" \
        sh -c 'grep -q "\"launcher\": \"slurm\"" "$1" && grep -q "\"ranks\": 4," "$1" && grep -q "\"local_rank\": $2," "$1" && grep -q "\"host\": \"$3\"" "$1"' sh "$d" "$r" "$host"
    [ "$r" = 2 ] && slowdir=$(dirname "$d")
done
"$CHASE" fleet "$tmp/runs" -q -o "$tmp/fleet" 2> "$tmp/err"
st=$?
check "chase fleet of the four: exit 10, outliers found (got $st: $(head -1 "$tmp/err"))" test "$st" -eq 10
check "the outliers are task 2's report and only its (${slowdir##*/})" \
    awk -F'\t' -v d="$slowdir" '/^# table: outliers/ { on = 1; getline; next } on && !/^#/ && NF { n++; if ($2 != d) bad = 1 }
                               END { exit bad || n < 1 }' "$tmp/fleet/fleet.tsv"
check "... its memory latency among them, 15% above the median" \
    grep -q "^| sweep memory cycles | [^|]*${slowdir##*/} | simulated hierarchy | 230 | 200 | +15.0% |\$" "$tmp/fleet/fleet.md"

# Two tasks given one device (-d 0): they would write one directory; the
# lock lets one write it and refuses the other.
srun -n 2 -t 5 sh -c 'exec "$CHASE" report -b sim --sim "$fast" -d 0 -q -o "$0"' "$tmp/same" > "$tmp/srun2.out" 2>&1
# Started together, one holds the directory's lock while the other is
# refused; on a loaded machine one may finish before the other starts, and
# then the second writes it again after it (node.sh tests the lock itself).
n=$(grep -c "another chase report is writing" "$tmp/srun2.out")
check "two tasks on one device: at most one refused (another report is writing its directory): $n" test "$n" -le 1
check "... and one whole report in one directory" \
    sh -c 'test "$(ls -d "$1"/*/ | wc -l)" -eq 1 && grep -q "\"status\": \"complete\"" "$1"/*/report.json' sh "$tmp/same"

finish
