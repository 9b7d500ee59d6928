// artillery_damage_data.cpp - loads data/artillery_damage.toml (the damage-versus-units tables and
// their rules, seed 000, p. 37-40) and gathers the artillery-fire figures: the catalogue and the
// attack-result and scatter rules come from the artillery module, the owner of
// data/artillery.toml. The embedded tables are part of the program: a broken table is an internal
// error (exit 70), caught by the data tests.
#include "gunpowder/data/data.hpp"
#include "gunpowder/data/snapshot.hpp"
#include "gunpowder/fire/fire_artillery.hpp"
#include "gunpowder/input/reader.hpp"
#include "read_tables.hpp"

namespace gunpowder::fire {

using input::Need;
using input::TableReader;

namespace {

// The declared ranges of the table's whole numbers (docs/house-rules.md, "Ranges"), each bounding
// what a rule does with it. A table's uhp: at most the 1,000 of --table-uhp; its troops and HD.
constexpr input::Range kAdUhp{0, 1000, false, "uhp"};
constexpr input::Range kAdTroops{1, 10000, false, "troops"};
constexpr input::Range kAdHd{0, 999, false, "hit dice"};
// A bonus to a d20 save; a multiplier of troops or of uhp (the book's: 2), which a table value of
// 1,000 uhp takes to at most 10,000.
constexpr input::Range kAdSaveBonus{-20, 20, false, "a bonus to a d20 save"};
constexpr input::Range kAdTimes{1, 10, false, "a multiplier"};
// The share of the damage a successful save leaves: none (0) to all of it (1).
constexpr input::Range kAdShare{0, 1, false, "a share of the damage"};
// Heroes take the damage of this many shots (the book: one), the sum of a shot's damage that many
// times: 10 shots of a 1,000 lb gun take 0.16 s of CPU (1,000 shots ran for minutes).
constexpr input::Range kAdHeroShots{1, 10, false, "shots"};

// [coverage]: the pieces the seed prints no table for.
void read_coverage(TableReader& top, const input::Document& doc, Diagnostics& d, ArtilleryRules& out) {
  if (const auto* t = top.table("coverage", Need::required)) {
    TableReader r(doc, *t, d, "[coverage]");
    r.note("types_with_table");
    r.note("source");
    if (const auto* a = r.array("types_without_table", Need::required))
      for (const auto& n : *a)
        if (auto s = n.value<std::string>()) out.types_without_table.push_back(*s);
    r.finish();
  }
}

// One [[damage_table.column]]: a unit HD column of uhp, one per troop band.
DamageColumn read_column(const input::Document& doc, const toml::table& ct, Diagnostics& d, size_t bands) {
  TableReader cr(doc, ct, d, "[[damage_table.column]]");
  DamageColumn col;
  col.label = req_string(cr, "hd_label");
  col.hd_min = req_int(cr, "hd_min", kAdHd);
  col.hd_max = req_int(cr, "hd_max", kAdHd);
  if (const auto* u = cr.array("uhp", Need::required))
    for (const auto& v : *u) col.uhp.push_back(int_element(doc, d, v, "uhp", kAdUhp).value_or(0));
  if (col.uhp.size() != bands) cr.error_at("uhp", "one uhp value per troop band expected");
  cr.finish();
  return col;
}

// Every [[damage_table]]: "<piece> Damage" (p. 37-40).
void read_tables(TableReader& top, const input::Document& doc, Diagnostics& d, ArtilleryRules& out) {
  if (const auto* arr = top.array("damage_table", Need::required)) {
    for (const auto& node : *arr) {
      const auto* t = node.as_table();
      if (!t) continue;
      TableReader r(doc, *t, d, "[[damage_table]]");
      DamageTable dt;
      dt.artillery = req_string(r, "artillery");
      dt.type = artillery::parse_type(req_string(r, "type")).value_or(artillery::Type::gun);
      dt.shot_lb = req_number(r, "shot_lb");
      dt.source = req_string(r, "source");
      if (const auto* bands = r.array("troop_bands", Need::required))
        for (const auto& b : *bands) {
          if (const auto* pair = b.as_array(); pair && pair->size() == 2) {
            dt.troop_bands.emplace_back(int_element(doc, d, *pair->get(0), "troop_bands", kAdTroops).value_or(1),
                                        int_element(doc, d, *pair->get(1), "troop_bands", kAdTroops).value_or(1));
          } else {
            const SourcePos p = doc.pos(b);
            d.error(p, "each of 'troop_bands' must be a pair [fewest, most] of troops", doc.line(p));
          }
        }
      if (const auto* cols = r.array("column", Need::required))
        for (const auto& c : *cols)
          if (const auto* ct = c.as_table()) dt.columns.push_back(read_column(doc, *ct, d, dt.troop_bands.size()));
      r.finish();
      out.tables.push_back(std::move(dt));
    }
  }
}

// [rules.*]: cavalry, HD columns, saves, enfilade and heroes (p. 37-40).
void read_damage_rules(TableReader& top, const input::Document& doc, Diagnostics& d, ArtilleryRules& out) {
  if (const auto* rules = top.table("rules", Need::required)) {
    TableReader rr(doc, *rules, d, "[rules]");
    auto& g = out.damage;
    auto sub = [&](const char* name, const auto& fn) {
      if (const auto* t = rr.table(name, Need::required)) {
        TableReader r(doc, *t, d, std::string("[rules.") + name + "]");
        r.note("text");
        fn(r);
        r.finish();
      }
    };
    sub("cavalry_double_troops", [&](TableReader& r) {
      g.cavalry_troop_multiplier = req_int(r, "troop_multiplier", kAdTimes);
      g.units_source = req_string(r, "source");
    });
    sub("hd_plus_rounds_up", [&](TableReader& r) {
      g.plus_hd_uses_next_column = req_bool(r, "plus_hd_uses_next_column");
      g.minus_hd_uses_first_column = req_bool(r, "minus_hd_uses_first_column");
      r.note("source");
    });
    sub("unit_save", [&](TableReader& r) {
      r.string("save", Need::required, {"blast"});
      g.unit_direct_success_factor = r.number("direct_hit_success_factor", Need::required, kAdShare).value_or(0);
      g.unit_other_success_factor = r.number("other_success_factor", Need::required, kAdShare).value_or(0);
      r.note("halving_rounding");
      r.note("source");
    });
    sub("unit_fortified", [&](TableReader& r) {
      g.unit_fortified_bonus = req_int(r, "save_bonus", kAdSaveBonus);
      r.note("source");
    });
    sub("enfilade", [&](TableReader& r) {
      g.enfilade_multiplier = req_int(r, "uhp_multiplier", kAdTimes);
      g.enfilade_save_allowed = req_bool(r, "save_still_allowed");
      g.enfilade_source = req_string(r, "source");
    });
    sub("hero_damage", [&](TableReader& r) {
      g.hero_shots = req_int(r, "shots", kAdHeroShots);
      r.note("damage_from");
      g.heroes_source = req_string(r, "source");
    });
    sub("hero_save", [&](TableReader& r) {
      r.string("save", Need::required, {"blast"});
      g.hero_direct_success_factor = r.number("direct_hit_success_factor", Need::required, kAdShare).value_or(0);
      g.hero_other_success_factor = r.number("other_success_factor", Need::required, kAdShare).value_or(0);
      r.note("halving_rounding");
      r.note("source");
    });
    sub("hero_fortified", [&](TableReader& r) {
      g.hero_fortified_bonus = req_int(r, "save_bonus", kAdSaveBonus);
      r.note("source");
    });
    sub("hero_close_hit_or_scatter", [&](TableReader& r) {
      g.hero_close_or_scatter_bonus = req_int(r, "save_bonus", kAdSaveBonus);
      r.note("source");
    });
    sub("troops_above_band", [&](TableReader& r) { r.note("source"); });
    rr.finish();
  }
}

// A damage table's rows and columns, checked whole so that a bound changed alone is refused: the
// troop bands, in the printed order (61 to 120 down to 1 to 4), each end one troop below where
// the band above starts, the last at 1 troop; the HD columns, ascending, start at 0 HD (the first
// also takes units of less than 1 HD), each one HD past the column before, and the last is
// open-ended ("+": hd_max 999).
void check_damage_table(const input::Document& doc, const DamageTable& t, Diagnostics& d) {
  auto fail = [&](const std::string& why) {
    d.error(SourcePos{doc.name, 1, 1}, "[[damage_table]] " + t.artillery + ": " + why);
  };
  if (t.troop_bands.empty() || t.columns.empty()) fail("a damage table has troop bands and HD columns");
  for (size_t i = 0; i < t.troop_bands.size(); ++i) {
    const auto [lo, hi] = t.troop_bands[i];
    const std::string band = "troop band " + std::to_string(lo) + " to " + std::to_string(hi);
    if (lo > hi) fail(band + ": its first figure is above its last");
    if (i > 0 && hi + 1 != t.troop_bands[i - 1].first)
      fail(band + " does not end one troop below the band before, which starts at " +
           std::to_string(t.troop_bands[i - 1].first) + " (the bands cover every count once, largest first)");
    if (i + 1 == t.troop_bands.size() && lo != 1) fail(band + ": the last band starts at 1 troop");
  }
  constexpr int kOpenEnded = 999;  // the "+" column's hd_max (data/artillery_damage.toml's header)
  for (size_t i = 0; i < t.columns.size(); ++i) {
    const DamageColumn& c = t.columns[i];
    const std::string col =
        "column " + c.label + " (" + std::to_string(c.hd_min) + " to " + std::to_string(c.hd_max) + " HD)";
    if (c.hd_min > c.hd_max) fail(col + ": hd_min is above hd_max");
    if (i == 0 && c.hd_min != 0) fail(col + ": the first column starts at 0 HD (it takes units of less than 1 HD)");
    if (i > 0 && c.hd_min != t.columns[i - 1].hd_max + 1)
      fail(col + " does not start one HD past the column before, which ends at " +
           std::to_string(t.columns[i - 1].hd_max) + " HD (the columns cover every HD once)");
    if (i + 1 == t.columns.size() && c.hd_max != kOpenEnded)
      fail(col + ": the last column is open-ended (hd_max " + std::to_string(kOpenEnded) + ")");
  }
}

void read_damage(const input::Document& doc, Diagnostics& d, ArtilleryRules& out) {
  TableReader top(doc, doc.root, d, "artillery_damage.toml");
  read_coverage(top, doc, d, out);
  read_tables(top, doc, d, out);
  read_damage_rules(top, doc, d, out);
  if (d.empty())
    for (const auto& t : out.tables) check_damage_table(doc, t, d);
  top.note("example");  // worked examples: test figures, read by the tests
  top.finish();
}

}  // namespace
}  // namespace gunpowder::fire

// The rules point to the artillery catalogue; a snapshot of them gets it from its loader again.
template <>
struct gunpowder::data::snapshot::Link<gunpowder::artillery::Catalogue> {
  static const artillery::Catalogue* get(const data::Tables& tables) {
    auto cat = artillery::load_catalogue(tables);
    return cat ? *cat : nullptr;
  }
};

namespace gunpowder::fire {
namespace {

Expected<ArtilleryRules> build_artillery_damage(const data::Tables& t) {
  auto cat = artillery::load_catalogue(t);
  if (!cat) return cat.error();
  ArtilleryRules out;
  out.catalogue = *cat;
  auto attack = artillery::load_attack_results(t);
  if (!attack) return attack.error();
  out.results = (*attack)->results;
  out.scatter = (*attack)->scatter;
  Diagnostics d;
  auto dmg = data::load(t, "artillery_damage.toml");
  if (!dmg) return dmg.error();
  read_damage(*dmg, d, out);
  if (!d.empty()) return data::as_internal(t, d);
  return out;
}

// The module's snapshot section (data/snapshot.hpp): registered here, built once per data::Tables.
const data::snapshot::Section<ArtilleryRules> kArtilleryDamageSection{"fire.artillery_damage", &build_artillery_damage};

}  // namespace

const DamageTable* ArtilleryRules::table_for(artillery::Type t, double shot_lb) const {
  for (const auto& dt : tables)
    if (dt.type == t && dt.shot_lb == shot_lb) return &dt;
  return nullptr;
}

Expected<const ArtilleryRules*> load_artillery_rules(const data::Tables& tables) {
  return data::pointer_to(kArtilleryDamageSection.get(tables));
}

}  // namespace gunpowder::fire
