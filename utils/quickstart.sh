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
# The test suite also drives a real editor (Neovim's LSP client) and checks
# SARIF with the 2.1.0 schema, runs the repository's pre-commit hook and
# reads the man page with groff, and runs again in a sanitizer build, which
# needs clang's runtime libraries.
[[ "$mode" == test ]] && packages+=(neovim python3-jsonschema pre-commit groff-base
                                    libclang-rt-19-dev)
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

# Microsoft's SARIF multitool (a self-contained binary from the npm
# registry), for the SARIF validation tests.
multitool="$build/sarif-tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [[ "$mode" == test && ! -x "$multitool" ]]; then
  if ! command -v npm >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
  fi
  npm install --prefix "$build/sarif-tools" --no-audit --no-fund --silent \
    @microsoft/sarif-multitool-linux@5.7.0 >/dev/null ||
    echo "quickstart: could not install the SARIF multitool; its tests will say so"
fi

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
  (cd "$build" && ctest --output-on-failure)
  # The same unit and lit tests against an AddressSanitizer +
  # UndefinedBehaviorSanitizer build (docs/hardening.md); any sanitizer
  # report fails its test.
  asan="$root/build-asan"
  cmake -S "$root" -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER=clang++-19 -DSMEM_LINT_SANITIZE=ON >/dev/null
  ninja -C "$asan" -j 2
  (cd "$asan" && SMEM_LINT_SARIF_TOOLS="$build/sarif-tools" ctest --output-on-failure)
  ;;
esac
