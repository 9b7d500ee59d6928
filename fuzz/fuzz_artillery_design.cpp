// libFuzzer harness: artillery-design on a TOML file of [[piece]] tables.
#include "artillery-design/artillery_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::run(&gunpowder::artillery_app::main, {{}, {"--formula"}}, data, size);
}
