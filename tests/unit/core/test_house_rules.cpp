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

TEST_CASE("data::merge_rules and input::TableReader::note - a key no rule reads is refused") {
  const std::string why = " is not read by any rule (it is a note of the book, not a figure the tools use)";
  SUBCASE("a figure that the built-in table keeps as a comment line") {
    auto m = merge("firearms", "[rules.misfire]\nflintlock_relative_chance = 0.25\n");
    REQUIRE(m.diags.items().size() == 1);
    CHECK(m.diags.items()[0].message ==
          "'rules.misfire.flintlock_relative_chance'" + why + " (house rules for data/firearms.toml)");
    CHECK(m.diags.items()[0].pos.file == "house.toml");
    CHECK(m.diags.items()[0].pos.line == 2);
  }
  SUBCASE("a key the table has nowhere, even as a comment, is an unknown key") {
    auto m = merge("firearms", "[rules.misfire]\nflintlock_relative_chanse = 0.25\n");
    REQUIRE(m.diags.items().size() == 1);
    CHECK(m.diags.items()[0].message.rfind("unknown key 'flintlock_relative_chanse' in [rules.misfire]", 0) == 0);
  }
  SUBCASE("a note that stays a key: refused in a built-in table, not in a row the file adds") {
    auto m = merge("firearms", "[rules.musket]\nsource = \"ours\"\n");
    CHECK(m.diags.empty());  // merged; the loader's note() refuses it
    Diagnostics d;
    input::TableReader r(m.doc, *m.doc.root["rules"]["musket"].as_table(), d, "[rules.musket]");
    r.note("source");
    REQUIRE(d.items().size() == 1);
    CHECK(d.items()[0].message == "'source' in [rules.musket]" + why);
    CHECK(d.items()[0].pos.file == "house.toml");
    CHECK(d.items()[0].pos.line == 2);

    auto added = merge("firearms", "[[firearm_price]]\nname = \"Our Gun\"\nsource = \"ours\"\n");
    const auto& rows = *added.doc.root["firearm_price"].as_array();
    const auto* row = rows.back().as_table();
    REQUIRE(row->get("name")->value_or(std::string()) == "Our Gun");
    Diagnostics none;
    input::TableReader own(added.doc, *row, none, "[[firearm_price]]");
    own.note("source");
    CHECK(none.empty());
  }
  SUBCASE("without house rules a note is only a known key") {
    auto doc = data::load_built_in("firearms.toml");
    REQUIRE(doc);
    Diagnostics d;
    input::TableReader r(*doc, *doc->root["rules"]["musket"].as_table(), d, "[rules.musket]");
    r.note("source");
    r.finish();
    CHECK(d.empty() == false);  // the other keys were not asked for
    for (const auto& item : d.items()) CHECK(item.message.find("'source'") == std::string::npos);
  }
}

namespace {
// A rules file of `rows` new [[piece]] rows of data/artillery.toml, about 80 bytes each.
std::string many_pieces(int rows, const std::string& middle = {}) {
  std::string t = "[house_rules]\ntable = \"artillery\"\n\n";
  for (int i = 0; i < rows; ++i) {
    if (i == rows / 2) t += middle;
    t += "[[piece]]\nname = \"House Gun " + std::to_string(i) +
         "\"\ntype = \"gun\"\nshot_lb = 9\ncost_gp = " + std::to_string(100 + i) + "\n\n";
  }
  return t;
}

// The parse of a large rules file must be that of input::parse: the same tree, the same places.
void check_same_parse(const std::string& text) {
  auto whole = input::parse(text, "house.toml");
  auto split = data::parse_rules(text, "house.toml");
  REQUIRE(static_cast<bool>(whole) == static_cast<bool>(split));
  if (!whole) {
    REQUIRE(whole.error().items().size() == split.error().items().size());
    CHECK(whole.error().items()[0].message == split.error().items()[0].message);
    CHECK(whole.error().items()[0].pos.line == split.error().items()[0].pos.line);
    CHECK(whole.error().items()[0].pos.column == split.error().items()[0].pos.column);
    return;
  }
  CHECK(whole->root == split->root);
  const auto* a = whole->root["piece"].as_array();
  const auto* b = split->root["piece"].as_array();
  REQUIRE(a);
  REQUIRE(b);
  REQUIRE(a->size() == b->size());
  for (size_t i = 0; i < a->size(); i += 97) {
    const auto& x = *a->get(i)->as_table()->get("cost_gp");
    const auto& y = *b->get(i)->as_table()->get("cost_gp");
    CHECK(whole->pos(x).line == split->pos(y).line);
    CHECK(whole->pos(x).column == split->pos(y).column);
    CHECK(split->line(split->pos(y).line) == "cost_gp = " + std::to_string(y.value_or(0)));
  }
}
}  // namespace

TEST_CASE("data::parse_rules - a large rules file parsed in two pieces gives input::parse's document") {
  SUBCASE("rows only: cut in two, the same rows at the same lines") {
    check_same_parse(many_pieces(6000));
    // It was cut: the rows of the two halves come from two parses (two toml++ source paths).
    auto split = data::parse_rules(many_pieces(6000), "house.toml");
    REQUIRE(split);
    const auto& rows = *split->root["piece"].as_array();
    CHECK(rows.front().source().path != rows.back().source().path);
    // A small file is parsed whole.
    auto small = data::parse_rules(many_pieces(100), "house.toml");
    REQUIRE(small);
    CHECK(small->root["piece"].as_array()->front().source().path ==
          small->root["piece"].as_array()->back().source().path);
  }
  SUBCASE("a table after the rows: not cut, parsed whole") { check_same_parse(many_pieces(6000) + "[other]\nx = 1\n"); }
  SUBCASE("a syntax error in the second half: the same error at the same place") {
    check_same_parse(many_pieces(6000, "[[piece]]\nname = = 1\n"));
  }
  SUBCASE("a multi-line string across the middle holding a [[piece]] line") {
    check_same_parse(
        many_pieces(6000, "[[piece]]\nname = \"\"\"x\n" + std::string(400000, 'y') + "\n[[piece]]\n\"\"\"\n"));
  }
  SUBCASE("rows written inline before: the file's own error, not a cut") {
    check_same_parse("piece = [{name = \"a\"}]\n" + many_pieces(6000).substr(34));
  }
  SUBCASE("merged: a node of either half is placed in the rules file, at its line") {
    const std::string text = many_pieces(6000);
    auto rules = data::parse_rules(text, "house.toml");
    REQUIRE(rules);
    rules->root.erase("house_rules");  // as data::Tables::with_house_rules does
    auto base = data::load_built_in("artillery.toml");
    REQUIRE(base);
    std::vector<data::RuleChange> changes;
    Diagnostics diags;
    data::merge_rules(*base, *rules, "artillery", changes, diags);
    CHECK(diags.empty());
    CHECK(changes.size() == 6000);
    for (const char* name : {"House Gun 10", "House Gun 5990"}) {
      const auto* p = piece(*base, name);
      REQUIRE(p);
      const SourcePos pos = base->pos(*p->get("cost_gp"));
      CHECK(pos.file == "house.toml");
      CHECK(base->line(pos) == "cost_gp = " + std::to_string(p->get("cost_gp")->value_or(0)));
    }
  }
}
