// smem-lint's launch recorder (docs/runtime-verify.md, "Scalar arguments").
//
// Not part of smem-lint's build: `smem-lint --verify-prepare --run` writes
// this file into the prepared directory, and measure.sh compiles it on the
// GPU machine against CUPTI and loads it into the user's program through
// the CUDA driver's injection hook (CUDA_INJECTION64_PATH), for the plain
// run only (Nsight Compute and compute-sanitizer inject their own).
//
// For every kernel launch it writes one line to $SMEM_LINT_LAUNCH_LOG:
//   smem-lint-launch SEQ SYMBOL grid=X,Y,Z block=X,Y,Z shared=BYTES
//   params=HEX,HEX,...
// each parameter's bytes as the launch passed them (cuFuncGetParamInfo
// gives their sizes), or `params=?` where the launch's function was not
// known. smem-lint reads the integer ones as the launch's scalar arguments.
#include <cuda.h>
#include <cuda_runtime_api.h>
// cupti.h brings the parameter structures of the launch calls
// (cuLaunchKernel_params, cudaLaunchKernel_v7000_params, ...): its
// generated_cuda_meta.h and generated_cuda_runtime_api_meta.h have no
// include guards, so they are not included again here.
#include <cupti.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace {

std::FILE *Log = nullptr;
std::mutex LogMutex;
unsigned long long Sequence = 0;

// A runtime launch reaches the driver's launch beneath it; the driver's
// callback records it (it has the function), the runtime's only when no
// driver callback came.
thread_local int InRuntimeLaunch = 0;
thread_local bool DriverRecorded = false;

void record(const char *Symbol, CUfunction Function, unsigned GridX,
            unsigned GridY, unsigned GridZ, unsigned BlockX, unsigned BlockY,
            unsigned BlockZ, unsigned long long Shared, void **Params) {
  std::lock_guard<std::mutex> Lock(LogMutex);
  if (!Log)
    return;
  std::fprintf(Log,
               "smem-lint-launch %llu %s grid=%u,%u,%u block=%u,%u,%u "
               "shared=%llu params=",
               Sequence++, Symbol && *Symbol ? Symbol : "?", GridX, GridY,
               GridZ, BlockX, BlockY, BlockZ, Shared);
  bool Known = Function && Params;
  // The runtime launches through a CUkernel handle where the driver's API
  // takes a CUfunction (CUDA 12's context-independent loading): its
  // parameters are the kernel's.
  bool AsKernel = false;
  if (Known) {
    size_t Offset = 0, Size = 0;
    AsKernel = cuFuncGetParamInfo(Function, 0, &Offset, &Size) ==
               CUDA_ERROR_INVALID_HANDLE;
  }
  for (size_t Index = 0; Known; ++Index) {
    size_t Offset = 0, Size = 0;
    CUresult Found =
        AsKernel ? cuKernelGetParamInfo(reinterpret_cast<CUkernel>(Function),
                                        Index, &Offset, &Size)
                 : cuFuncGetParamInfo(Function, Index, &Offset, &Size);
    if (Found != CUDA_SUCCESS)
      break;
    if (Index)
      std::fputc(',', Log);
    const unsigned char *Bytes =
        static_cast<const unsigned char *>(Params[Index]);
    // Structures past 64 bytes are not scalars smem-lint reads.
    if (!Bytes || Size > 64) {
      std::fprintf(Log, "?%zu", Size);
      continue;
    }
    for (size_t Byte = 0; Byte < Size; ++Byte)
      std::fprintf(Log, "%02x", Bytes[Byte]);
  }
  if (!Known)
    std::fputc('?', Log);
  std::fputc('\n', Log);
  std::fflush(Log);
}

void CUPTIAPI onCall(void *, CUpti_CallbackDomain Domain, CUpti_CallbackId Id,
                     const void *Data) {
  const auto *Info = static_cast<const CUpti_CallbackData *>(Data);
  bool Enter = Info->callbackSite == CUPTI_API_ENTER;
  if (Domain == CUPTI_CB_DOMAIN_DRIVER_API) {
    if (!Enter)
      return;
    switch (Id) {
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz: {
      const auto *P =
          static_cast<const cuLaunchKernel_params *>(Info->functionParams);
      record(Info->symbolName, P->f, P->gridDimX, P->gridDimY, P->gridDimZ,
             P->blockDimX, P->blockDimY, P->blockDimZ, P->sharedMemBytes,
             P->kernelParams);
      break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz: {
      const auto *P = static_cast<const cuLaunchCooperativeKernel_params *>(
          Info->functionParams);
      record(Info->symbolName, P->f, P->gridDimX, P->gridDimY, P->gridDimZ,
             P->blockDimX, P->blockDimY, P->blockDimZ, P->sharedMemBytes,
             P->kernelParams);
      break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz: {
      const auto *P =
          static_cast<const cuLaunchKernelEx_params *>(Info->functionParams);
      const CUlaunchConfig *C = P->config;
      if (!C)
        return;
      record(Info->symbolName, P->f, C->gridDimX, C->gridDimY, C->gridDimZ,
             C->blockDimX, C->blockDimY, C->blockDimZ, C->sharedMemBytes,
             P->kernelParams);
      break;
    }
    default:
      return;
    }
    DriverRecorded = InRuntimeLaunch > 0;
    return;
  }
  // The runtime's launches: remembered at entry, recorded at exit when the
  // driver's callback did not come (no function: `params=?`).
  bool Ordinary = Id == CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000 ||
                  Id == CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000;
  bool Cooperative =
      Id == CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000 ||
      Id == CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000;
  bool Extended =
      Id == CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060 ||
      Id == CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060;
  if (!Ordinary && !Cooperative && !Extended)
    return;
  if (Enter) {
    ++InRuntimeLaunch;
    DriverRecorded = false;
    return;
  }
  --InRuntimeLaunch;
  if (DriverRecorded)
    return;
  if (Extended) {
    const auto *P = static_cast<const cudaLaunchKernelExC_v11060_params *>(
        Info->functionParams);
    if (P->config)
      record(Info->symbolName, nullptr, P->config->gridDim.x,
             P->config->gridDim.y, P->config->gridDim.z, P->config->blockDim.x,
             P->config->blockDim.y, P->config->blockDim.z,
             P->config->dynamicSmemBytes, nullptr);
    return;
  }
  // cudaLaunchCooperativeKernel's parameters are laid out as
  // cudaLaunchKernel's.
  const auto *P =
      static_cast<const cudaLaunchKernel_v7000_params *>(Info->functionParams);
  record(Info->symbolName, nullptr, P->gridDim.x, P->gridDim.y, P->gridDim.z,
         P->blockDim.x, P->blockDim.y, P->blockDim.z, P->sharedMem, nullptr);
}

} // namespace

// Called by the CUDA driver when it loads this library (CUDA_INJECTION64_PATH).
extern "C" int InitializeInjection() {
  const char *Path = std::getenv("SMEM_LINT_LAUNCH_LOG");
  Log = std::fopen(Path ? Path : "smem-lint-launches.txt", "w");
  if (!Log)
    return 0;
  CUpti_SubscriberHandle Subscriber;
  if (cuptiSubscribe(&Subscriber, onCall, nullptr) != CUPTI_SUCCESS) {
    std::fprintf(Log, "smem-lint-launch-error cuptiSubscribe failed\n");
    std::fflush(Log);
    return 0;
  }
  const CUpti_CallbackId Driver[] = {
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz};
  const CUpti_CallbackId Runtime[] = {
      CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000,
      CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000,
      CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000,
      CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000,
      CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060,
      CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060};
  for (CUpti_CallbackId Id : Driver)
    cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_DRIVER_API, Id);
  for (CUpti_CallbackId Id : Runtime)
    cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, Id);
  return 1;
}
