// Unbounded template recursion: Clang stops at its instantiation depth (1024)
// with an error naming the template; exit 2, no crash.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s
// CHECK: template-recursion.cu:[[@LINE+1]]:60: error: recursive template instantiation exceeded maximum depth of 1024
template <int N> struct Sum { static const int value = N + Sum<N + 1>::value; };

// CHECK: template-recursion.cu:[[@LINE+1]]:17: note: 'k' is not analysed: Clang cannot compile what it reaches at line [[@LINE+3]]
__global__ void k() {
  __shared__ int s[32];
  s[threadIdx.x] = Sum<0>::value;
}
// CHECK: smem-lint: 0 warnings and {{[0-9]+}} error{{s?}}, 1 note in 1 file
// CHECK: exit=2
