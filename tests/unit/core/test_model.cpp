// test_model.cpp - declared fields and tables rendered to every format, and described as a schema.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "gunpowder/core/json.hpp"
#include "gunpowder/core/model.hpp"
#include "gunpowder/core/report.hpp"

using namespace gunpowder;
using report::Field;
using report::Kind;

namespace {
constexpr Field kName{"name", "Name", Kind::text, "", "the piece's name", "", false};
constexpr Field kBand{"range_band", "Band", Kind::enumerated, "", "range band", "short|medium|long"};
constexpr Field kCost{"cost_gp", "Cost", Kind::amount, "gp", "price of the piece"};
constexpr Field kCrew{"crew", "Crew", Kind::count, "", "men serving it"};
constexpr Field kHit{"p_hit", "Hit", Kind::probability, "", "chance to hit"};
constexpr Field kOk{"available", "Usable", Kind::boolean, "", "can be used"};
constexpr Field kRange{"range", "Range", Kind::text, "yd", "short/medium/long, as the book prints it"};
constexpr Field kShort{"range_short_yd", "Short", Kind::amount, "yd", "short range"};

const report::TableSpec& rows_spec() {
  static const report::TableSpec s("pieces", "Pieces", "one piece",
                                   {kName, kBand, {kCost, "Cost gp"}, kCrew, kHit, kOk});
  return s;
}
const report::TableSpec& record_spec() {
  static const report::TableSpec s =
      report::TableSpec("characteristics", "Characteristics", "the figures of one piece",
                        {kCost, {kRange, report::Shown::people}, {kShort, report::Shown::programs}})
          .with_context({kName})
          .as_record("Characteristic", true);
  return s;
}
const report::DocumentSpec& doc_spec() {
  static const report::DocumentSpec d("artillery-design", "pieces", 3, "designed pieces",
                                      {&rows_spec(), &record_spec()});
  return d;
}

report::Report sample() {
  report::Report r;
  r.document = &doc_spec();
  report::Table t(rows_spec());
  t.add_row({"Gun", "short", report::cell::integer(2500), report::cell::integer(11), report::cell::percent(0.25),
             report::cell::boolean(true)});
  t.add_row({"Mortar", report::cell::none(), report::cell::trimmed(12.5), report::cell::none(),
             report::cell::percent(1.0 / 3), report::cell::boolean(false)});
  r.tables.push_back(std::move(t));
  report::Table c(record_spec());
  c.set_context(kName, "Gun");
  c.add_figure(kCost, report::cell::integer(2500), "house rule (my.toml)");
  c.add_figure(kRange, "440/960/2300 yd", "book");
  c.add_figure(kShort, report::cell::integer(440), "book");
  r.tables.push_back(std::move(c));
  return r;
}
}  // namespace

TEST_CASE("report::model") {
  SUBCASE("a table made from its declaration has the declared name, title, keys and headers") {
    report::Table t(rows_spec());
    CHECK(t.name == "pieces");
    CHECK(t.title == "Pieces");
    REQUIRE(t.columns.size() == 6);
    CHECK(t.columns[2].key == "cost_gp");
    CHECK(t.columns[2].header == "Cost gp");
    CHECK(t.columns[3].header == "Crew");
    CHECK(t.columns[3].align == report::Align::right);
    CHECK(t.columns[0].align == report::Align::left);
  }
  SUBCASE("a figure or context not declared is a programming error") {
    report::Table c(record_spec());
    CHECK_THROWS_AS(c.add_figure(kCrew, "3"), std::logic_error);
    CHECK_THROWS_AS(c.set_context(kCrew, "3"), std::logic_error);
  }
  SUBCASE("json: typed values from the raw cells, context first, null for none, sources of a record") {
    const std::string j = report::render(sample(), report::Format::json, false);
    const std::string expected = R"J({
  "schema": {
    "name": "gunpowder/artillery-design/pieces",
    "version": 3
  },
  "tool": "artillery-design",
  "pieces": [
    {
      "name": "Gun",
      "range_band": "short",
      "cost_gp": 2500,
      "crew": 11,
      "p_hit": 0.25,
      "available": true
    },
    {
      "name": "Mortar",
      "range_band": null,
      "cost_gp": 12.5,
      "crew": null,
      "p_hit": 0.333333333333,
      "available": false
    }
  ],
  "characteristics": [
    {
      "name": "Gun",
      "cost_gp": 2500,
      "range_short_yd": 440,
      "sources": {
        "cost_gp": "house rule (my.toml)",
        "range_short_yd": "book"
      }
    }
  ]
}
)J";
    CHECK(j == expected);
  }
  SUBCASE("text: a record is a figure a line with its source; the composite is for people only") {
    report::Report r = sample();
    r.tables.erase(r.tables.begin());
    const std::string t = report::render(r, report::Format::text, false);
    CHECK(t.find("Characteristic") != std::string::npos);
    CHECK(t.find("440/960/2300 yd  book") != std::string::npos);
    CHECK(t.find("house rule (my.toml)") != std::string::npos);
    CHECK(t.find("range_short_yd") == std::string::npos);
  }
  SUBCASE("text: a record's value column may have a header of its own") {
    static const report::TableSpec costs =
        report::TableSpec("costs", "Costs", "costs", {kCost}).as_record("Figure", false, "gp");
    report::Report r;
    report::Table c(costs);
    c.add_figure(kCost, report::cell::integer(2500));
    r.tables.push_back(std::move(c));
    const std::string t = report::render(r, report::Format::text, false);
    CHECK(t.find("Figure") != std::string::npos);
    CHECK(t.find(" gp\n") != std::string::npos);
    CHECK(t.find("Value") == std::string::npos);
  }
  SUBCASE("csv: a record is a figure a row, raw, with its unit and source; booleans true/false") {
    report::Report r = sample();
    r.main_table = "characteristics";
    CHECK(report::render(r, report::Format::csv, false) ==
          "name,figure,value,unit,source\r\nGun,cost_gp,2500,gp,house rule (my.toml)\r\n"
          "Gun,range_short_yd,440,yd,book\r\n");
    r.main_table = "pieces";
    CHECK(report::render(r, report::Format::csv, false) ==
          "name,range_band,cost_gp,crew,p_hit,available\r\nGun,short,2500,11,0.25,true\r\n"
          "Mortar,,12.5,,0.333333333333,false\r\n");
  }
  SUBCASE("json: a context the spec does not declare (house rules' files, for csv) is left out") {
    report::Report r = sample();
    for (auto& t : r.tables) t.context.insert(t.context.begin(), {"house_rules", "my.toml"});
    const std::string j = report::render(r, report::Format::json, false);
    CHECK(j.find("house_rules") == std::string::npos);
    CHECK(j.find(R"("name": "Gun")") != std::string::npos);
    r.main_table = "pieces";
    CHECK(report::render(r, report::Format::csv, false).rfind("house_rules,name,", 0) == 0);
  }
  SUBCASE("json: a raw number is written in the one form, whether or not it was already") {
    std::string out;
    for (const char* raw : {"2500", "0.25", "-3.5", "0", "12.50", "007", "1e3", "0.1234567890123"}) {
      report::append_json_value(out, &kCost, report::Cell("x", raw));
      out += ' ';
    }
    CHECK(out == "2500 0.25 -3.5 0 12.5 7 1000 0.123456789012 ");
  }
  SUBCASE("a raw value not of the field's kind is written as text (the schema refuses it)") {
    report::Report r;
    r.document = &doc_spec();
    report::Table t(rows_spec());
    t.add_row({"Gun", "short", "a lot", "1", "0.5", "true"});
    r.tables.push_back(std::move(t));
    CHECK(report::render(r, report::Format::json, false).find(R"("cost_gp": "a lot",)") != std::string::npos);
  }
  SUBCASE("the schema: closed objects, enums, bounds, nullable through anyOf, every table required") {
    const json::Value s = report::describe_schema(doc_spec());
    const std::string text = json::dump(s);
    CHECK(text.find(R"("$schema": "https://json-schema.org/draft/2020-12/schema")") != std::string::npos);
    const auto* props = s.find("properties");
    REQUIRE(props);
    const auto* pieces = props->find("pieces");
    REQUIRE(pieces);
    const auto* item_props = pieces->find("items")->find("properties");
    REQUIRE(item_props);
    CHECK(json::dump_compact(*item_props->find("p_hit")) ==
          R"({"description":"chance to hit","anyOf":[{"type":"number","minimum":0,"maximum":1},{"type":"null"}]})");
    CHECK(json::dump_compact(*item_props->find("range_band")) ==
          R"({"description":"range band","anyOf":[{"enum":["short","medium","long"]},{"type":"null"}]})");
    CHECK(json::dump_compact(*item_props->find("name")) == R"({"description":"the piece's name","type":"string"})");
    CHECK(json::dump_compact(*item_props->find("cost_gp")) ==
          R"J({"description":"price of the piece (gp)","anyOf":[{"type":"number","minimum":0},{"type":"null"}]})J");
    CHECK(json::dump_compact(*s.find("required")) == R"(["schema","tool","pieces","characteristics"])");
    CHECK(props->find("characteristics")->find("items")->find("properties")->find("range") == nullptr);
    // house rules name their files in every row: an optional member of every item
    CHECK(item_props->find("house_rules") != nullptr);
  }
  SUBCASE("key tables for the man pages") {
    const auto keys = report::describe_json_keys(doc_spec());
    REQUIRE(keys.size() > 5);
    CHECK(keys[0].key == "schema.name");
    bool found = false;
    for (const auto& k : keys)
      if (k.key == "pieces[].cost_gp") {
        found = true;
        CHECK(k.type == "amount or null");
        CHECK(k.unit == "gp");
      }
    CHECK(found);
    const auto cols = report::describe_csv_columns(record_spec());
    REQUIRE(cols.size() == 5);
    CHECK(cols[0].key == "name");
    CHECK(cols[4].key == "source");
  }
  SUBCASE("a record's value column may have its own header") {
    static const report::TableSpec spec =
        report::TableSpec("rounds", "Rounds", "rounds taken", {kCrew}).as_record("Figure", false, "Rounds");
    report::Report r;
    report::Table t(spec);
    t.add_figure(kCrew, report::cell::integer(3));
    r.tables.push_back(std::move(t));
    const std::string text = report::render(r, report::Format::text, false);
    CHECK(text.find("Figure  Rounds") != std::string::npos);
  }
  SUBCASE("a count beyond long long (a seed up to 2^64-1) is written exactly") {
    static const Field seed{"seed", "Seed", Kind::count, "", "the seed", "", false};
    std::string out;
    report::append_json_value(out, &seed, report::Cell("18446744073709551615"));
    CHECK(out == "18446744073709551615");
  }
  SUBCASE("json: a context the table does not declare (house rules' files, for csv) is left out") {
    report::Report r = sample();
    for (auto& t : r.tables) t.context.insert(t.context.begin(), {"house_rules", "my.toml"});
    const std::string j = report::render(r, report::Format::json, false);
    CHECK(j.find("\"house_rules\"") == std::string::npos);
    r.main_table = "pieces";
    CHECK(report::render(r, report::Format::csv, false).rfind("house_rules,name,", 0) == 0);
  }
}

TEST_CASE("report::TableSpec::as_record") {
  SUBCASE("the source column of a record may have its own header for people; csv still says source") {
    static const report::TableSpec s =
        report::TableSpec("attack", "Attack", "one attack", {kCost, kCrew}).as_record("Figure", true, "Value", "Rule");
    report::Table t(s);
    t.add_figure(kCost, report::cell::integer(20), "p. 14");
    t.add_figure(kCrew, report::cell::integer(3));
    const std::string text = report::render_text({t});
    CHECK(text.find("Figure  Value  Rule") != std::string::npos);
    CHECK(text.find("Source") == std::string::npos);
    CHECK(report::render_csv({t}) == "figure,value,unit,source\r\ncost_gp,20,gp,p. 14\r\ncrew,3,,\r\n");
  }
}

TEST_CASE("report::TableSpec::sourced_by_house_rules on a table of rows") {
  static const report::TableSpec s =
      report::TableSpec("crews", "Crews", "one crew", {kName, kCrew}).sourced_by_house_rules();
  auto made = [](bool house_rules) {
    report::Table t(s);
    t.house_rules = house_rules;
    t.add_row({"Gun", report::cell::integer(11)}, "house rule (my.toml)");
    t.add_row({"Mortar", report::cell::integer(4)}, "");
    t.add_row({"Bombard"}, "house rule (my.toml)");  // a short row: its source still follows the columns
    return t;
  };
  SUBCASE("without house rules the rows are as they were: no Source column, csv source or JSON source") {
    const report::Table t = made(false);
    CHECK(t.rows[1].size() == 2);
    CHECK(report::render_csv({t}) == "name,crew\r\nGun,11\r\nMortar,4\r\nBombard,\r\n");
    CHECK(report::render_text({t}).find("Source") == std::string::npos);
    CHECK(report::render_text({t}).find("house rule") == std::string::npos);
    std::string j;
    report::append_json_row(j, t, t.rows[0], 0);
    CHECK(j.find("source") == std::string::npos);
  }
  SUBCASE("under house rules: a last column Source, csv source and JSON source (null for a row without)") {
    const report::Table t = made(true);
    CHECK(report::render_csv({t}) ==
          "name,crew,source\r\nGun,11,house rule (my.toml)\r\nMortar,4,\r\nBombard,,house rule (my.toml)\r\n");
    const std::string text = report::render_text({t});
    CHECK(text.find("Source") != std::string::npos);
    CHECK(text.find("Name     Crew  Source\n") != std::string::npos);
    CHECK(text.find("Gun        11  house rule (my.toml)\n") != std::string::npos);
    CHECK(text.find("Bombard        house rule (my.toml)\n") != std::string::npos);
    std::string j0, j1;
    report::append_json_row(j0, t, t.rows[0], 0);
    report::append_json_row(j1, t, t.rows[1], 0);
    CHECK(j0.find("\"source\": \"house rule (my.toml)\"") != std::string::npos);
    CHECK(j1.find("\"source\": null") != std::string::npos);
  }
  SUBCASE("the schema and the key tables name the source, optional") {
    const json::Value items = report::describe_items(s);
    const std::string dumped = json::dump(items);
    CHECK(dumped.find("\"source\"") != std::string::npos);
    REQUIRE(items.find("required") != nullptr);
    CHECK(json::dump(*items.find("required")).find("source") == std::string::npos);
    const auto cols = report::describe_csv_columns(s);
    REQUIRE(!cols.empty());
    CHECK(cols.back().key == "source");
  }
}
