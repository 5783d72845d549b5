#!/bin/bash
# Builds vectorization_probes.cu and records, per kernel, the shared-memory
# instructions in its SASS, the .shared alignment in its PTX, and ncu's
# wavefronts and instruction counts. Run on the GPU machine; writes to $OUT
# (default .). Results: docs/measurements/h200-vectorization.md.
set -u
OUT=${OUT:-.}
cd "$(dirname "$0")"
timeout 120 nvcc -arch=sm_90 -O3 -lineinfo -o "$OUT/vectorization_probes" vectorization_probes.cu || exit 1
timeout 60 nvcc -arch=sm_90 -O3 -ptx -o "$OUT/vectorization_probes.ptx" vectorization_probes.cu
grep -n "\.shared" "$OUT/vectorization_probes.ptx" | grep -v "ld\.\|st\." > "$OUT/ptx-shared-decls.txt"
timeout 60 cuobjdump -sass "$OUT/vectorization_probes" > "$OUT/sass.txt"
# Per kernel: the LDS/STS opcodes and how many of each.
awk '/Function :/ {k=$3} /LDS|STS/ {match($0, /(LDS|STS)[.A-Z0-9]*/); print k, substr($0, RSTART, RLENGTH)}' \
  "$OUT/sass.txt" | sort | uniq -c > "$OUT/sass-shared.txt"
timeout 300 ncu --clock-control none --csv --metrics \
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_st.sum \
  "$OUT/vectorization_probes" > "$OUT/ncu.csv" 2> "$OUT/ncu.err"
echo "exit $?"
