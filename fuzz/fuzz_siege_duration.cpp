// libFuzzer harness: siege-duration on a siege description, through the methods whose work is
// bounded by the input's size (simplified sieges, bombardment, structures) and the Siege Machine
// with a few seeded runs and one traced run (weeks are at most 1,000 by the input's own limit);
// the Siege Machine's odds also write their chart with --svg when the output layer is fuzzed.
// The duel odds run thousands of seeded duels per input and are left to the unit tests: a fuzzed
// park of hundreds of pieces would only measure the time limit. A fuzzed command line gets
// --runs=3 unless it gives at most 20 itself, at most 4 threads and at most 3,000 duel rounds.
#include "siege-duration/siege_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const fuzz::Harness kHarness{
      &gunpowder::siege_app::main,
      "siege-duration",
      {{{"--method", "simplified"}, {}},
       {{"--method", "bombardment"}, {}},
       {{"--method", "structures"}, {}},
       {{"--method", "siege-machine", "--runs", "3", "--seed", "1"}, {"--svg", "chart.svg"}},
       {{"--method", "siege-machine", "--trace", "--seed", "2"}, {}}},
      {{"--runs", 20, "3"}, {"--threads", 4, ""}, {"--max-rounds", 3000, ""}}};
  return fuzz::run(kHarness, data, size);
}
