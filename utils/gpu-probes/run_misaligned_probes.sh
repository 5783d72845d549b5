#!/bin/bash
# Builds misaligned_probes.cu and runs each kernel plain and under
# compute-sanitizer memcheck, with its PTX and SASS for the vector loads.
# Run on the GPU machine; writes to $1 (default .). Results:
# docs/measurements/h200-misaligned.md.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 180 nvcc -arch=sm_90 -O3 -lineinfo -o "$O/misaligned_probes" misaligned_probes.cu > "$O/misaligned-build.txt" 2>&1
timeout 60 cuobjdump -sass "$O/misaligned_probes" | grep -E 'Function|LDS|LDSM|LDGSTS' > "$O/misaligned-sass.txt" 2>&1
R="$O/misaligned-runs.txt"; : > "$R"
for k in vector_aligned vector_misaligned vector8_misaligned ldmatrix_misaligned cp_async_misaligned after_small_where after_small; do
  timeout -s KILL 30 "$O/misaligned_probes" $k >> "$R" 2>&1; echo "rc=$?" >> "$R"
  timeout -s KILL 60 compute-sanitizer --tool memcheck "$O/misaligned_probes" $k > "$O/mis-memcheck-$k.txt" 2>&1; echo "rc=$?" >> "$O/mis-memcheck-$k.txt"
done
rm -f "$O/misaligned_probes"
