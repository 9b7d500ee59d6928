// Unit tests of the house-rules merge (data::merge_rules, lib/src/data/rules.cpp): rows found by
// their natural key, added, removed, figures replaced, keys and types checked, and merged nodes
// placed in the rules file.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gunpowder/data/data.hpp"
#include "gunpowder/input/reader.hpp"

using namespace gunpowder;

namespace {
struct Merged {
  input::Document doc;
  std::vector<data::RuleChange> changes;
  Diagnostics diags;
};

Merged merge(const std::string& table, const std::string& rules_text) {
  auto base = data::load_built_in(table + ".toml");
  REQUIRE(base);
  auto rules = input::parse(rules_text, "house.toml");
  REQUIRE(rules);
  Merged m{std::move(*base), {}, {}};
  data::merge_rules(m.doc, *rules, table, m.changes, m.diags);
  return m;
}

const toml::table* piece(const input::Document& doc, const std::string& name) {
  for (const auto& n : *doc.root["piece"].as_array())
    if (n.as_table()->get("name")->value_or(std::string()) == name) return n.as_table();
  return nullptr;
}
}  // namespace

TEST_CASE("data::merge_rules") {
  SUBCASE("a figure of a table is replaced, and recorded with the book's value") {
    auto m = merge("gunpowder_economies", "[dwarven]\nrecommended_powder_cost_gp_per_lb = 12.5\n");
    CHECK(m.diags.empty());
    CHECK(m.doc.root["dwarven"]["recommended_powder_cost_gp_per_lb"].value_or(0.0) == doctest::Approx(12.5));
    CHECK(m.doc.root["dwarven"]["price_multiplier_recommended"].value_or(0) == 2);  // untouched
    REQUIRE(m.changes.size() == 1);
    CHECK(m.changes[0].path == "dwarven.recommended_powder_cost_gp_per_lb");
    CHECK(m.changes[0].built_in == "25");
    CHECK(m.changes[0].value == "12.5");
  }
  SUBCASE("a row is found by its natural key, changed key by key; a merged node keeps its place") {
    auto m = merge("artillery", "\n[[piece]]\nname = \"2-pdr Gun\"\ncost_gp = 150\n");
    CHECK(m.diags.empty());
    const auto* p = piece(m.doc, "2-pdr Gun");
    REQUIRE(p);
    CHECK(p->get("cost_gp")->value_or(0) == 150);
    CHECK(p->get("shot_lb")->value_or(0) == 2);
    const SourcePos pos = m.doc.pos(*p->get("cost_gp"));
    CHECK(pos.file == "house.toml");
    CHECK(pos.line == 4);
    CHECK(m.doc.line(pos) == "cost_gp = 150");
    CHECK(m.doc.pos(*p->get("shot_lb")).file == "data/artillery.toml");
  }
  SUBCASE("a row not found is added at the end; remove = true removes one") {
    auto m = merge("artillery",
                   "[[piece]]\nname = \"1-pdr Gun\"\nremove = true\n[[piece]]\nname = \"New Gun\"\ntype = \"gun\"\n");
    CHECK(m.diags.empty());
    CHECK(piece(m.doc, "1-pdr Gun") == nullptr);
    const auto& rows = *m.doc.root["piece"].as_array();
    CHECK(rows.size() == 17);  // 17 - 1 + 1
    CHECK(rows.back().as_table()->get("name")->value_or(std::string()) == "New Gun");
  }
  SUBCASE("troop rows are found by race and troop type together") {
    auto m = merge("troops", "[[troop]]\nrace = \"dwarf\"\ntroop_type = \"matchlock-arquebusiers\"\nwage_gp = 15\n");
    CHECK(m.diags.empty());
    REQUIRE(m.changes.size() == 1);
    CHECK(m.changes[0].path == "troop[race = \"dwarf\", troop_type = \"matchlock-arquebusiers\"].wage_gp");
    CHECK(m.changes[0].built_in == "12");
  }
  SUBCASE("errors: an unknown key, a wrong type, a sign, a row to remove that does not exist") {
    auto m = merge("artillery",
                   "[[piece]]\nname = \"9-pdr Gun\"\ncots_gp = 1\ncost_gp = \"cheap\"\nshot_lb = -9\n"
                   "[[piece]]\nname = \"99-pdr Gun\"\nremove = true\n");
    REQUIRE(m.diags.items().size() == 4);
    for (const auto& d : m.diags.items()) {
      CHECK(d.pos.file == "house.toml");
      CHECK(d.code == ExitCode::data_error);
      CHECK(d.message.find("(house rules for data/artillery.toml)") != std::string::npos);
    }
  }
}
