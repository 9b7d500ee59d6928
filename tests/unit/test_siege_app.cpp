// Unit tests of siege-duration's input reading and command line, in-process.
#include <doctest/doctest.h>

#include <sstream>

#include "gunpowder/siege_app.hpp"

using namespace gunpowder;

namespace {

const siege::Rules& rules() {
  auto r = siege::load_rules();
  REQUIRE(r.has_value());
  return **r;
}

const artillery::Catalogue& cat() {
  auto c = artillery::load_catalogue();
  REQUIRE(c.has_value());
  return **c;
}

const char* const kBook = R"([stronghold]
shp = 24000
material = "stone"

[besieger]
units = 60
artillery = [ { type = "cannon", shot_lb = 24, count = 6, range_yd = 1000 },
              { type = "mortar", shot_lb = 90, count = 2, range_yd = 2500 } ]

[defender]
units = 24
artillery = [ { type = "gun", shot_lb = 12, count = 4 } ]
)";

// Reads a document and returns its diagnostics as "line:col: message" strings.
std::vector<std::string> errors_of(const std::string& text) {
  std::vector<std::string> out;
  auto doc = input::parse(text, "t.toml");
  if (!doc) {
    for (const auto& d : doc.error().items()) out.push_back(d.message);
    return out;
  }
  auto in = siege_app::read_siege(*doc, rules(), cat(), false);
  if (in) return out;
  for (const auto& d : in.error().items())
    out.push_back(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + ": " + d.message);
  return out;
}

int run(std::vector<std::string> args, std::string& out, std::string& err) {
  args.insert(args.begin(), "siege-duration");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream o, e;
  const int code = siege_app::main(static_cast<int>(argv.size()), argv.data(), o, e);
  out = o.str();
  err = e.str();
  return code;
}

}  // namespace

TEST_CASE("siege_app::read_siege") {
  SUBCASE("the issue's example reads cleanly") {
    auto doc = input::parse(kBook, "t.toml");
    REQUIRE(doc.has_value());
    auto in = siege_app::read_siege(*doc, rules(), cat(), false);
    REQUIRE(in.has_value());
    REQUIRE(in->siege.has_value());
    CHECK(in->siege->stronghold.shp == 24000);
    CHECK(in->siege->besieger.pieces() == 8);
    CHECK(in->ranges_complete);
    CHECK(in->siege->besieger.artillery[0].carriage == artillery::Carriage::limber);
  }
  SUBCASE("the stronghold's shp from its value or its structures") {
    auto e = errors_of("[stronghold]\nvalue_gp = 100000\nmaterial = \"wood\"\n[besieger]\nunits = 5\n[defender]\nunits = 1\n");
    CHECK(e.empty());
    auto doc = input::parse("[stronghold]\nstructures = [{ key = \"keep_square\", count = 1 }, { key = \"gatehouse\", count = 2 }]\n"
                            "material = \"stone\"\n[besieger]\nunits = 5\n[defender]\nunits = 1\n",
                            "t.toml");
    auto in = siege_app::read_siege(*doc, rules(), cat(), false);
    REQUIRE(in.has_value());
    CHECK(in->siege->stronghold.shp == 17000);
  }
  SUBCASE("unknown key, wrong type, out of range") {
    CHECK(errors_of("[stronghold]\nshp = 24000\nmaterial = \"stone\"\nwalls = 3\n[besieger]\nunits = 5\n[defender]\nunits = 1\n")
              .front()
              .find("4:1: unknown key 'walls' in [stronghold]") == 0);
    CHECK(errors_of("[stronghold]\nshp = \"big\"\nmaterial = \"stone\"\n[besieger]\nunits = 5\n[defender]\nunits = 1\n") ==
          std::vector<std::string>{"2:7: 'shp' must be an integer, got string \"big\""});
    CHECK(errors_of("[stronghold]\nshp = -5\nmaterial = \"stone\"\n[besieger]\nunits = 5\n[defender]\nunits = 1\n") ==
          std::vector<std::string>{"2:7: 'shp' must be positive, got -5"});
  }
  SUBCASE("unknown pieces and engines") {
    auto e = errors_of("[stronghold]\nshp = 24000\nmaterial = \"stone\"\n[besieger]\nunits = 5\n"
                       "artillery = [{ type = \"gun\", shot_lb = 25, count = 1 }]\n"
                       "engines = [{ type = \"catapult\", count = 1 }]\n[defender]\nunits = 1\n");
    REQUIRE(e.size() == 2);
    CHECK(e[0] == "6:40: unknown piece: the book has no 25-pdr gun (guns: 24, 18, 12, 9, 6, 3, 2, 1 lb)");
    CHECK(e[1].find("7:21: unknown siege engine \"catapult\"") == 0);
  }
  SUBCASE("a defender with no units") {
    CHECK(errors_of("[stronghold]\nshp = 24000\nmaterial = \"stone\"\n[besieger]\nunits = 5\n[defender]\nunits = 0\n") ==
          std::vector<std::string>{
              "7:9: a defender with no units and no artillery: there is nothing to besiege (units must be at least 1)"});
  }
  SUBCASE("every error of a file is reported") {
    auto e = errors_of("[stronghold]\nmaterial = \"brick\"\n[besieger]\nunits = -1\n[defender]\n");
    CHECK(e.size() == 4);  // material, no size, units, missing units
  }
  SUBCASE("structures need their dimensions") {
    auto e = errors_of("[[structure]]\nshape = \"round\"\nmaterial = \"fortified\"\nheight_levels = 3\nlength_in = 4\n");
    REQUIRE(e.size() == 2);
    CHECK(e[0].find("a round structure needs diameter_in") != std::string::npos);
    CHECK(e[1].find("length_in does not apply to a round structure") != std::string::npos);
  }
  SUBCASE("a carriage the piece does not have") {
    auto e = errors_of("[stronghold]\nshp = 24000\nmaterial = \"stone\"\n[besieger]\nunits = 5\n"
                       "artillery = [{ type = \"mortar\", shot_lb = 90, count = 1, carriage = \"limber\" }]\n[defender]\nunits = 1\n");
    REQUIRE(e.size() == 1);
    CHECK(e[0].find("the 90-pdr Mortar has no limber carriage") != std::string::npos);
  }
}

TEST_CASE("siege_app::main") {
  std::string out, err;
  SUBCASE("no input file is a usage error") {
    CHECK(run({}, out, err) == 64);
  }
  SUBCASE("an unknown option is a usage error") {
    CHECK(run({"--frobnicate"}, out, err) == 64);
  }
  SUBCASE("a missing input file exits 66") {
    CHECK(run({"/nonexistent/siege.toml"}, out, err) == 66);
  }
  SUBCASE("--help lists the examples") {
    CHECK(run({"--help"}, out, err) == 0);
    CHECK(out.find("--method duel --trace --seed 1") != std::string::npos);
  }
}
