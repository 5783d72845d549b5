#!/bin/bash
# Builds statement_vectorization_probes.cu and records, per kernel, the
# shared-memory instructions of its SASS with the source line nvcc's line
# table gives each, and ncu's wavefronts and instruction counts. Run on the
# GPU machine; writes to $OUT (default .). Results:
# docs/measurements/h200-vectorization.md.
set -u
OUT=${OUT:-.}
cd "$(dirname "$0")"
P=statement_vectorization_probes
timeout 120 nvcc -arch=sm_90 -O3 -lineinfo -o "$OUT/$P" $P.cu || exit 1
timeout 120 nvcc -arch=sm_90 -O3 -lineinfo -cubin -o "$OUT/$P.cubin" $P.cu
timeout 60 nvcc -arch=sm_90 -O3 -lineinfo -ptx -o "$OUT/$P.ptx" $P.cu
# Per kernel: each LDS/STS with the line of the nearest line-table entry.
if command -v nvdisasm > /dev/null; then
  timeout 60 nvdisasm -g -c "$OUT/$P.cubin" > "$OUT/sass-lines.txt"
  awk '/\.text\./ {k=$1} /line [0-9]+/ {match($0, /line [0-9]+/); ln=substr($0, RSTART+5, RLENGTH-5)}
       /LDS|STS/ {match($0, /(LDS|STS)[.A-Z0-9]*/); print k, "line", ln, substr($0, RSTART, RLENGTH)}' \
    "$OUT/sass-lines.txt" > "$OUT/sass-shared-lines.txt"
fi
timeout 60 cuobjdump -sass "$OUT/$P" > "$OUT/sass.txt"
awk '/Function :/ {k=$3} /LDS|STS/ {match($0, /(LDS|STS)[.A-Z0-9]*/); print k, substr($0, RSTART, RLENGTH)}' \
  "$OUT/sass.txt" | sort | uniq -c > "$OUT/sass-shared.txt"
timeout 300 ncu --clock-control none --csv --metrics \
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_shared_ld.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_st.sum \
  "$OUT/$P" > "$OUT/ncu.csv" 2> "$OUT/ncu.err"
echo "exit $?"
