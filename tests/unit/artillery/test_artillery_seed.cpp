// The artillery tables of data/artillery.toml against the seed's own text: every printed figure
// of the characteristics, price (the powder charge's as design() prices it), mobility, horses,
// bombardment, battle-rating, bonus-unit and battlefield-unit tables is read back from the
// flattened PDF text of seed 000 and compared with the data, piece by piece. Built only when the
// seeds are present (see tests/CMakeLists.txt).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "built_in_tables.hpp"
#include "gunpowder/artillery/artillery.hpp"

using namespace gunpowder::artillery;

namespace {

std::vector<std::string> seed_lines() {
  std::ifstream in(std::string(GUNPOWDER_SEEDS_DIR) + "/000_6b55c7bef2f0b22d.txt");
  REQUIRE(in.good());
  std::vector<std::string> lines;
  std::string l;
  while (std::getline(in, l)) lines.push_back(l);
  return lines;
}

const std::vector<std::string>& lines() {
  static const std::vector<std::string> l = seed_lines();
  return l;
}

// The first line starting with `prefix`, after line `from`.
size_t find(const std::string& prefix, size_t from = 0) {
  for (size_t i = from; i < lines().size(); ++i)
    if (lines()[i].rfind(prefix, 0) == 0) return i;
  FAIL("no line starts with " << prefix);
  return 0;
}

// Every number of a line, commas of thousands removed ("1,700'" -> 1700, "5.5\"" -> 5.5).
std::vector<double> numbers(const std::string& line) {
  std::vector<double> out;
  static const std::regex num(R"((\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?))");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), num); it != std::sregex_iterator(); ++it) {
    std::string s = (*it)[1];
    s.erase(std::remove(s.begin(), s.end(), ','), s.end());
    out.push_back(std::stod(s));
  }
  return out;
}

const Catalogue& cat() {
  static const Catalogue* c = [] {
    auto r = load_catalogue(gunpowder::testing::built_in());
    REQUIRE(r.has_value());
    return *r;
  }();
  return *c;
}

template <typename F>
void compare_row(const std::string& what, const std::vector<double>& printed, F field) {
  CAPTURE(what);
  REQUIRE(printed.size() == cat().pieces.size());
  for (size_t i = 0; i < printed.size(); ++i) {
    CAPTURE(cat().pieces[i].name);
    CHECK(field(cat().pieces[i]) == doctest::Approx(printed[i]));
  }
}

double money(const std::string& token) {  // "4,000gp", "15sp", "15cp", "1.5gp"
  std::string s = token;
  s.erase(std::remove(s.begin(), s.end(), ','), s.end());
  const double v = std::stod(s);
  if (s.find("sp") != std::string::npos) return v / 10;
  if (s.find("cp") != std::string::npos) return v / 100;
  return v;
}

}  // namespace

TEST_CASE("artillery data against seed 000's text") {
  SUBCASE("Gunpowder Artillery Characteristics (p. 14), every column") {
    compare_row(
        "SHP",
        [] {
          auto n = numbers(lines()[find("SHP Weight ")]);
          return n;
        }(),
        [](const BookPiece& p) { return p.shp; });
    compare_row("base weight", numbers(lines()[find("8,000lb 6,650lb")]),
                [](const BookPiece& p) { return p.base_weight_lb; });
    compare_row("calibre", numbers(lines()[find("8\u201D 7.5\u201D")]),
                [](const BookPiece& p) { return p.caliber_in; });
    compare_row("shot weight", numbers(lines()[find("60lb 48lb")]), [](const BookPiece& p) { return p.shot_lb; });
    compare_row("AOE", numbers(lines()[find("60\u2019 55\u2019")]), [](const BookPiece& p) { return p.aoe_ft; });
    compare_row("crew", numbers(lines()[find("19 men 17 men")]), [](const BookPiece& p) { return p.crew; });
    compare_row("powder", numbers(lines()[find("30lb 24lb")]), [](const BookPiece& p) { return p.powder_lb; });
    compare_row("short range", numbers(lines()[find("360\u2019 340\u2019")]),
                [](const BookPiece& p) { return p.range_short_yd; });
    compare_row("medium range", numbers(lines()[find("740\u2019 700\u2019")]),
                [](const BookPiece& p) { return p.range_medium_yd; });
    compare_row("long range", numbers(lines()[find("1,700\u2019 1,600\u2019")]),
                [](const BookPiece& p) { return p.range_long_yd; });
    std::vector<double> dice;
    static const std::regex d10(R"((\d+)d10)");
    const std::string& dl = lines()[find("12d10 10d10")];
    for (auto it = std::sregex_iterator(dl.begin(), dl.end(), d10); it != std::sregex_iterator(); ++it)
      dice.push_back(std::stod((*it)[1]));
    compare_row("damage dice", dice, [](const BookPiece& p) { return p.damage_dice; });
    // ROF: the first piece's "1/60" stands on its own line before the other sixteen.
    std::vector<double> rounds_per_shot{60};
    for (double v : numbers(lines()[find("1/54 1/50")]))
      if (v != 1) rounds_per_shot.push_back(v);
    compare_row("rate of fire", rounds_per_shot, [](const BookPiece& p) { return p.rounds_per_shot; });
    // Barrel lengths in feet and inches: 12' 11'3" ...
    std::vector<double> barrel;
    static const std::regex fi("(\\d+)\u2019(?:(\\d+)\u201D)?");
    const std::string& bl = lines()[find("12\u2019 11\u20193")];
    for (auto it = std::sregex_iterator(bl.begin(), bl.end(), fi); it != std::sregex_iterator(); ++it)
      barrel.push_back(std::stod((*it)[1]) * 12 + ((*it)[2].matched ? std::stod((*it)[2]) : 0));
    compare_row("barrel length", barrel, [](const BookPiece& p) { return p.barrel_length_in; });
    for (const auto& p : cat().pieces) CHECK(p.ac == 2);  // the AC column prints 2 seventeen times
  }
  SUBCASE("the price list (p. 13): piece, shot and powder prices, and weights") {
    std::istringstream in(lines()[find("Cost 4,000gp")].substr(5));
    std::vector<std::string> tok((std::istream_iterator<std::string>(in)), std::istream_iterator<std::string>());
    REQUIRE(tok.size() == 51);
    for (size_t i = 0; i < 17; ++i) {
      const auto& p = cat().pieces[i];
      CAPTURE(p.name);
      CHECK(p.cost_gp == doctest::Approx(money(tok[3 * i])));
      CHECK(p.shot_cost_gp == doctest::Approx(money(tok[3 * i + 1])));
      // The powder charge's price is no key of the table: design() prices the charge's weight at
      // the historical economy's price a pound, which must give the price list's figure.
      Request req;
      req.type = p.type;
      req.shot_lb = p.shot_lb;
      const auto d = design(cat(), req);
      REQUIRE(d.has_value());
      CHECK(d->effective.powder_cost_gp == doctest::Approx(money(tok[3 * i + 2])));
    }
    // "(8,000lb) Round Shot (60lb) Powder Charge (30lb)": weight, shot, powder per piece.
    const std::string& list = lines()[find("ARTILLERY OF THE PIKE AND SHOT AGE Gunpowder Artillery")];
    static const std::regex entry(
        R"(\((\d{1,3}(?:,\d{3})*)lb\) (?:Round|Stone) Shot \((\d+)lb\) Powder Charge \((\d+)lb\))");
    std::vector<double> weights;
    for (auto it = std::sregex_iterator(list.begin(), list.end(), entry); it != std::sregex_iterator(); ++it)
      weights.push_back(numbers((*it)[1])[0]);
    // The price-list weights are a comment of the data (no rule reads them); the 24-pdr gun's price
    // is half its price-list weight, 6,500 lb, not half the table's 6,400 lb.
    REQUIRE(weights.size() == cat().pieces.size());
    for (size_t i = 0; i < weights.size(); ++i)
      if (cat().pieces[i].name == "24-pdr Gun") CHECK(cat().pieces[i].cost_gp == weights[i] / 2);
  }
  SUBCASE("Gunpowder Mobility (p. 15): the era of each carriage") {
    const size_t first = find("Early Early Early");
    for (size_t c = 0; c < 4; ++c) {
      std::string row = lines()[first + c];
      std::vector<std::string> cells;
      for (size_t pos = 0; pos < row.size();) {
        if (row.compare(pos, 13, "Not Available") == 0) {
          cells.push_back("none");
          pos += 13;
        } else if (row[pos] == ' ') {
          ++pos;
        } else {
          const size_t end = row.find(' ', pos);
          std::string w = row.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
          for (auto& ch : w) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
          cells.push_back(w);
          pos = end == std::string::npos ? row.size() : end;
        }
      }
      REQUIRE(cells.size() == 17);
      for (size_t i = 0; i < 17; ++i) {
        const auto& e = cat().pieces[i].carriage_era[c];
        CAPTURE(cat().pieces[i].name);
        CHECK(cells[i] == (e ? to_string(*e) : std::string("none")));
      }
    }
  }
  SUBCASE("horses by carriage (p. 16)") {
    const size_t first = find("15 horses 12 horses");
    for (size_t c = 0; c < 4; ++c)
      compare_row("horses " + std::to_string(c), numbers(lines()[first + c]),
                  [c](const BookPiece& p) { return p.horses[c]; });
  }
  SUBCASE("Gunpowder Artillery Bombardment (p. 18): every cell") {
    // Range brackets repeat the characteristics table.
    const auto brackets = numbers(lines()[find("360/740/1,700")]);
    REQUIRE(brackets.size() == 51);
    for (size_t i = 0; i < 17; ++i) {
      CHECK(cat().pieces[i].range_short_yd == brackets[3 * i]);
      CHECK(cat().pieces[i].range_medium_yd == brackets[3 * i + 1]);
      CHECK(cat().pieces[i].range_long_yd == brackets[3 * i + 2]);
    }
    // Short range: one figure per cannon and gun, then dashes for the mortars.
    const auto shorts = numbers(lines()[find("1,750/1,625")]);
    REQUIRE(shorts.size() == 13);
    for (size_t i = 0; i < 17; ++i) {
      CAPTURE(cat().pieces[i].name);
      CHECK(cat().pieces[i].bombard.short_direct == (i < 13 ? std::optional<double>(shorts[i]) : std::nullopt));
    }
    // Medium: cannon direct/plunging pairs, guns direct only, mortars plunging only.
    const auto med = numbers(lines()[find("900/700 850/650")]);
    REQUIRE(med.size() == 5 * 2 + 8 + 4);
    // Long: cannon plunging only, guns direct only, mortars plunging only.
    const auto lng = numbers(lines()[find("-/85 -/75")]);
    REQUIRE(lng.size() == 5 + 8 + 4);
    for (size_t i = 0; i < 17; ++i) {
      const auto& b = cat().pieces[i].bombard;
      CAPTURE(cat().pieces[i].name);
      if (i < 5) {
        CHECK(b.medium_direct == med[2 * i]);
        CHECK(b.medium_plunging == med[2 * i + 1]);
        CHECK(b.long_plunging == lng[i]);
      } else if (i < 13) {
        CHECK(b.medium_direct == med[10 + (i - 5)]);
        CHECK(b.long_direct == lng[i]);
      } else {
        CHECK(b.medium_plunging == med[18 + (i - 13)]);
        CHECK(b.long_plunging == lng[i]);
      }
    }
    compare_row("shots per day", numbers(lines()[find("48 55 60 72")]),
                [](const BookPiece& p) { return p.shots_per_day; });
    compare_row("daily cost", numbers(lines()[find("Daily Powder & Shot Cost")]),
                [](const BookPiece& p) { return p.cost_gp_per_day; });
  }
  SUBCASE("Gunpowder Artillery Battle Ratings and Bonus Units (p. 20)") {
    const size_t from = find("Gunpowder Artillery Battle Ratings Artillery Piece");
    const size_t br_line = find("0.5 0.5 0.25", from);
    std::vector<double> sizes;
    static const std::regex only_numbers(R"(^\d+( \d+)*$)");
    for (size_t i = from; i < br_line; ++i)
      if (std::regex_match(lines()[i], only_numbers))
        for (double v : numbers(lines()[i])) sizes.push_back(v);
    compare_row("unit size", sizes, [](const BookPiece& p) { return p.unit_size; });
    compare_row("battle rating", numbers(lines()[br_line]), [](const BookPiece& p) { return p.br; });
    compare_row("bonus units", numbers(lines()[find("Bonus Units 26")]),
                [](const BookPiece& p) { return p.bonus_units; });
  }
  SUBCASE("the battlefield unit roster (p. 36-37): pieces, hit dice, uhp, reload tokens") {
    const size_t from = find("GUNPOWDER ARTILLERY ON THE BATTLEFIELD");
    const size_t to = find("GUNPOWDER ARTILLERY ATTACKS", from);
    std::string text;
    for (size_t i = from; i < to; ++i) text += lines()[i] + "\n";
    static const std::regex unit(R"((\d+) (\d+)-pdr (Cannon|Gun|Mortar))");
    std::vector<double> pieces;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), unit); it != std::sregex_iterator(); ++it)
      pieces.push_back(std::stod((*it)[1]));
    compare_row("pieces", pieces, [](const BookPiece& p) { return p.battlefield_unit.pieces; });
    static const std::regex reload(R"(artillery attack 11\+ \((\d+) reload\))");
    std::vector<double> reloads;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), reload); it != std::sregex_iterator(); ++it)
      reloads.push_back(std::stod((*it)[1]));
    compare_row("reload", reloads, [](const BookPiece& p) { return p.battlefield_unit.reload; });
    // Each line of "1-1" hit dice is followed by the units' uhp.
    std::vector<double> uhp;
    static const std::regex hd_line(R"(^1-1( 1-1)*$)");
    for (size_t i = from; i < to; ++i)
      if (std::regex_match(lines()[i], hd_line))
        for (double v : numbers(lines()[i + 1])) uhp.push_back(v);
    compare_row("uhp", uhp, [](const BookPiece& p) { return p.battlefield_unit.uhp; });
    for (const auto& p : cat().pieces) {
      CHECK(p.battlefield_unit.hd == "1-1");
      CHECK(p.battlefield_unit.ac == 1);
      CHECK(p.battlefield_unit.morale == 0);
      CHECK(p.battlefield_unit.formation == "WM");
    }
  }
}

TEST_CASE("artillery worked figures against seed 000's text (Barrel Caliber, Firearm Accessories, Dwarven Gunpowder)") {
  std::string all;
  for (const auto& l : lines()) all += l + "\n";
  const Catalogue& c = **load_catalogue(gunpowder::testing::built_in());
  SUBCASE("Barrel Caliber: the 18-pdr gun's 5.5\" barrel fires 5.25\" shot, 1/4\" smaller") {
    CHECK(all.find("round shot of 5.25") != std::string::npos);
    CHECK(all.find("at least ¼” smaller than the caliber") != std::string::npos);
    CHECK(c.design.shot_undersize_in == 0.25);
  }
  SUBCASE("Firearm Accessories: a gunpowder barrel weighs 10 stone (100 lb), the default pounds in a stone") {
    CHECK(all.find("weighs 10 stone (100lbs)") != std::string::npos);
    CHECK(c.automaton.lb_per_stone == 10);
  }
  SUBCASE("Dwarven Gunpowder, automaton example: 640st, or about 7,680lbs (12 lb a stone)") {
    CHECK(all.find("640st, or about 7,680lbs") != std::string::npos);
    CHECK(c.automaton.example_lb_per_stone == 12);
  }
  SUBCASE("Dwarven Gunpowder, Grimm: 6+, +1 per 5,000gp, \"to 10+\", then 6+") {
    CHECK(all.find("Grimm’s base proficiency throw is 6+") != std::string::npos);
    CHECK(all.find("(+1 per 5,000gp value) to 10+") != std::string::npos);
    CHECK(all.find("Grimm will need to roll 6+") != std::string::npos);
    CHECK(c.grimm.throw_after_penalty_stated == 10);
    CHECK(c.grimm.throw_needed_stated == 6);
  }
}
