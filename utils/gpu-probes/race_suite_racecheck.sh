#!/usr/bin/env bash
# race_suite_racecheck.sh -- build every test/race-suite/*.cu with nvcc and run each kernel alone
# (argument = kernel name) under compute-sanitizer racecheck (all, info, analysis), synccheck and
# plainly, 16 jobs at a time, each bounded by `timeout -k 5 45`. Used for docs/measurements/race-suite.md.
# Usage (GPU machine, repository root): bash utils/gpu-probes/race_suite_racecheck.sh [SUITE_DIR]
# Writes $OUT/summary.txt (one line per run) and $OUT/racesuite_logs.tar.gz (every raw log).
set -u
S=$(cd "${1:-test/race-suite}" && pwd)
OUT=${OUT:-/tmp/race_suite_out}; mkdir -p "$OUT"
W=/tmp/rs; rm -rf $W; mkdir -p $W/bin $W/logs
{ date -u; nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv
  nvcc --version | tail -2; compute-sanitizer --version | tail -2; } > $W/logs/versions.txt 2>&1
cat $W/logs/versions.txt
ls $S/*.cu | xargs -P 16 -I{} sh -c 'f=$(basename {} .cu); (echo "nvcc -arch=sm_90 -lineinfo -o BIN $f.cu"; timeout 120 nvcc -arch=sm_90 -lineinfo -o /tmp/rs/bin/$f {} 2>&1; echo "build rc=$?") > /tmp/rs/logs/$f.build.txt'
grep -h "rc=" $W/logs/*.build.txt | sort | uniq -c
: > $W/jobs
for src in $S/*.cu; do
  f=$(basename $src .cu)
  for k in $(grep -o '__global__ void [a-z_0-9]*' $src | awk '{print $3}' | grep -v '^fill_'); do
    for m in plain all info analysis sync; do echo "$f $k $m" >> $W/jobs; done
  done
done
wc -l < $W/jobs
job() {
  f=$1; k=$2; m=$3; RC="compute-sanitizer --tool racecheck"
  case $m in
    plain) c="/tmp/rs/bin/$f $k" ;;
    all) c="$RC --racecheck-report all --print-limit 20000 /tmp/rs/bin/$f $k" ;;
    info) c="$RC --racecheck-report all --print-limit 20000 --racecheck-detect-level info --print-level info /tmp/rs/bin/$f $k" ;;
    analysis) c="$RC --racecheck-report analysis /tmp/rs/bin/$f $k" ;;
    sync) c="compute-sanitizer --tool synccheck /tmp/rs/bin/$f $k" ;;
  esac
  o=/tmp/rs/logs/$f.$k.$m.txt; s=$(date +%s)
  (echo "\$ $c"; timeout -k 5 45 $c 2>&1; echo "rc=$? secs=$(( $(date +%s) - s ))") > $o
}
export -f job
xargs -P 16 -L 1 bash -c 'job "$@"' _ < $W/jobs
cd $W/logs
for o in *.all.txt *.info.txt *.analysis.txt *.sync.txt *.plain.txt; do
  echo "$o | $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' $o | tr -s ' ' | tr '\n' ' ') | $(tail -1 $o)"
done > $W/summary.txt
cp $W/summary.txt $OUT/summary.txt
tar czf $OUT/racesuite_logs.tar.gz -C $W logs summary.txt
grep -E '\.(all|info|sync)\.txt' $W/summary.txt | sed 's/=========//g'
