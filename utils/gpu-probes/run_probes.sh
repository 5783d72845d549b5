#!/usr/bin/env bash
# run_probes.sh -- build, disassemble and profile bank_model_probes.cu on the H200 machine.
# Usage (from the repository root): bash utils/gpu-probes/run_probes.sh
# Writes under $OUT (or utils/gpu-probes/probe_out when OUT is unset):
#   log.txt             versions, build output, program output (incl. PATTERN lines), ncu stderr, summary
#   sass.txt            cuobjdump -sass of the whole binary
#   sass_summary.txt    per kernel: each shared-memory opcode (with width suffix) and how often it occurs
#   metrics.csv         ncu --csv for the named kernels: hardware wavefront/instruction counters and the
#                       instrumented (smsp__sass_*) wavefront counters
#   pat_metrics.csv     ncu --csv for the pat_* launches (one per pattern, launch order), hardware counters
#   pat_sass_metrics.csv ncu --csv for the pat_* launches, instrumented smsp__sass_* counters only
#   source_page.csv.gz  ncu SourceCounters source page (per-SASS-instruction wavefronts), named kernels
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/probe_out}
B=/tmp/bank_probes_build
mkdir -p "$B" "$OUT"
BIN=$B/bank_model_probes
LOG=$OUT/log.txt
NAMED='regex:^(d|f2|f4|f|h|c)_'
PAT='regex:^pat_'
HW=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
SASSM=smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum

{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
  nvcc --version | tail -2; ncu --version | tail -1; } > "$LOG" 2>&1

echo "== build: nvcc -arch=sm_90 -O3 -lineinfo -o $BIN bank_model_probes.cu" | tee -a "$LOG"
nvcc -arch=sm_90 -O3 -lineinfo -o "$BIN" "$HERE/bank_model_probes.cu" >> "$LOG" 2>&1 || { cat "$LOG"; exit 1; }

echo "== cuobjdump -sass" | tee -a "$LOG"
cuobjdump -sass "$BIN" > "$OUT/sass.txt" 2>> "$LOG"
awk '/Function :/ { f = $3 }
     /(LDS|STS|LDSM|ATOMS)/ { if (match($0, /(LDS|STS|LDSM|ATOMS)(\.[A-Z0-9]+)*/)) c[f " " substr($0, RSTART, RLENGTH)]++ }
     END { for (k in c) print k, c[k] }' "$OUT/sass.txt" | sort > "$OUT/sass_summary.txt"

echo "== plain run" | tee -a "$LOG"
"$BIN" >> "$LOG" 2>&1 || { echo "program failed"; tail -50 "$LOG"; }

echo "== ncu named kernels: hardware + instrumented counters  $(date -u +%T)" | tee -a "$LOG"
timeout 120 ncu --clock-control none --print-units base --csv --kernel-name "$NAMED" \
  --metrics "$HW,$SASSM" "$BIN" > "$OUT/metrics.csv" 2>> "$LOG"
echo "rc=$?" | tee -a "$LOG"

echo "== ncu pattern launches: hardware counters  $(date -u +%T)" | tee -a "$LOG"
timeout 200 ncu --clock-control none --print-units base --csv --kernel-name "$PAT" \
  --metrics "$HW" "$BIN" > "$OUT/pat_metrics.csv" 2>> "$LOG"
echo "rc=$?" | tee -a "$LOG"

echo "== ncu pattern launches: instrumented counters  $(date -u +%T)" | tee -a "$LOG"
timeout 150 ncu --clock-control none --print-units base --csv --kernel-name "$PAT" \
  --metrics "$SASSM" "$BIN" > "$OUT/pat_sass_metrics.csv" 2>> "$LOG"
echo "rc=$?" | tee -a "$LOG"

echo "== ncu SourceCounters, named kernels  $(date -u +%T)" | tee -a "$LOG"
timeout 90 ncu --clock-control none --section SourceCounters --import-source yes --kernel-name "$NAMED" \
  -f -o "$B/src" "$BIN" >> "$LOG" 2>&1
echo "rc=$?" | tee -a "$LOG"
timeout 60 ncu -i "$B/src.ncu-rep" --page source --csv --print-source sass 2>> "$LOG" | gzip -c > "$OUT/source_page.csv.gz"
echo "== done  $(date -u +%T)" | tee -a "$LOG"

# short table for the named kernels: wavefronts per shared instruction
python3 - "$OUT/metrics.csv" <<'PY' | tee -a "$LOG"
import csv, sys
rows = [l for l in open(sys.argv[1]) if l.startswith('"')]
d = {}
for r in csv.DictReader(rows):
    k = r["Kernel Name"].split("(")[0]
    v = r["Metric Value"].replace(",", "")
    try: d.setdefault(k, {})[r["Metric Name"]] = float(v)
    except ValueError: pass
P = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum"; I = "smsp__sass_inst_executed_op_shared_%s.sum"
S = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_%s.sum"
print("%-12s %8s %6s %8s %8s | %8s %6s %8s %8s" % ("kernel", "ld_wf", "ld_in", "ld_wf/in", "sass_wf", "st_wf", "st_in", "st_wf/in", "sass_wf"))
for k, m in d.items():
    out = [k]
    for op in ("ld", "st"):
        w, n, s = m.get(P % op, float("nan")), m.get(I % op, float("nan")), m.get(S % op, float("nan"))
        out += [w, n, w / n if n else float("nan"), s]
    print("%-12s %8.0f %6.0f %8.3f %8.0f | %8.0f %6.0f %8.3f %8.0f" % tuple(out))
PY
