//===--- MemoryUsage.cpp - What the process holds, read cheaply ----------===//

#include "Evaluation/MemoryUsage.h"

#include "llvm/Support/Process.h"

#include <cstdlib>

#if defined(__linux__)
#include <fcntl.h>
#include <unistd.h>
#endif

namespace smemlint {

uint64_t processMemoryBytes() {
#if defined(__linux__)
  // "size resident shared ..." in pages: one read of a few bytes.
  int File = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (File >= 0) {
    char Text[128];
    ssize_t Read = ::read(File, Text, sizeof(Text) - 1);
    ::close(File);
    if (Read > 0) {
      Text[Read] = '\0';
      char *End = nullptr;
      std::strtoull(Text, &End, 10);
      unsigned long long Resident = std::strtoull(End, nullptr, 10);
      if (Resident)
        return uint64_t(Resident) *
               uint64_t(llvm::sys::Process::getPageSizeEstimate());
    }
  }
#endif
  return llvm::sys::Process::GetMallocUsage();
}

} // namespace smemlint
