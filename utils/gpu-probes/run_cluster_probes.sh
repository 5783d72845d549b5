#!/bin/bash
# Builds cluster_probes.cu and runs: the occupancy API's answers (and the
# full table of clusters per blocks per SM and cluster size), the remote
# read timings, each race kernel at two delays under a timeout, one launch
# of each under compute-sanitizer racecheck and synccheck, and the strided
# reads under Nsight Compute, then the remote-access cost probes (the wider
# multi-warp set, and dsmem_cost_probe.cu: one warp, 280 patterns) under
# Nsight Compute. Run on the GPU machine; writes to $1 (default
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
G2=l1tex__data_pipe_lsu_wavefronts_mem_lgds.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_gds_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_gds_op_st.sum,smsp__sass_inst_executed_op_ld.sum,smsp__sass_inst_executed_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
timeout -s KILL 240 ncu --clock-control none --metrics $G2 --csv -k regex:remote_access "$O/cluster_probes" dsmem-cost-wide > "$O/cluster-dsmem-wide-ncu.csv" 2> "$O/cluster-dsmem-wide-ncu.err"; echo "rc=$?" >> "$O/cluster-dsmem-wide-ncu.err"
# One warp's remote loads and stores, 280 configurations (fifth call).
timeout 180 nvcc -arch=sm_90 -O3 -o "$O/dsmem_cost_probe" dsmem_cost_probe.cu > "$O/dsmem-build.txt" 2>&1
CFGS=$(for st in 0 1; do
  for s in 4 8 12 16 20 32 36 64 128 132; do for b in 0 4 8 12 16 32 64 96 120; do echo "4 $s $b $st"; done; done
  for s in 8 16 24 32 136 256; do for b in 0 8 16 64 120; do echo "8 $s $b $st"; done; done
  for s in 16 32 48 144 512; do for b in 0 16 64 112; do echo "16 $s $b $st"; done; done
done)
M5=l1tex__data_pipe_lsu_wavefronts_mem_lgds.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_gds_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_gds_op_st.sum,smsp__sass_inst_executed_op_ld.sum,smsp__sass_inst_executed_op_st.sum
timeout -s KILL 420 ncu --clock-control none --metrics $M5 --csv -k remote_probe "$O/dsmem_cost_probe" $CFGS > "$O/dsmem-warp.csv" 2> "$O/dsmem-warp.err"; echo "rc=$?" >> "$O/dsmem-warp.err"
