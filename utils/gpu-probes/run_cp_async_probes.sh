#!/bin/bash
# Builds cp_async_probes.cu and records the SASS of cp.async (LDGSTS), ncu's
# shared-memory wavefronts per LDGSTS for each destination pattern (next to
# the st.shared twin of the same width and pattern), and racecheck's verdict
# on each race probe. Run on the GPU machine; writes to $1 (default .).
# Results: docs/measurements/h200-cp-async.md.
set -u
O=${1:-.}; mkdir -p "$O"; O=$(cd "$O" && pwd)
cd "$(dirname "$0")"
B="$O/cp_async_probes"
{ nvidia-smi --query-gpu=name,driver_version --format=csv; nvcc --version | tail -2; ncu --version | tail -1; compute-sanitizer --version | tail -1; } > "$O/versions.txt" 2>&1
timeout 120 nvcc -arch=sm_90 -O3 -lineinfo -o "$B" cp_async_probes.cu > "$O/cpa-build.txt" 2>&1
echo "build rc $?" >> "$O/cpa-build.txt"
timeout 60 cuobjdump -sass "$B" > "$O/cpa-sass.txt" 2>&1
grep -oE '(LDGSTS|STS|LDS|LDGDEPBAR|DEPBAR|BAR)[A-Z0-9._]*' "$O/cpa-sass.txt" | sort | uniq -c > "$O/cpa-sass-opcodes.txt"

# Race probes: plainly (1000 launches each), then under racecheck.
for m in 0 1 2 3 4 5 6 7; do timeout 60 "$B" $m 1000; done > "$O/cpa-plain.txt" 2>&1
timeout 120 "$B" time > "$O/cpa-time.txt" 2>&1
timeout 30 compute-sanitizer --help > "$O/sanitizer-help.txt" 2>&1
RC=(--tool racecheck --racecheck-report all --print-limit 100000)
grep -q -- '--racecheck-detect-level' "$O/sanitizer-help.txt" && RC+=(--racecheck-detect-level info)
ASYNC=$(grep -oE -- '--racecheck-[a-z-]*async[a-z-]*' "$O/sanitizer-help.txt" | head -1)
echo "racecheck options: ${RC[*]} ${ASYNC:+$ASYNC yes}" > "$O/rc-options.txt"
for m in 0 1 2 3 4 5 6 7; do
  timeout 60 compute-sanitizer "${RC[@]}" ${ASYNC:+$ASYNC yes} "$B" $m > "$O/rc-$m.txt" 2>&1
  echo "rc $?" >> "$O/rc-$m.txt"
done
if [ -n "$ASYNC" ]; then  # the same with cp.async tracking switched off
  for m in 0 2 3 5 7; do
    timeout 60 compute-sanitizer "${RC[@]}" $ASYNC no "$B" $m > "$O/rc-$m-async-no.txt" 2>&1
  done
fi
{ cat "$O/rc-options.txt"; grep -i -A3 -- 'racecheck' "$O/sanitizer-help.txt"
  for f in "$O"/rc-[0-9]*.txt; do
    echo "=== $(basename "$f")"
    grep -E 'RACECHECK SUMMARY|^mode |^rc ' "$f"
    grep -oE '(Error|Warning|Info): (Potential )?[A-Z]+ hazard' "$f" | sort | uniq -c
    grep -m1 -A3 -E 'hazard detected' "$f"
  done; } > "$O/rc-summary.txt" 2>&1

# ncu on the bank probes; keep only metrics this ncu knows (an unknown one fails the whole run).
timeout 60 ncu --query-metrics > "$O/ncu-query.txt" 2>&1
WANT="smsp__sass_inst_executed_op_ldgsts.sum smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum \
smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum \
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum smsp__sass_inst_executed_op_shared_st.sum \
smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum \
l1tex__data_pipe_lsu_wavefronts_mem_shared.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum \
smsp__sass_inst_executed_op_shared_ld.sum smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared.sum \
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum smsp__sass_inst_executed_op_ldgsts_cache_access.sum \
smsp__sass_inst_executed_op_ldgsts_cache_bypass.sum"
M=""; MISSING=""
for w in $WANT; do
  if grep -qw "${w%.sum}" "$O/ncu-query.txt"; then M="$M,$w"; else MISSING="$MISSING $w"; fi
done
M=${M#,}
grep -i ldgsts "$O/ncu-query.txt" > "$O/ncu-ldgsts-metrics.txt"
[ -z "$M" ] && M=$(echo $WANT | tr ' ' ',')  # query failed: try them all
echo "metrics: $M" > "$O/ncu-metrics-used.txt"; echo "not in --query-metrics:$MISSING" >> "$O/ncu-metrics-used.txt"
timeout 180 ncu --clock-control none --csv --metrics "$M" "$B" bank > "$O/cpa-ncu.csv" 2> "$O/cpa-ncu.err"
echo "ncu rc $?" >> "$O/cpa-ncu.err"
# Every ldgsts / shared-wavefront / shared-bank-conflict metric this ncu lists, on the
# 16-byte contiguous, l*32, l*64 and l*128 probes (launches 28-39, see CASES); in
# chunks of 6 if all at once fails.
D=$(grep -oE '^ *[a-z0-9_]+__[a-z0-9_]*(ldgsts|wavefronts_mem_shared|bank_conflicts_pipe_lsu_mem_shared)[a-z0-9_]*' "$O/ncu-query.txt" \
  | tr -d ' ' | sort -u | sed 's/$/.sum/')
echo "discovery metrics:" $D >> "$O/ncu-metrics-used.txt"
NCUD=(ncu --clock-control none --csv --launch-skip 28 --launch-count 12)
if [ -n "$D" ]; then
  if ! timeout 120 "${NCUD[@]}" --metrics "$(echo $D | tr ' ' ,)" "$B" bank > "$O/cpa-ncu-discovery.csv" 2> "$O/cpa-ncu-discovery.err"; then
    echo $D | tr ' ' '\n' | split -l 6 - "$O/chunk."
    for c in "$O"/chunk.*; do
      timeout 60 "${NCUD[@]}" --metrics "$(paste -sd, "$c")" "$B" bank
    done > "$O/cpa-ncu-discovery.csv" 2>> "$O/cpa-ncu-discovery.err"
    rm -f "$O"/chunk.*
  fi
fi
# Per-instruction view (LDGSTS rows of the source page), the 24 16-byte probes.
timeout 150 ncu --clock-control none --section SourceCounters --import-source yes --launch-skip 28 --launch-count 24 \
  -o "$O/cpa-src" "$B" bank > "$O/cpa-src.log" 2>&1
timeout 60 ncu -i "$O/cpa-src.ncu-rep" --page source --csv --print-source sass > "$O/cpa-src.csv" 2>> "$O/cpa-src.log"
