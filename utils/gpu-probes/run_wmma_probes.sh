#!/bin/bash
# Builds wmma_probes.cu and stmatrix_racecheck.cu and records the SASS of the
# wmma loads and stores, ncu's shared wavefronts and instructions per
# launch, and racecheck's hazards through st.shared, stmatrix and ldmatrix.
# Run on the GPU machine; writes to $1 (default .). Results:
# docs/measurements/h200-wmma.md, docs/measurements/h200-ldmatrix.md.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 120 nvcc -arch=sm_90 -O3 -lineinfo -o "$O/wmma_probes" wmma_probes.cu > "$O/wmma-build.txt" 2>&1
timeout 60 cuobjdump -sass "$O/wmma_probes" > "$O/wmma-sass.txt" 2>&1
timeout 240 ncu --clock-control none --csv --metrics \
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum \
  "$O/wmma_probes" > "$O/wmma-ncu.csv" 2> "$O/wmma-ncu.err"
timeout 120 nvcc -arch=sm_90 -lineinfo -o "$O/stmatrix_racecheck" stmatrix_racecheck.cu > "$O/rc-build.txt" 2>&1
for m in 0 1 2 3; do
  timeout 60 compute-sanitizer --tool racecheck --racecheck-report all "$O/stmatrix_racecheck" $m > "$O/rc-$m.txt" 2>&1
done
