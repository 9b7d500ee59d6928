// In-process runs of artillery-design's file input (lib/src/artillery_app.cpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "gunpowder/artillery_app.hpp"
#include "gunpowder/toml_input.hpp"
#include "run_app.hpp"

using namespace gunpowder;
using gunpowder::testing::run_main;
using gunpowder::testing::Run;
using gunpowder::testing::write_temp;

TEST_CASE("artillery-design: a large file streamed in pieces gives the output of the same tables read whole") {
  // The halves are each under input::kChunkMinBytes and so parsed whole; the joined file is streamed.
  {
    std::string a, b;
    const char* types[] = {"cannon", "gun", "mortar"};
    for (int i = 0; i < 8000; ++i) {
      std::string t = "[[piece]]\ntype = \"" + std::string(types[i % 3]) + "\"\nshot_lb = " +
                      std::to_string(1 + (i % 97) * 0.5) + "\n\n";
      (i < 4000 ? a : b) += t;
    }
    REQUIRE(a.size() < input::kChunkMinBytes);
    REQUIRE(a.size() + b.size() >= input::kChunkMinBytes);
    const auto pa = write_temp("gp-pieces-a.toml", a), pb = write_temp("gp-pieces-b.toml", b),
               pab = write_temp("gp-pieces-ab.toml", a + b);
    for (const char* fmt : {"csv", "json"}) {
      CAPTURE(fmt);
      const Run halves = run_main(artillery_app::main, {"artillery-design", pa, pb, "--format", fmt});
      const Run whole = run_main(artillery_app::main, {"artillery-design", pab, "--format", fmt});
      CHECK(halves.code == 0);
      CHECK(whole.code == 0);
      CHECK(whole.out == halves.out);
    }
    std::string bad = a + b + "[[piece]]\ntype = \"gun\"\nshot_lb = -6\n";
    const int line = static_cast<int>(std::count(bad.begin(), bad.end(), '\n'));
    const Run r = run_main(artillery_app::main, {"artillery-design", write_temp("gp-pieces-bad.toml", bad)});
    CHECK(r.code == 65);
    CHECK(r.out.empty());
    CHECK(r.err.find("gp-pieces-bad.toml:" + std::to_string(line) + ":11: error:") != std::string::npos);
  }
}
