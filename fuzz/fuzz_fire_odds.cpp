// libFuzzer harness: fire-odds on a TOML file of [[artillery]] ... [[dowel]] tables.
#include "fire-odds/fire_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::run(&gunpowder::fire_app::main, {{}}, data, size);
}
