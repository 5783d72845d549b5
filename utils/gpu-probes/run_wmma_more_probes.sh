#!/bin/bash
# Builds wmma_more_probes.cu and records the SASS of its wmma loads and
# stores and ncu's shared wavefronts and instructions per launch. Run on the
# GPU machine; writes to $1 (default .). Results:
# docs/measurements/h200-wmma.md.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 180 nvcc -arch=sm_90 -O3 -lineinfo -o "$O/wmma_more_probes" wmma_more_probes.cu > "$O/more-build.txt" 2>&1
timeout 60 cuobjdump -sass "$O/wmma_more_probes" > "$O/more-sass.txt" 2>&1
timeout 300 ncu --clock-control none --csv --metrics \
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,smsp__sass_inst_executed_op_shared_st.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum \
  "$O/wmma_more_probes" > "$O/more-ncu.csv" 2> "$O/more-ncu.err"
