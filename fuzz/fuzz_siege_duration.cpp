// libFuzzer harness: siege-duration on a siege description, through the methods whose work is
// bounded by the input's size (simplified sieges, bombardment, structures) and the Siege Machine
// with a few seeded runs and one traced run (weeks are at most 1,000 by the input's own limit).
// The duel odds run thousands of seeded duels per input and are left to the unit tests: a fuzzed
// park of hundreds of pieces would only measure the time limit.
#include "siege-duration/siege_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::run(&gunpowder::siege_app::main,
                   {{"--method", "simplified"},
                    {"--method", "bombardment"},
                    {"--method", "structures"},
                    {"--method", "siege-machine", "--runs", "3", "--seed", "1"},
                    {"--method", "siege-machine", "--trace", "--seed", "2"}},
                   data, size);
}
