// libFuzzer harness: war-machine's file inputs (rate, battle with exact odds and a rolled battle,
// siege), with the battle's chart (--svg) and the forces after a rolled battle (--write-forces)
// when the output layer is fuzzed; or a fuzzed command line (also march), with at most 50
// --rounds and 100 --repeat battles.
#include "war-machine/war_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const fuzz::Harness kHarness{
      &gunpowder::war_app::main,
      "war-machine",
      {{{"battle"}, {"--svg", "chart.svg"}},
       {{"rate"}, {}},
       {{"battle", "--roll", "--seed", "3", "--rounds", "3"}, {"--write-forces", "forces.toml"}},
       {{"siege", "--weeks", "4"}, {}}},
      {{"--rounds", 50, ""}, {"--repeat", 100, ""}, {"--weeks", 10000, ""}}};
  return fuzz::run(kHarness, data, size);
}
