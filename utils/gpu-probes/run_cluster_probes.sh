#!/bin/bash
# Builds cluster_probes.cu and runs: the occupancy API's answers (and the
# full table of clusters per blocks per SM and cluster size), the remote
# read timings, each race kernel at two delays under a timeout, one launch
# of each under compute-sanitizer racecheck and synccheck, and the strided
# reads under Nsight Compute. Run on the GPU machine; writes to $1 (default
# .). Results: docs/measurements/h200-clusters.md.
set -u
O=${1:-.}; mkdir -p "$O"
cd "$(dirname "$0")"
timeout 180 nvcc -arch=sm_90 -O3 -lineinfo -o "$O/cluster_probes" cluster_probes.cu > "$O/cluster-build.txt" 2>&1
timeout -s KILL 60 "$O/cluster_probes" occupancy > "$O/cluster-occupancy.txt" 2>&1; echo "rc=$?" >> "$O/cluster-occupancy.txt"
timeout -s KILL 120 "$O/cluster_probes" occupancy-table > "$O/cluster-occupancy-table.txt" 2>&1; echo "rc=$?" >> "$O/cluster-occupancy-table.txt"
timeout -s KILL 60 "$O/cluster_probes" timing > "$O/cluster-timing.txt" 2>&1; echo "rc=$?" >> "$O/cluster-timing.txt"
R="$O/cluster-runs.txt"; : > "$R"
for k in ok read_before_sync exit_without_sync refill_one_sync refill_two_syncs remote_write_block_sync remote_write_cluster_sync; do
  for d in 0 4000; do
    timeout -s KILL 60 "$O/cluster_probes" $k 100 $d >> "$R" 2>&1; echo "rc=$?" >> "$R"
  done
  for tool in racecheck synccheck; do
    extra=""
    [ $tool = racecheck ] && extra="--racecheck-report all"
    timeout -s KILL 90 compute-sanitizer --tool $tool $extra "$O/cluster_probes" $k 1 4000 > "$O/cl-$tool-$k.txt" 2>&1
    echo "rc=$?" >> "$O/cl-$tool-$k.txt"
  done
done
timeout 60 ncu --query-metrics 2>/dev/null | grep -i -E "dsmem|distributed|cluster|remote|shared" > "$O/cluster-metrics-list.txt"
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__sass_inst_executed_op_shared_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
timeout -s KILL 180 ncu --clock-control none --metrics $M --csv -k regex:strided_read "$O/cluster_probes" timing > "$O/cluster-ncu.csv" 2> "$O/cluster-ncu.err"; echo "rc=$?" >> "$O/cluster-ncu.err"
G=l1tex__data_pipe_lsu_wavefronts_mem_lgds.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_gds_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
timeout -s KILL 180 ncu --clock-control none --metrics $G --csv -k regex:strided_read "$O/cluster_probes" dsmem-cost > "$O/cluster-dsmem-ncu.csv" 2> "$O/cluster-dsmem-ncu.err"; echo "rc=$?" >> "$O/cluster-dsmem-ncu.err"
