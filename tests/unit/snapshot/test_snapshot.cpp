// The built-in tables' snapshot (issue 15): what the tools link equals what the TOML loads.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "built_in_tables.hpp"
#include "gunpowder/artillery/artillery.hpp"
#include "gunpowder/data/snapshot.hpp"
#include "gunpowder/data/tables.hpp"
#include "gunpowder/units/unit_br.hpp"

namespace snap = gunpowder::data::snapshot;

namespace {
struct Inner {
  std::string name;
  std::optional<double> figure;
};
struct Outer {
  int count = 0;
  std::vector<Inner> rows;
  std::map<std::string, std::pair<int, bool>> index;
  std::array<double, 3> bands{};
  Inner last;
};
}  // namespace

TEST_CASE("data::snapshot encodes every field of an aggregate and reads it back") {
  const Outer in{
      7, {{"a", 1.5}, {"b", std::nullopt}}, {{"x", {1, true}}, {"y", {2, false}}}, {0.25, 0.5, 0.75}, {"z", 3}};
  const auto bytes = snap::save(in);
  REQUIRE(bytes);
  Outer out;
  REQUIRE(snap::load(*bytes, out));
  CHECK(out.count == 7);
  REQUIRE(out.rows.size() == 2);
  CHECK(out.rows[0].name == "a");
  CHECK(out.rows[0].figure == 1.5);
  CHECK_FALSE(out.rows[1].figure);
  CHECK(out.index == in.index);
  CHECK(out.bands == in.bands);
  CHECK(out.last.name == "z");
  CHECK(snap::save(out) == bytes);

  SUBCASE("bytes cut short or left over are refused") {
    Outer cut;
    CHECK_FALSE(snap::load(std::string_view(*bytes).substr(0, bytes->size() - 1), cut));
    CHECK_FALSE(snap::load(*bytes + "x", cut));
  }
}

TEST_CASE("data::snapshot: the snapshot the tools link equals the tables loaded from data/*.toml") {
  // Every section the modules register (this program links them all, as the generator does), each
  // built by the strict TOML loaders of a Tables that never takes the snapshot, read back and
  // re-encoded.
  const gunpowder::data::Tables toml(gunpowder::data::Tables::Source::toml);
  const auto producers = gunpowder::data::producers();
  std::vector<std::string> names;
  for (const auto* p : producers) {
    CAPTURE(p->name());
    names.emplace_back(p->name());
    const auto from_toml = p->encode(toml);
    REQUIRE(from_toml);
    const std::string_view linked = snap::section(p->name());
    REQUIRE_FALSE(linked.empty());
    CHECK(linked == *from_toml);
  }
  // The nine sections of the nine loaders, each registered once (a module whose registration the
  // link dropped, or a name registered twice, would show here).
  CHECK(names == std::vector<std::string>{"artillery", "fire.artillery_damage", "fire.broadside", "fire.chainmail",
                                          "firearms", "siege", "siege.machine", "units", "war"});
}

TEST_CASE("data::snapshot: the loaders of a program with a snapshot give the snapshot's tables") {
  const gunpowder::data::Tables tables;  // Source::snapshot_if_linked: this program links one
  const auto units = gunpowder::units::load_catalogue(tables);
  REQUIRE(units);
  CHECK(snap::save(**units) == std::string(snap::section("units")));
  const auto artillery = gunpowder::artillery::load_catalogue(tables);
  REQUIRE(artillery);
  CHECK((*artillery)->pieces.size() == 17);  // the book's 17 pieces (Guns of War, Artillery)
  // A Tables that reads the TOML builds equal tables of its own.
  const gunpowder::data::Tables toml(gunpowder::data::Tables::Source::toml);
  const auto units_toml = gunpowder::units::load_catalogue(toml);
  REQUIRE(units_toml);
  CHECK(*units_toml != *units);
  CHECK(snap::save(**units_toml) == snap::save(**units));
}
