#!/bin/bash
# Builds ldgsts_source_probes.cu and runs it under ncu on the GPU machine,
# writing to $1 (default .): LDGSTS's shared wavefronts per instruction for
# each pair of global source and shared destination pattern, and for
# SGEMM_CUDA kernel 12's own copies. Results: docs/measurements/h200-cp-async.md.
set -u
O=${1:-.}; mkdir -p "$O"; O=$(cd "$O" && pwd)
cd "$(dirname "$0")"
B="$O/ldgsts_source_probes"
timeout 120 nvcc -arch=sm_90 -O3 -lineinfo -o "$B" ldgsts_source_probes.cu > "$O/lsp-build.txt" 2>&1
echo "build rc $?" >> "$O/lsp-build.txt"
timeout 60 cuobjdump -sass "$B" | grep -oE '(LDGSTS|STS|LDS|SYNCS|ARRIVES|UBLKCP|UTMA)[A-Z0-9._]*' | sort | uniq -c > "$O/lsp-sass-opcodes.txt" 2>&1
timeout 60 ncu --query-metrics > "$O/ncu-query.txt" 2>&1
WANT="smsp__sass_inst_executed_op_ldgsts.sum smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum \
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum l1tex__data_pipe_lsu_wavefronts_mem_shared.sum \
l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum \
smsp__sass_inst_executed_op_ldgsts_cache_access.sum"
M=""
for w in $WANT; do grep -qw "${w%.sum}" "$O/ncu-query.txt" && M="$M,$w"; done
M=${M#,}; [ -z "$M" ] && M=$(echo $WANT | tr ' ' ,)
echo "metrics: $M" > "$O/lsp-metrics-used.txt"
for mode in grid k12; do
  timeout -s KILL 150 ncu --clock-control none --csv --metrics "$M" "$B" $mode > "$O/lsp-$mode.csv" 2> "$O/lsp-$mode.err"
  echo "ncu rc $?" >> "$O/lsp-$mode.err"
done
# Per instruction, as Nsight Compute's Source page shows it (its ideal and
# excessive wavefronts), for the 4-byte launches.
timeout -s KILL 150 ncu --clock-control none --section SourceCounters --import-source yes \
  --launch-count 40 -o "$O/lsp-src" "$B" grid > "$O/lsp-src.log" 2>&1
timeout 60 ncu -i "$O/lsp-src.ncu-rep" --page source --csv --print-source sass > "$O/lsp-src.csv" 2>> "$O/lsp-src.log"
rm -f "$B" "$O/ncu-query.txt" "$O/lsp-src.ncu-rep"
