// chainmail_data.cpp - loads data/chainmail.toml (seed 003) for fire-odds. A broken embedded
// table is an internal error (exit 70).
#include <algorithm>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/lookup.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/data/snapshot.hpp"
#include "gunpowder/fire/chainmail.hpp"
#include "gunpowder/input/reader.hpp"
#include "read_tables.hpp"

namespace gunpowder::fire {

using input::Need;
using input::TableReader;

namespace {

// The declared ranges of the table's whole numbers (docs/house-rules.md, "Ranges"), each bounding
// what a rule does with it. A score or a modifier of a die of at most 100 faces (an armour
// rating's penalty too): beyond 100 either way the roll is decided before it is thrown.
constexpr input::Range kCmScore{-100, 100, false, "a score of the die"};
// Turns between shots, men of a crew (a request's --crew is at most 100), and the turns a missing
// man adds: every_turns + extra x (full crew - crew) stays within 10,000.
constexpr input::Range kCmTurns{1, 100, false, "turns"};
constexpr input::Range kCmExtraTurns{0, 100, false, "turns"};
constexpr input::Range kCmCrew{1, 100, false, "men"};
// A dowel's sections, numbered from the muzzle.
constexpr input::Range kCmSection{1, 1000, false, "a section of the dowel"};

RangeRow range_row(TableReader& r, const char* value_key) {
  RangeRow row;
  row.range_min = req_number(r, "range_min_in");
  row.min_inclusive = req_bool(r, "min_inclusive");
  row.range_max = req_number(r, "range_max_in");
  row.value = req_int(r, value_key, kCmScore);
  return row;
}

// A face of the die of `sides` faces (`key`): 1 to sides, refused at its key.
int face(TableReader& r, const char* key, int sides) {
  const int f = req_int(r, key, {1, input::kMaxDieFaces, false, "a face of a die"});
  if (sides >= 2 && f > sides)
    r.error_at(key, std::string("'") + key + "' must be a face of the d" + std::to_string(sides) + " (1 to " +
                        std::to_string(sides) + "), got " + std::to_string(f));
  return f;
}

/// The rates of fire the seed borrows from Chainmail: the arquebus's and the catapults'.
void read_rates(TableReader& top, const input::Document& doc, Diagnostics& d, ChainmailRules& c) {
  read_table(
      top, doc, d, "arquebus_rate_of_fire",
      [&](TableReader& r) {
        c.source_arquebus_rate = req_string(r, "source");
        c.arquebus_every_turns = req_int(r, "fires_every_turns", kCmTurns);
        c.attack_dice_every_turns = req_int(r, "attack_dice_every_turns", kCmTurns);
      },
      [](TableReader&) {});
  read_table(
      top, doc, d, "catapult_rate_of_fire",
      [&](TableReader& r) {
        c.source_catapult_rate = req_string(r, "source");
        c.full_crew = req_int(r, "full_crew", kCmCrew);
        c.extra_turn_per_missing = req_int(r, "extra_turn_per_missing", kCmExtraTurns);
      },
      [&](TableReader& r) {
        CatapultRate cr;
        cr.key = req_string(r, "key");
        cr.name = req_string(r, "name");
        cr.every_turns = req_int(r, "fires_every_turns", kCmTurns);
        c.catapult_rates.push_back(cr);
      });
}

// The cannon classes, their dowels and the variation measure (the Chainmail gunpowder variant, Cannon).
void read_cannon(TableReader& top, const input::Document& doc, Diagnostics& d, ChainmailRules& c) {
  read_table(
      top, doc, d, "cannon_class",
      [&](TableReader& r) {
        c.source_cannon = req_string(r, "source");
        for (const char* k : {"rate_of_fire_as", "arc_of_fire_as"}) r.note(k);
      },
      [&](TableReader& r) {
        CannonClass cc;
        cc.key = r.string("key", Need::required, chainmail_gun_names()).value_or("");
        cc.name = req_string(r, "name");
        cc.range_in = req_number(r, "range_in");
        cc.diameter_in = req_number(r, "dowel_diameter_in");
        cc.indirect_fire = req_bool(r, "indirect_fire");
        cc.rate_as = req_string(r, "rate_as");
        c.cannon.push_back(cc);
      });
  read_table(
      top, doc, d, "dowel_section", [&](TableReader& r) { c.source_dowel = req_string(r, "source"); },
      [&](TableReader& r) {
        const std::string cls = req_string(r, "cannon_class");
        DowelSection s;
        s.index = req_int(r, "index", kCmSection);
        s.colour = req_string(r, "colour");
        s.colour_ordinal = req_int(r, "colour_ordinal", kCmSection);
        const double len = req_number(r, "length_in");
        s.start_in = req_number(r, "start_in");
        s.end_in = req_number(r, "end_in");
        if (s.end_in - s.start_in != len) r.error_at("end_in", "end_in - start_in must equal length_in");
        bool placed = false;
        for (auto& cc : c.cannon)
          if (cc.key == cls) {
            cc.sections.push_back(s);
            placed = true;
          }
        if (!placed) r.error_at("cannon_class", "no cannon class " + cls);
      });
  read_table(
      top, doc, d, "dowel_rules",
      [&](TableReader& r) {
        r.note("source");
        c.colour_short = req_string(r, "colour_short");
        c.colour_long = req_string(r, "colour_long");
        c.level_flight_section = req_int(r, "level_flight_section", kCmSection);
      },
      [](TableReader&) {});
  read_table(
      top, doc, d, "variation_measure",
      [&](TableReader& r) {
        r.note("source");
        c.measure_length_in = req_number(r, "length_in");
        c.measure_die_sides = req_int(r, "die_sides");
        c.straight_result = face(r, "straight_result", c.measure_die_sides);
      },
      [](TableReader&) {});
}

/// A range table's bands cover the distances from the nearest band's range_min on, each distance
/// once: the nearest band includes its range_min, every other starts where the one before ends
/// (a shared end point belongs to the nearer band), and each ends beyond where it starts.
void check_bands(std::vector<RangeRow> rows, const char* table, Diagnostics& d) {
  std::sort(rows.begin(), rows.end(), [](const RangeRow& a, const RangeRow& b) { return a.range_min < b.range_min; });
  auto fail = [&](const RangeRow& b, const std::string& why) {
    d.error({}, std::string("chainmail.toml: [") + table + "] band " + b.label + ": " + why +
                    " (the bands cover the range once: the nearest includes its range_min, each other starts"
                    " where the one before ends)");
  };
  for (size_t i = 0; i < rows.size(); ++i) {
    const RangeRow& b = rows[i];
    if (b.range_max <= b.range_min) fail(b, "range_max must be beyond range_min");
    if (b.min_inclusive != (i == 0))
      fail(b, i == 0 ? "the nearest band must include its range_min" : "only the nearest band includes its range_min");
    if (i > 0 && b.range_min != rows[i - 1].range_max)
      fail(b, "starts at " + fmtnum::trim(b.range_min) + "\", where the band before ends at " +
                  fmtnum::trim(rows[i - 1].range_max) + "\"");
  }
}

/// A dowel is coloured alternately white and black from the muzzle, its sections end to end from
/// the muzzle to its range (Cannon: Method of Fire, The Dowel): each section's index is its place,
/// its colour_ordinal the count of its colour so far.
void check_dowel(const ChainmailRules& c, const CannonClass& cc, Diagnostics& d) {
  double at = 0;
  int ordinal[2] = {0, 0};
  for (size_t i = 0; i < cc.sections.size(); ++i) {
    const DowelSection& s = cc.sections[i];
    const bool white = i % 2 == 0;
    const std::string what = "chainmail.toml: section " + std::to_string(i + 1) + " of the dowel of " + cc.name + ": ";
    if (s.index != static_cast<int>(i) + 1)
      d.error({}, what + "index must be " + std::to_string(i + 1) + " (its place from the muzzle), got " +
                      std::to_string(s.index));
    if (s.colour != (white ? c.colour_short : c.colour_long))
      d.error({}, what + "the colours alternate from the muzzle: " + (white ? c.colour_short : c.colour_long) +
                      " expected");
    if (s.colour_ordinal != ++ordinal[white ? 0 : 1])
      d.error({}, what + "colour_ordinal must be " + std::to_string(ordinal[white ? 0 : 1]));
    if (s.start_in != at) d.error({}, what + "must start where the section before ends (" + fmtnum::trim(at) + "\")");
    at = s.end_in;
  }
  if (at != cc.range_in)
    d.error({},
            "chainmail.toml: the dowel of " + cc.name + " must end at its range (" + fmtnum::trim(cc.range_in) + "\")");
}

Expected<ChainmailRules> build_chainmail(const data::Tables& t) {
  auto doc_or = data::load(t, "chainmail.toml");
  if (!doc_or) return doc_or.error();
  const input::Document& doc = *doc_or;
  ChainmailRules c;
  Diagnostics d;
  TableReader top(doc, doc.root, d, "chainmail.toml");
  read_table(
      top, doc, d, "arquebus_hit",
      [&](TableReader& r) {
        c.source_arquebus = req_string(r, "source");
        c.accuracy_die_sides = req_int(r, "die_sides");
        for (const char* k : {"rate_of_fire_as", "arc_of_fire_as"}) r.note(k);
      },
      [&](TableReader& r) {
        RangeRow row = range_row(r, "min_score");
        row.label = req_string(r, "label");
        c.hit_rows.push_back(row);
      });
  read_table(
      top, doc, d, "arquebus_accuracy_modifier", [](TableReader& r) { r.note("source"); },
      [&](TableReader& r) {
        AccuracyModifier m;
        m.key = r.string("key", Need::required, accuracy_condition_names()).value_or("");
        m.modifier = req_int(r, "modifier", kCmScore);
        m.condition = req_string(r, "condition");
        m.group = r.string("group", Need::optional).value_or("");
        c.modifiers.push_back(m);
      });
  read_table(
      top, doc, d, "arquebus_firing",
      [](TableReader& r) { r.note("source"); },
      [](TableReader&) {});
  read_rates(top, doc, d, c);
  read_table(
      top, doc, d, "arquebus_attack_dice",
      [&](TableReader& r) {
        c.source_ad = req_string(r, "source");
        c.ad_sides = req_int(r, "die_sides");
        c.self_hit_face = face(r, "self_hit_face", c.ad_sides);
      },
      [](TableReader&) {});
  read_table(
      top, doc, d, "arquebus_armor_penalty", [](TableReader& r) { r.note("source"); },
      [&](TableReader& r) {
        RangeRow row = range_row(r, "ar_penalty");
        row.label = req_string(r, "key");
        c.ad_rows.push_back(row);
      });
  read_cannon(top, doc, d, c);
  top.note("example");
  top.finish();
  // The tables' checks as wholes, once their rows read cleanly (a row refused is not checked again).
  if (d.empty()) {
    check_bands(c.hit_rows, "arquebus_hit", d);
    check_bands(c.ad_rows, "arquebus_armor_penalty", d);
    for (const auto& cc : c.cannon) check_dowel(c, cc, d);
  }
  for (const auto& cc : c.cannon)
    if (!c.catapult_rate(cc.rate_as))
      d.error({}, "chainmail.toml: cannon class " + cc.key + " rate_as " + cc.rate_as + " is no catapult");
  if (!d.empty()) return data::as_internal(t, d);
  return c;
}

// The module's snapshot section (data/snapshot.hpp): registered here, built once per data::Tables.
const data::snapshot::Section<ChainmailRules> kChainmailSection{"fire.chainmail", &build_chainmail};

}  // namespace

const std::vector<std::string>& accuracy_condition_names() {
  static const std::vector<std::string> names = {"hard_cover_half", "hard_cover_over_half", "rested"};
  return names;
}
const std::string& condition_key(AccuracyCondition c) { return accuracy_condition_names()[static_cast<size_t>(c)]; }
const std::vector<std::string>& chainmail_gun_names() {
  static const std::vector<std::string> names = {"light_field_gun", "heavy_field_gun", "bombard"};
  return names;
}

const CannonClass* ChainmailRules::cannon_class(const std::string& key) const {
  return lookup::find(cannon, [&](const auto& cc) { return cc.key == key; });
}

const CatapultRate* ChainmailRules::catapult_rate(const std::string& key) const {
  // by its key, or the key in the suite's spelling: "light-catapult" is light_catapult
  return lookup::find(catapult_rates, [&](const auto& r) { return r.key == key || suite_spelling(r.key) == key; });
}

const AccuracyModifier* ChainmailRules::modifier(const std::string& key) const {
  return lookup::find(modifiers, [&](const auto& m) { return m.key == key; });
}

Expected<const ChainmailRules*> load_chainmail(const data::Tables& tables) {
  return data::pointer_to(kChainmailSection.get(tables));
}

}  // namespace gunpowder::fire
