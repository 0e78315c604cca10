// The libFuzzer entry of one target, named by ARB_FUZZ_TARGET at compile time.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/targets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const arb::fuzz::Entry& entry = arb::fuzz::targets().at(ARB_FUZZ_TARGET);
  entry(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
