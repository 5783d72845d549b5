#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine (as root) for smem-lint, builds it, and
#   demo: runs smem-lint on the bundled transpose example;
#   test: runs every test (unit tests and the lit suite) through CTest.
# Safe to run again: installs only what is missing and rebuilds incrementally.
set -euo pipefail

mode=${1:-}
if [[ "$mode" != demo && "$mode" != test ]]; then
  echo "usage: $0 demo|test" >&2
  exit 2
fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$root/build"

packages=(clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools
          nlohmann-json3-dev libgtest-dev cmake ninja-build python3 g++)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "quickstart: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" -j 2

case "$mode" in
demo)
  set +e
  "$build/bin/smem-lint" "$root/examples/transpose.cu"
  status=$?
  set -e
  echo "quickstart: smem-lint exited with $status (0 clean, 1 findings, 2 input errors)"
  [[ $status -le 1 ]]
  ;;
test)
  cd "$build"
  ctest --output-on-failure
  ;;
esac
