// Unit tests of artillery::read_pieces, the reader of artillery-design's [[piece]] tables, and of
// placing design() errors at the key of the piece they concern.
#include <doctest/doctest.h>

#include <string>

#include "built_in_tables.hpp"
#include "gunpowder/artillery/read_pieces.hpp"

using namespace gunpowder;
using namespace gunpowder::artillery;

namespace {
input::Document parse(const std::string& text) {
  auto doc = input::parse(text, "pieces.toml");
  REQUIRE(doc.has_value());
  return std::move(*doc);
}
}  // namespace

TEST_CASE("artillery::read_pieces") {
  SUBCASE("every key of a piece becomes its request") {
    const auto doc = parse(
        "[[piece]]\nname = \"Big Bertha\"\ntype = \"mortar\"\nshot_lb = 20\npowder_lb = 5\nshot_used_lb = 15\n"
        "carriage = \"field\"\nera = \"late\"\ngunpowder = \"dwarven\"\nprice_multiplier = 3\n"
        "powder_gp_per_lb = 4\n\n[[piece]]\ntype = \"gun\"\nshot_lb = 6\n");
    Diagnostics diags;
    const auto pieces = read_pieces(doc, **load_catalogue(gunpowder::testing::built_in()), diags);
    REQUIRE(diags.empty());
    REQUIRE(pieces.size() == 2);
    const Request& a = pieces[0].request;
    CHECK(a.name == "Big Bertha");
    CHECK(a.type == Type::mortar);
    CHECK(a.shot_lb == 20);
    CHECK(a.powder_lb == 5);
    CHECK(a.shot_used_lb == 15);
    CHECK(a.carriage == Carriage::field);
    CHECK(a.era == Era::late);
    CHECK(a.gunpowder == "dwarven");
    CHECK(pieces[0].gunpowder_given);
    CHECK(a.price_multiplier == 3);
    CHECK(a.powder_gp_per_lb == 4);
    const Request& b = pieces[1].request;
    CHECK(b.type == Type::gun);
    CHECK(b.name.empty());
    CHECK_FALSE(b.powder_lb.has_value());
    CHECK(b.gunpowder == "historical");
    CHECK_FALSE(pieces[1].gunpowder_given);
  }
  SUBCASE("reading errors are all reported, at their keys; a piece without a valid shot is left out") {
    const auto doc = parse("[[piece]]\ntype = \"howitzer\"\nshot_lb = -2\ncolour = \"red\"\n\n[side]\n");
    Diagnostics diags;
    const auto pieces = read_pieces(doc, **load_catalogue(gunpowder::testing::built_in()), diags);
    CHECK(pieces.empty());
    REQUIRE(diags.items().size() >= 3);
    for (const auto& e : diags.items()) CHECK(e.pos.file == "pieces.toml");
  }
  SUBCASE("a design error is placed at the key of its piece, or at the piece when the key is absent") {
    const auto doc =
        parse("[[piece]]\ntype = \"gun\"\nshot_lb = 6\npowder_lb = 9\n\n[[piece]]\ntype = \"gun\"\nshot_lb = 6\n");
    Diagnostics diags;
    const auto pieces = read_pieces(doc, **load_catalogue(gunpowder::testing::built_in()), diags);
    REQUIRE(pieces.size() == 2);
    auto cat = load_catalogue(gunpowder::testing::built_in());
    REQUIRE(cat.has_value());
    auto d = design(**cat, pieces[0].request);
    REQUIRE_FALSE(d.has_value());
    const auto placed = input::place_fields(d.error(), doc, *pieces[0].table);
    const Diagnostic& e = placed.items().front();
    CHECK(e.pos.file == "pieces.toml");
    CHECK(e.pos.line == 4);
    CHECK(e.pos.column == 13);
    CHECK(e.source_line == "powder_lb = 9");
    CHECK(e.code == ExitCode::data_error);
    CHECK(e.field.empty());
    Request r = pieces[1].request;
    r.price_multiplier = -1;  // as from --price-multiplier, which the table does not set
    auto d2 = design(**cat, r);
    REQUIRE_FALSE(d2.has_value());
    const auto placed2 = input::place_fields(d2.error(), doc, *pieces[1].table);
    CHECK(placed2.items().front().pos.line == 6);
    CHECK(placed2.items().front().pos.column == 1);
  }
}

TEST_CASE("artillery::from_book_spelling") {
  SUBCASE("the Gunpowder Mobility table's carriage headings and the Artillery Movement table's") {
    CHECK(from_book_spelling("Carriageless") == "carriageless");
    CHECK(from_book_spelling("Garrison Carriage") == "garrison");
    CHECK(from_book_spelling("Field Carriage") == "field");
    CHECK(from_book_spelling("Field Carriage and Limber") == "limber");
    CHECK(from_book_spelling("Field  Carriage &  Limber ") == "limber");
  }
  SUBCASE("every carriage's and gunpowder's name in the data is read as its key") {
    const auto cat = load_catalogue(gunpowder::testing::built_in());
    REQUIRE(cat);
    for (const auto& c : (*cat)->carriages) CHECK(from_book_spelling(c.name) == to_string(c.key));
    for (const auto& g : (*cat)->economy.types) CHECK(from_book_spelling(g.name) == g.id);
  }
  SUBCASE("the Gunpowder Type table's names, types and eras") {
    CHECK(from_book_spelling("Dwarven Gunpowder") == "dwarven");
    CHECK(from_book_spelling("Historical") == "historical");
    CHECK(from_book_spelling("Cannon") == "cannon");
    CHECK(from_book_spelling("Late") == "late");
  }
  SUBCASE("anything else is only folded, for the reader to refuse") {
    CHECK(from_book_spelling("Howitzer") == "howitzer");
    CHECK(from_book_spelling("carriage") == "carriage");
    // Only a whole name of the tables is read as its key, never a word with "Carriage" or
    // "Gunpowder" after it: "Dwarven Carriage" is no gunpowder, "Field Gunpowder" no carriage.
    CHECK(from_book_spelling("Dwarven Carriage") == "dwarven-carriage");
    CHECK(from_book_spelling("Field Gunpowder") == "field-gunpowder");
    CHECK(from_book_spelling("Limber Carriage") == "limber-carriage");
  }
  SUBCASE("a [[piece]] in the book's spelling reads as the suite's") {
    Diagnostics diags;
    const auto doc = parse(
        "[[piece]]\ntype = \"Mortar\"\nshot_lb = 12\ncarriage = \"Garrison Carriage\"\nera = \"Middle\"\n"
        "gunpowder = \"Dwarven Gunpowder\"\n");
    const auto pieces = read_pieces(doc, **load_catalogue(gunpowder::testing::built_in()), diags);
    REQUIRE(diags.empty());
    REQUIRE(pieces.size() == 1);
    CHECK(pieces[0].request.type == Type::mortar);
    CHECK(pieces[0].request.carriage == Carriage::garrison);
    CHECK(pieces[0].request.era == Era::middle);
    CHECK(pieces[0].request.gunpowder == "dwarven");
  }
  SUBCASE("an unknown value is an error naming the value as typed") {
    Diagnostics diags;
    const auto doc = parse("[[piece]]\ntype = \"Howitzer\"\nshot_lb = 12\n");
    read_pieces(doc, **load_catalogue(gunpowder::testing::built_in()), diags);
    REQUIRE(diags.items().size() == 1);
    CHECK(diags.items()[0].message == "unknown type \"Howitzer\" (allowed: cannon, gun, mortar)");
  }
}

// toml++ 3.3 asks whether a character where whitespace may stand is non-ASCII whitespace, and for
// most characters of U+00A1-U+0499 (and two other blocks) its answer was undefined behaviour (the
// fuzzer found "\x07s\u0189[[p[ag"; the sanitizer build reports it). Each must be an ordinary
// parse error, and the real non-ASCII spaces must still be refused as TOML refuses them.
TEST_CASE("input::parse: non-ASCII characters where whitespace may stand are parse errors") {
  for (const char* text : {"\x07s\xC6\x89[[p[ag", "a = 1 \xC6\x89\n", "a = 1\xC3\xA9\n", "[x]\xE3\x81\x82\n",
                           "a = 1 \xEF\xB9\x90\n", "a =\xC2\xA0\x31\n"}) {
    CAPTURE(text);
    const auto doc = input::parse(text, "bad.toml");
    CHECK_FALSE(doc.has_value());
  }
  CHECK(input::parse("a = 1 # \xC6\x89 in a comment\n", "ok.toml").has_value());
}
