// libFuzzer harness: siege-duration on a siege description (every method the input allows).
#include "gunpowder/siege_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::run(&gunpowder::siege_app::main, {{}, {"--method", "simplified"}, {"--method", "duel", "--runs", "200", "--seed", "1"}},
                   data, size);
}
