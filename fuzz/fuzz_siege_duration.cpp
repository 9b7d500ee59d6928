// libFuzzer harness: siege-duration on a siege description, through the methods whose work is
// bounded by the input's size (simplified sieges, bombardment, structures). The duel and Siege
// Machine simulations run thousands of seeded sieges per input and are left to the unit tests:
// a fuzzed park of hundreds of pieces would only measure the time limit.
#include "gunpowder/siege_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::run(&gunpowder::siege_app::main,
                   {{"--method", "simplified"}, {"--method", "bombardment"}, {"--method", "structures"}}, data, size);
}
