#!/bin/bash
# Builds tma_probes.cu and runs one process per (swizzle mode, destination
# offset): a misaligned TMA copy may poison the context, so each gets its
# own. Run on the GPU machine; writes to $1 (default .). Results:
# docs/measurements/h200-tma.md.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 180 nvcc -arch=sm_90a -O3 -lineinfo -o "$O/tma_probes" tma_probes.cu -lcuda > "$O/tma-build.txt" 2>&1
R="$O/tma-runs.txt"; : > "$R"
for mode in none 32 64 128; do
  for off in 0 16 32 64 128 256 512; do
    timeout -s KILL 30 "$O/tma_probes" $mode $off >> "$R" 2>&1 || echo "mode=$mode offset=$off rc=$?" >> "$R"
  done
done
# The box's bytes against expect_tx, element strides, a narrow swizzled box.
V="$O/tma-variants.txt"; : > "$V"
for args in "none 0 half" "none 0 strided" "128 0 strided" "128 0 narrow" "64 0 narrow" "32 0 narrow"; do
  timeout -s KILL 30 "$O/tma_probes" $args >> "$V" 2>&1 || echo "$args rc=$?" >> "$V"
done
timeout -s KILL 60 compute-sanitizer --tool memcheck "$O/tma_probes" 128 16 > "$O/tma-memcheck-128-16.txt" 2>&1; echo "rc=$?" >> "$O/tma-memcheck-128-16.txt"
timeout -s KILL 60 compute-sanitizer --tool memcheck "$O/tma_probes" none 16 > "$O/tma-memcheck-none-16.txt" 2>&1; echo "rc=$?" >> "$O/tma-memcheck-none-16.txt"
rm -f "$O/tma_probes"
