// libFuzzer harness: fire-odds on a TOML file of [[artillery]] ... [[dowel]] tables, or on a
// fuzzed command line (its subcommands and their flags; at most 10,000 arquebus --men); the
// charts also written with --svg when the output layer is fuzzed.
#include "fire-odds/fire_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const fuzz::Harness kHarness{&gunpowder::fire_app::main, "fire-odds", {{{}, {}}, {{}, {"--svg", "chart.svg"}}},
                                        {{"--men", 10000, ""}}};
  return fuzz::run(kHarness, data, size);
}
