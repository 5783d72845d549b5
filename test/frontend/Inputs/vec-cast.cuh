// A converter with overloaded member templates, as FlashInfer's
// vec_dtypes.cuh has them, called without the `template` keyword.
#include <cstddef>

template <typename To, typename From> struct vec_cast {
  template <size_t N> __device__ static void cast(To *dst, const From *src) {
    for (size_t i = 0; i < N; ++i)
      dst[i] = To(src[i]);
  }
  template <size_t N> __device__ static void cast(To *dst, const From *src, int) {}
};

// No operator< is declared here: the `<` is a built-in comparison.
template <typename To, typename From, size_t N>
__device__ void cast_load(To *dst, const From *src) {
  vec_cast<To, From>::cast<N>(dst, src);
}

// Where an operator< is declared (every file that includes the C++ library
// has some), the same `<` is a call of it.
struct Version {};
bool operator<(Version, Version);

template <typename To, typename From, size_t N>
__device__ void cast_store(To *dst, const From *src) {
  vec_cast<To, From>::cast<N>(dst, src);
}
