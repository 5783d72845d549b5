#!/bin/bash
# Builds wgmma_probes.cu and runs it on the GPU machine, writing to $1
# (default .): which pieces of shared memory B's descriptor reads for each
# layout (one process per layout: a bad descriptor may poison the context),
# and the gmma pipe's wavefronts and bank conflicts per wgmma under ncu.
# Results: docs/measurements/ (h200-wgmma.md, when measured); the layout
# table is what test/unit/WarpgroupMmaTest.cpp should check
# gmmaOperandPieces against.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 300 nvcc -gencode arch=compute_90a,code=sm_90a -O3 -lineinfo \
  -o "$O/wgmma_probes" wgmma_probes.cu > "$O/wgmma-build.txt" 2>&1
L="$O/wgmma-layouts.txt"; : > "$L"
# K-major: no swizzle with LBO/SBO variations; each swizzle with the
# CUTLASS k-block advance (start 32 bytes in) and an off-atom start.
for args in "none 128 256 0 0" "none 256 128 0 0" "none 1024 128 0 0" \
            "none 128 256 16 0" "32 16 256 0 0" "32 16 256 32 0" \
            "64 16 512 0 0" "64 16 512 32 0" "128 16 1024 0 0" \
            "128 16 1024 32 0" "128 16 1024 64 0" "128 16 1024 128 0" \
            "128 16 1024 16 0"; do
  timeout -s KILL 30 "$O/wgmma_probes" layout $args >> "$L" 2>&1 || echo "$args rc=$?" >> "$L"
done
# M/N-major (imm-trans-b 1): N = 8 is one piece of each K row.
for args in "none 2048 128 0 1" "none 1024 256 0 1" "32 2048 512 0 1" \
            "64 2048 1024 0 1" "128 2048 1024 0 1" "128 2048 2048 0 1"; do
  timeout -s KILL 30 "$O/wgmma_probes" layout $args >> "$L" 2>&1 || echo "$args rc=$?" >> "$L"
done
# N = 64: every core matrix of B, so LBO and SBO are each exercised (K-major
# 8-row groups; M/N-major pieces across and between swizzle spans).
for args in "none 128 256 0 0" "none 1024 128 0 0" "32 16 256 0 0" \
            "64 16 512 0 0" "128 16 1024 0 0" "128 16 1024 32 0" \
            "128 16 2048 0 0" "none 128 256 0 1" "none 1024 128 0 1" \
            "32 512 256 0 1" "64 1024 512 0 1" "128 2048 1024 0 1"; do
  timeout -s KILL 30 "$O/wgmma_probes" layout64 $args >> "$L" 2>&1 || echo "$args n=64 rc=$?" >> "$L"
done
timeout 60 cuobjdump -sass "$O/wgmma_probes" | grep -oE '(HGMMA|WARPGROUP|LDS|STS)[A-Z0-9._]*' | sort | uniq -c > "$O/wgmma-sass-opcodes.txt" 2>&1
# Every gmma metric this ncu knows (an unknown metric fails the whole run).
timeout 60 ncu --query-metrics > "$O/ncu-query.txt" 2>&1
M=$(grep -oE '^ *[a-z0-9_]+__[a-z0-9_]*gmma[a-z0-9_]*' "$O/ncu-query.txt" | tr -d ' ' | sort -u | sed 's/$/.sum/' | paste -sd,)
M="${M:+$M,}l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"
echo "metrics: $M" > "$O/wgmma-metrics-used.txt"
timeout -s KILL 300 ncu --clock-control none --csv --metrics "$M" \
  -k regex:cost "$O/wgmma_probes" cost > "$O/wgmma-cost.csv" 2> "$O/wgmma-cost-stderr.txt"
R=$?; echo "ncu rc=$R" >> "$O/wgmma-cost-stderr.txt"
if [ $R -ne 0 ]; then  # fall back to the two counters named in issue 19
  timeout -s KILL 200 ncu --clock-control none --csv \
    --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_gmma.sum \
    -k regex:cost "$O/wgmma_probes" cost > "$O/wgmma-cost.csv" 2>> "$O/wgmma-cost-stderr.txt"
  echo "fallback ncu rc=$?" >> "$O/wgmma-cost-stderr.txt"
fi
rm -f "$O/wgmma_probes" "$O/ncu-query.txt"
