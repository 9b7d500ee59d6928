// In-process runs of artillery-design's file input (tools/artillery-design).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "artillery-design/artillery_app.hpp"
#include "gunpowder/input/reader.hpp"
#include "run_app.hpp"

using namespace gunpowder;
using gunpowder::testing::check_streamed;

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
    check_streamed(artillery_app::main, "artillery-design", a, b, "[[piece]]\ntype = \"gun\"\nshot_lb = -6\n", 11);
  }
}
