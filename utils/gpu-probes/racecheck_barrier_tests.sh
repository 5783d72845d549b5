#!/usr/bin/env bash
# racecheck_barrier_tests.sh -- run the kernels of test/barriers/*.cu under compute-sanitizer
# racecheck and synccheck on the GPU machine, to compare with smem-lint's barrier findings.
# Usage (from the repository root): bash utils/gpu-probes/racecheck_barrier_tests.sh
#
# Each test file is built with its host main from utils/gpu-probes/racecheck-mains/ (which
# #includes the test file, allocates zero-filled device buffers and calls its launch(...)):
#   nvcc -arch=sm_90 -lineinfo -O2 -o BIN racecheck-mains/FILE.cu
# and run, each run bounded by `timeout -k 5 60` (a divergent barrier may deadlock):
#   plain      BIN [KERNEL]
#   racecheck  compute-sanitizer --tool racecheck --racecheck-report all --print-limit 100000 BIN [KERNEL]
#   racecheck-info  the same with --racecheck-detect-level info --print-level info (when this
#              compute-sanitizer has the option)
#   synccheck  compute-sanitizer --tool synccheck BIN [KERNEL]
#   racecheck-analysis  compute-sanitizer --tool racecheck --racecheck-report analysis BIN matmulOneBarrier
#              (bound 150 s: only the per-source-pair totals, which the print limit cuts off in 'all')
#   racecheck-trace  the racecheck command with --racecheck-trace-sync yes (divergent kernels only)
# BIN with no argument runs the file's launch(); divergent-barrier and second-barrier are also run
# once per kernel (argument = kernel name) so that one deadlocking kernel, or one kernel whose
# hazards fill the print limit or the time bound, cannot hide the others. divergent-barrier's main
# also has one probe kernel of its own, probeHalfThenFull.
# warp-sync's binary is also disassembled with line info (nvdisasm -g) when nvdisasm is on PATH.
#
# Writes under $OUT (or /tmp/racecheck_barrier_out when OUT is unset):
#   log.txt                versions, build output, one line per run (rc, seconds), hazard summary
#   racecheck_raw.tar.gz   logs/FILE.MODE.TOOL.txt: the raw output of every run (first line: the command)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/racecheck_barrier_out}
W=/tmp/racecheck_barrier_work
rm -rf "$W"; mkdir -p "$W/bin" "$W/logs" "$OUT"
LOG=$OUT/log.txt
FILES="second-barrier missing-barrier divergent-barrier warp-sync no-false-positives"
PAR=${PAR:-12}

{ date -u; nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv
  nvcc --version | tail -2; compute-sanitizer --version | tail -2; } > "$LOG" 2>&1
compute-sanitizer --help > "$W/logs/compute-sanitizer-help.txt" 2>&1
if grep -q -- '--racecheck-detect-level' "$W/logs/compute-sanitizer-help.txt"; then HAVE_INFO=1; else HAVE_INFO=0; fi
grep -A3 -- '--racecheck' "$W/logs/compute-sanitizer-help.txt" >> "$LOG"

echo "== build  $(date -u +%T)" | tee -a "$LOG"
for f in $FILES; do
  ( echo "nvcc -arch=sm_90 -lineinfo -O2 -o $W/bin/$f $HERE/racecheck-mains/$f.cu"
    nvcc -arch=sm_90 -lineinfo -O2 -o "$W/bin/$f" "$HERE/racecheck-mains/$f.cu" 2>&1
    echo "build rc=$?" ) > "$W/logs/$f.build.txt" &
done
wait
cat "$W"/logs/*.build.txt >> "$LOG"

RC="compute-sanitizer --tool racecheck --racecheck-report all --print-limit 100000"
run_one() {  # file mode tool [seconds]
  local f=$1 mode=$2 tool=$3 lim=${4:-60} arg="" cmd
  [ "$mode" != launch ] && arg=$mode
  case $tool in
    plain)          cmd="$W/bin/$f $arg" ;;
    racecheck)      cmd="$RC $W/bin/$f $arg" ;;
    racecheck-info) cmd="$RC --racecheck-detect-level info --print-level info $W/bin/$f $arg" ;;
    racecheck-trace) cmd="$RC --racecheck-trace-sync yes $W/bin/$f $arg" ;;
    racecheck-analysis) cmd="compute-sanitizer --tool racecheck --racecheck-report analysis $W/bin/$f $arg" ;;
    synccheck)      cmd="compute-sanitizer --tool synccheck $W/bin/$f $arg" ;;
  esac
  local o=$W/logs/$f.$mode.$tool.txt t0=$SECONDS
  echo "\$ timeout -k 5 $lim $cmd" > "$o"
  timeout -k 5 $lim $cmd >> "$o" 2>&1
  local rc=$?
  echo "== rc=$rc seconds=$((SECONDS - t0))" >> "$o"
  echo "$f $mode $tool rc=$rc seconds=$((SECONDS - t0))$( [ $rc = 124 ] || [ $rc = 137 ] && echo '  TIMED OUT')"
}

echo "== runs (at most $PAR at a time)  $(date -u +%T)" | tee -a "$LOG"
TOOLS="plain racecheck synccheck"; [ $HAVE_INFO = 1 ] && TOOLS="$TOOLS racecheck-info"
JOBS=("second-barrier matmulOneBarrier racecheck-analysis 150")
for f in $FILES; do
  MODES=launch
  [ $f = divergent-barrier ] && MODES="launch halfBlock earlyReturn perThreadTrips uniform probeHalfThenFull"
  [ $f = second-barrier ] && MODES="launch matmulOneBarrier matmulTwoBarriers doubleBuffered"
  for m in $MODES; do for t in $TOOLS; do JOBS+=("$f $m $t"); done; done
done
for m in halfBlock earlyReturn perThreadTrips probeHalfThenFull; do JOBS+=("divergent-barrier $m racecheck-trace"); done
for j in "${JOBS[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$PAR" ]; do wait -n; done
  run_one $j >> "$LOG" &
done
wait
echo "== runs done  $(date -u +%T)" | tee -a "$LOG"

if command -v nvdisasm > /dev/null; then
  ( cd "$W" && cuobjdump -xelf all bin/warp-sync > /dev/null 2>&1
    for c in "$W"/*.cubin; do nvdisasm -g -c "$c"; done ) > "$W/logs/warp-sync.nvdisasm-g.txt" 2>&1
fi

# Hazard summary per log: kernel, severity, kind, first access kind@line -> second access kind@line
# (kind@+offset when racecheck printed no line), number of byte-level reports, one example
# thread pair and block.
echo "== racecheck hazard reports: log | kernel | severity | kind | access pair | count | example" >> "$LOG"
for o in "$W"/logs/*.racecheck*.txt; do
  awk -v lg="$(basename "$o" .txt)" '
    /Potential [A-Z]+ hazard detected/ { match($0, /Potential [A-Z]+/); kind = substr($0, RSTART + 10, 3)
      sev = ($0 ~ /Warning: \(Warp Level Programming\)/) ? "Warning(warp level)" : ($0 ~ /Error:/ ? "Error" : "Other")
      blk = $0; sub(/.* in block /, "", blk); sub(/ *:.*/, "", blk); n = 0; next }
    kind != "" && /Thread \(/ {
      a = $0; sub(/^=+ +/, "", a)
      acc = a; sub(/ Thread.*/, "", acc)
      thr = a; sub(/^[A-Za-z]+ Thread /, "", thr); sub(/ at .*/, "", thr)
      ker = a; sub(/.* at /, "", ker); sub(/\(.*/, "", ker)
      if (a ~ / in [^ ]+:[0-9]+$/) { ln = a; sub(/.*:/, "", ln) } else { ln = a; sub(/.*\)/, "", ln) }
      n++; A[n] = acc "@" ln; T[n] = acc " " thr
      if (n == 2) { k = ker " | " sev " | " kind " | " A[1] " -> " A[2]; c[k]++
        if (!(k in ex)) ex[k] = T[1] " / " T[2] " block " blk; kind = "" }
      next }
    END { for (k in c) print lg " | " k " | " c[k] " | " ex[k] }' "$o" | sort >> "$LOG"
done
echo "== sanitizer summaries and messages other than hazard details" >> "$LOG"
for o in "$W"/logs/*check*.txt; do
  grep -E '^=========' "$o" | grep -v -E 'hazard detected|Thread \(|Current Value|^=+ *$|COMPUTE-SANITIZER' \
    | sort | uniq -c | sort -rn | head -40 | sed "s|^|$(basename "$o" .txt): |"
done >> "$LOG"
echo "== last lines of the plain runs" >> "$LOG"
for o in "$W"/logs/*.plain.txt; do tail -n 2 "$o" | sed "s|^|$(basename "$o" .txt): |"; done >> "$LOG"
tar czf "$OUT/racecheck_raw.tar.gz" -C "$W" logs
echo "== done  $(date -u +%T)" | tee -a "$LOG"
cat "$LOG"
