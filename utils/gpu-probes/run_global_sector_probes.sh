#!/bin/bash
# Builds utils/gpu-probes/global_sector_probes.cu and measures sectors and
# requests per kernel with Nsight Compute (docs/measurements/h200-global-sectors.md).
# Run from the repository root; results go to $OUT (default /tmp/global_sectors).
set -euo pipefail
OUT=${OUT:-/tmp/global_sectors}
BUILD=/tmp/global_sector_probes_build
mkdir -p "$OUT" "$BUILD"
nvcc -arch=sm_90 -O3 -lineinfo -o "$BUILD/global_sector_probes" utils/gpu-probes/global_sector_probes.cu
cuobjdump -sass "$BUILD/global_sector_probes" | grep -E 'Function|LDG|STG' > "$OUT/sass.txt"
"$BUILD/global_sector_probes"
ncu --clock-control none --print-units base --csv --kernel-name 'regex:^g_' \
    --metrics l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum \
    "$BUILD/global_sector_probes" > "$OUT/metrics.csv"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/gpu.txt"
nvcc --version | tail -2 >> "$OUT/gpu.txt"
ncu --version | tail -1 >> "$OUT/gpu.txt"
