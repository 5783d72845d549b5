#!/bin/bash
# Builds paired_barrier_probes.cu and runs each kernel under a timeout, then
# once under compute-sanitizer racecheck and synccheck. Run on the GPU
# machine; writes to $1 (default .). Results:
# docs/measurements/h200-paired-barriers.md.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 120 nvcc -arch=sm_90 -O3 -lineinfo -o "$O/paired_barrier_probes" paired_barrier_probes.cu > "$O/paired-build.txt" 2>&1
for k in halves double_buffered refill_too_early one_side; do
  timeout -s KILL 60 "$O/paired_barrier_probes" $k 200 > "$O/run-$k.txt" 2>&1
  echo "rc=$?" >> "$O/run-$k.txt"
  for tool in racecheck synccheck; do
    extra=""
    [ $tool = racecheck ] && extra="--racecheck-report all"
    timeout -s KILL 60 compute-sanitizer --tool $tool $extra "$O/paired_barrier_probes" $k 1 > "$O/$tool-$k.txt" 2>&1
    echo "rc=$?" >> "$O/$tool-$k.txt"
  done
done
