// libFuzzer harness: unit-br on a TOML file of [[unit]] tables.
#include "unit-br/unit_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::run(&gunpowder::unit_app::main, {{}, {"--misfire", "text"}}, data, size);
}
