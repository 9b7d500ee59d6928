// libFuzzer harness: war-machine's file inputs (rate, battle with exact odds and a rolled battle,
// siege, a campaign of up to 4 battles), with the charts (--svg) and the forces after a rolled
// battle (--write-forces) when the output layer is fuzzed; or a fuzzed command line (also march),
// with at most 50 --rounds, 100 --runs and 10 --battles.
#include "harness.hpp"
#include "war-machine/war_app.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const fuzz::Harness kHarness{
      &gunpowder::war_app::main,
      "war-machine",
      {{{"battle"}, {"--svg", "chart.svg"}},
       {{"rate"}, {}},
       {{"battle", "--roll", "--seed", "3", "--rounds", "3"}, {"--write-forces", "forces.toml"}},
       {{"siege", "--weeks", "4"}, {}},
       {{"campaign", "--battles", "4"}, {"--svg", "chart.svg"}}},
      {{"--rounds", 50, ""}, {"--runs", 100, ""}, {"--weeks", 10000, ""}, {"--battles", 10, ""}}};
  return fuzz::run(kHarness, data, size);
}
