#!/bin/bash
# Builds wmma_bf16_probes.cu and records the SASS of its bf16 wmma loads and
# ncu's shared wavefronts and instructions per launch. Run on the GPU
# machine; writes to $1 (default .). Results: docs/measurements/h200-wmma.md.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 180 nvcc -arch=sm_90 -O3 -lineinfo -o "$O/wmma_bf16_probes" wmma_bf16_probes.cu > "$O/bf16-build.txt" 2>&1
timeout 60 cuobjdump -sass "$O/wmma_bf16_probes" > "$O/bf16-sass.txt" 2>&1
timeout 300 ncu --clock-control none --csv --metrics \
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_ld.sum,smsp__sass_inst_executed_op_global_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum \
  "$O/wmma_bf16_probes" > "$O/bf16-ncu.csv" 2> "$O/bf16-ncu.err"
