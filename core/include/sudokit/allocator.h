// Which malloc the program runs on, for reports: the sat backend's speed depends on it
// (CryptoMiniSat allocates per clause). SUDOKIT_MIMALLOC is defined for the targets that link
// sudokit_allocator with mimalloc found (CMakeLists.txt).
#pragma once

#include <string>

#if defined(SUDOKIT_MIMALLOC)
#include <mimalloc.h>
#endif

namespace sudokit {

inline std::string allocator_name() {
#if defined(SUDOKIT_MIMALLOC)
  const int v = mi_version();  // 209 for 2.0.9
  return "mimalloc " + std::to_string(v / 100) + "." + std::to_string(v / 10 % 10) + "." + std::to_string(v % 10);
#else
  return "C library malloc";
#endif
}

}  // namespace sudokit
