// libFuzzer harness: unit-br on a TOML file of [[unit]] tables, or on a fuzzed command line.
#include "unit-br/unit_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const fuzz::Harness kHarness{&gunpowder::unit_app::main, "unit-br", {{{}, {}}, {{"--misfire", "text"}, {}}}, {}};
  return fuzz::run(kHarness, data, size);
}
