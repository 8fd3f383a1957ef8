// Shared by the fuzz targets (docs/fuzzing.md). A target calls its body through run(): the errors
// sudokit throws on purpose for bad input (InputError, UsageError) are the expected outcome for
// most inputs; any other exception escapes to libFuzzer, which reports it as a crash. A broken
// invariant is reported with fail(), which prints what was wrong and aborts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "sudokit/errors.h"

namespace sudokit::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "sudokit fuzz finding: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

inline void check(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

template <class Body>
void run(Body&& body) {
  try {
    body();
  } catch (const InputError&) {
  } catch (const UsageError&) {
  }
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace sudokit::fuzz
