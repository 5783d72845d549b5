#!/usr/bin/env bash
# Builds smem-lint's libFuzzer targets (clang++-19, ASan + UBSan, into
# build-fuzz/) and runs each for a fixed time (docs/hardening.md).
#
#   bash utils/fuzz.sh [SECONDS] [NAME...]
#
# SECONDS per fuzzer (default 60); NAME is bank-model, evaluator or source
# (default all three). Each fuzzer starts from the seeds in fuzz/corpus/NAME
# and from what earlier runs found (build-fuzz/corpus/NAME, where new inputs
# go); a crash is written to build-fuzz/artifacts/NAME/. Keep a crasher as a
# regression: copy it into fuzz/regressions/NAME/ (replayed by CTest in the
# fuzz build), or, for source text, as a lit test under test/hostile/.
# Needs clang-19 and libclang-rt-19-dev. Exit status: 1 if any fuzzer failed.
set -euo pipefail

seconds=${1:-60}
(($# > 0)) && shift
names=("$@")
((${#names[@]})) || names=(bank-model evaluator source)
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$root/build-fuzz"

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER=clang++-19 -DSMEM_LINT_FUZZ=ON \
  -DSMEM_LINT_BUILD_TESTS=OFF >/dev/null
ninja -C "$build" -j "${JOBS:-2}" "${names[@]/%/-fuzzer}"

# Leaks are checked; a sanitizer report aborts so libFuzzer keeps the input.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:handle_abort=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-19/bin/llvm-symbolizer}

failed=()
for name in "${names[@]}"; do
  corpus="$build/corpus/$name"
  artifacts="$build/artifacts/$name"
  mkdir -p "$corpus" "$artifacts"
  args=(-max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096
        -artifact_prefix="$artifacts/" -print_final_stats=1)
  case "$name" in
  bank-model) args+=(-max_len=256) ;;
  evaluator) args+=(-max_len=1024) ;;
  source) args+=(-max_len=8192 -dict="$root/fuzz/source.dict") ;;
  esac
  dirs=("$corpus")
  [[ -d "$root/fuzz/corpus/$name" ]] && dirs+=("$root/fuzz/corpus/$name")
  if [[ "$name" == source ]]; then
    # Its seeds are test inputs, named in fuzz/source-seeds.txt.
    seeds="$build/seeds/source"
    mkdir -p "$seeds"
    grep -v '^#' "$root/fuzz/source-seeds.txt" | while read -r seed; do
      cp "$root/$seed" "$seeds/$(echo "$seed" | tr / -)"
    done
    dirs+=("$seeds")
  fi
  echo "fuzz.sh: $name-fuzzer for ${seconds}s"
  if ! "$build/bin/$name-fuzzer" "${args[@]}" "${dirs[@]}" \
      2>"$build/$name-fuzzer.log"; then
    tail -n 60 "$build/$name-fuzzer.log"
    echo "fuzz.sh: $name-fuzzer failed; inputs in $artifacts/, log $build/$name-fuzzer.log"
    failed+=("$name")
  else
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' \
      "$build/$name-fuzzer.log" | sed "s/^/  $name: /"
  fi
done
if ((${#failed[@]})); then
  echo "fuzz.sh: failed: ${failed[*]}"
  exit 1
fi
echo "fuzz.sh: no failures"
