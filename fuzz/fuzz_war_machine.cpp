// libFuzzer harness: war-machine's file inputs (rate, battle with exact odds and a rolled battle, siege).
#include "war-machine/war_app.hpp"
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::run(&gunpowder::war_app::main,
                   {{"battle"}, {"rate"}, {"battle", "--roll", "--seed", "3", "--rounds", "3"}, {"siege", "--weeks", "4"}},
                   data, size);
}
