#!/bin/bash
# Builds wmma_tf32_probes.cu and records the SASS of the tf32 wmma loads and
# stores and ncu's shared wavefronts and instructions per launch. Run on the
# GPU machine; writes to $1 (default .). Results:
# docs/measurements/h200-wmma.md.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 120 nvcc -arch=sm_90 -O3 -lineinfo -o "$O/wmma_tf32_probes" wmma_tf32_probes.cu > "$O/tf32-build.txt" 2>&1
timeout 60 cuobjdump -sass "$O/wmma_tf32_probes" > "$O/tf32-sass.txt" 2>&1
timeout 240 ncu --clock-control none --csv --metrics \
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum \
  "$O/wmma_tf32_probes" > "$O/tf32-ncu.csv" 2> "$O/tf32-ncu.err"
