// In-process runs of unit-br (tools/unit-br): command lines, and large files streamed in pieces.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "run_app.hpp"
#include "unit-br/unit_app.hpp"

using namespace gunpowder;
using gunpowder::testing::check_streamed;

TEST_CASE("unit_app::run - in-process command lines") {
  std::ostringstream out, err;
  const char* argv[] = {"unit-br", "--troop", "matchlock musketeers", "--format", "json"};
  CHECK(unit_app::main(5, argv, out, err) == 0);
  CHECK(out.str().find("\"attacks_raw\": 0.5333") != std::string::npos);
  CHECK(err.str().empty());
  std::ostringstream out2, err2;
  const char* bad[] = {"unit-br", "--troop", "pikemen", "--race", "troll"};
  CHECK(unit_app::main(5, bad, out2, err2) == 64);
  CHECK(err2.str().rfind("unit-br: error: --race: unknown race \"troll\"", 0) == 0);
}

TEST_CASE("unit-br: a large file streamed in pieces gives the output of the same tables read whole") {
  // The halves are each under input::kChunkMinBytes and so parsed whole; the joined file is streamed.
  {
    std::string a, b;
    const char* troops[] = {"pikemen", "matchlock musketeers", "dragoons", "reiters", "swordsmen"};
    for (int i = 0; i < 5000; ++i) {
      std::string t = "[[unit]]\nname = \"U" + std::to_string(i) + "\"\ntroop = \"" + troops[i % 5] +
                      "\"\ntroops = " + std::to_string(60 + 10 * (i % 7)) + "\n\n";
      (i < 2500 ? a : b) += t;
    }
    // An error deep in the streamed file is placed at its line in the whole file.
    check_streamed(unit_app::main, "unit-br", a, b, "[[unit]]\ntroop = \"pikemen\"\nbanner = 1\n", 1);
  }
}
