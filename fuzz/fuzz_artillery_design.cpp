// libFuzzer harness: artillery-design on a TOML file of [[piece]] tables, or on a fuzzed command
// line (the flags of one piece, --catalogue, --compare, files).
#include "artillery-design/artillery_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const fuzz::Harness kHarness{&gunpowder::artillery_app::main, "artillery-design", {{{}, {}}, {{"--formula"}, {}}}, {}};
  return fuzz::run(kHarness, data, size);
}
