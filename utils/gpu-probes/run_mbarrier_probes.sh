#!/bin/bash
# Builds mbarrier_probes.cu and runs each kernel in its own process under a
# timeout (a kernel that never returns is killed: rc=124 or 137), with its
# values checked over many launches, then under compute-sanitizer racecheck
# and synccheck (those that return). Run on the GPU machine; writes to $1
# (default .). Results: docs/measurements/h200-mbarrier.md.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 120 nvcc -arch=sm_90 -O3 -lineinfo -o "$O/mbarrier_probes" mbarrier_probes.cu > "$O/mbar-build.txt" 2>&1
for k in count_right bytes_right ring_fixed count_too_high bytes_short count_too_low parity_wrong parity_wrong_arrivals ring lane_per_warp overrun_thread_twice overrun_in_one_warp exact_one_warp; do
  timeout -s KILL 10 "$O/mbarrier_probes" $k 200 > "$O/run-$k.txt" 2>&1
  echo "rc=$?" >> "$O/run-$k.txt"
done
for k in count_right bytes_right ring_fixed parity_wrong parity_wrong_arrivals ring; do
  for tool in racecheck synccheck; do
    extra=""
    [ $tool = racecheck ] && extra="--racecheck-report all --racecheck-memcpy-async yes"
    timeout -s KILL 30 compute-sanitizer --tool $tool $extra "$O/mbarrier_probes" $k 1 > "$O/$tool-$k.txt" 2>&1
    echo "rc=$?" >> "$O/$tool-$k.txt"
  done
done
# cuda::barrier and cuda::pipeline (test/barriers/mbarrier-protocol-libcuxx.cu).
timeout 200 nvcc -arch=sm_90 -O3 -lineinfo -o "$O/mbarrier_libcuxx_probes" mbarrier_libcuxx_probes.cu > "$O/mbar-libcuxx-build.txt" 2>&1
for k in count_right count_high two_stages two_stages_no_wait; do
  timeout -s KILL 10 "$O/mbarrier_libcuxx_probes" $k 200 > "$O/run-libcuxx-$k.txt" 2>&1
  echo "rc=$?" >> "$O/run-libcuxx-$k.txt"
done
for k in count_right two_stages two_stages_no_wait; do
  timeout -s KILL 30 compute-sanitizer --tool racecheck --racecheck-report all --racecheck-memcpy-async yes "$O/mbarrier_libcuxx_probes" $k 1 > "$O/racecheck-libcuxx-$k.txt" 2>&1
  echo "rc=$?" >> "$O/racecheck-libcuxx-$k.txt"
done
