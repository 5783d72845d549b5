#!/bin/bash
# Builds async_proxy_probes.cu and runs each mode under a timeout, then the
# unfenced one under compute-sanitizer racecheck and synccheck. Run on the
# GPU machine; writes to $1 (default .). Results:
# docs/measurements/h200-async-proxy.md.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 120 nvcc -arch=sm_90 -O3 -lineinfo -o "$O/async_proxy_probes" async_proxy_probes.cu > "$O/proxy-build.txt" 2>&1
for m in unfenced writers_fence copier_fence refill_no_wait refill_wait exit_no_wait exit_wait; do
  n=2000; case $m in exit*) n=200;; esac
  timeout -s KILL 60 "$O/async_proxy_probes" $m $n > "$O/run-$m.txt" 2>&1
  echo "rc=$?" >> "$O/run-$m.txt"
done
for m in unfenced refill_no_wait exit_no_wait; do
  for tool in racecheck synccheck; do
    extra=""
    [ $tool = racecheck ] && extra="--racecheck-report all --racecheck-memcpy-async yes"
    timeout -s KILL 60 compute-sanitizer --tool $tool $extra "$O/async_proxy_probes" $m 1 > "$O/$tool-$m.txt" 2>&1
    echo "rc=$?" >> "$O/$tool-$m.txt"
  done
done
