// siege_data.cpp - loads the siege tables: data/siege_duration.toml (every key) and
// data/structures.toml (every key). The rest of siege::Rules comes from the loaders of the
// modules that own the other files: the duel and spiking rules and the rounds in a day
// (artillery), gates, doors and the cannon loss (fire: broadside.toml), the siege engine ids
// (siege_machine_data.cpp). The embedded tables are part of the program: any error is internal
// (exit 70).
#include <algorithm>
#include <utility>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/lookup.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/data/snapshot.hpp"
#include "gunpowder/fire/broadside.hpp"
#include "gunpowder/input/reader.hpp"
#include "gunpowder/siege/siege.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "gunpowder/siege/structures.hpp"
#include "read_parts.hpp"

// The duel rules extend the artillery module's: their snapshot is the base's fields, then the day's rounds.
template <>
struct gunpowder::data::snapshot::Fields<gunpowder::siege::DuelRules> {
  template <class T, class V>
  static void visit(T& t, V& v) {
    using Base = std::conditional_t<std::is_const_v<T>, const artillery::DuelRules, artillery::DuelRules>;
    v(static_cast<Base&>(t));
    v(t.rounds_per_day);
  }
};

namespace gunpowder::siege {

using input::Need;
using input::TableReader;

const SiteMultiplier* DurationTables::site(const std::string& key) const {
  return lookup::find(sites, [&](const auto& s) { return s.key == key; });
}

const SiegeStructure* DurationTables::structure(const std::string& key) const {
  return lookup::find(structures, [&](const auto& s) { return s.key == key; });
}

const StructureRules::Material* StructureRules::material(const std::string& key) const {
  return lookup::find(materials, [&](const auto& m) { return m.key == key; });
}

namespace {

/// The most days a cell of the Duration of Siege table may give (a siege's schedule holds a figure
/// a day): 100,000, some 270 years; the book's largest cell is far below.
constexpr std::int64_t kMaxSiegeDays = 100'000;

/// A Duration of Siege row's cells: each days (0: captured without a fight, at most kMaxSiegeDays:
/// a siege's schedule holds a figure a day) or the dash, stored as `not_by_assault`. A bad cell is
/// reported once for the row and kept as the dash, so that the row's count of cells stays right.
void read_days(const input::Document& doc, const toml::array& days, int not_by_assault, Diagnostics& d,
               std::vector<int>& out) {
  bool bad = false;
  for (const auto& n : days) {
    const auto cell = n.as_integer() ? std::optional(n.as_integer()->get()) : std::nullopt;
    const bool dash = cell && *cell == not_by_assault && not_by_assault < 0;
    if (cell && (dash || (*cell >= 0 && *cell <= kMaxSiegeDays))) {
      out.push_back(static_cast<int>(*cell));
      continue;
    }
    out.push_back(not_by_assault);
    if (std::exchange(bad, true)) continue;
    const SourcePos at = doc.pos(n);
    d.error(at,
            "a cell is a whole number of days from 0 to " + fmtnum::grouped(kMaxSiegeDays) + " or not_by_assault (" +
                std::to_string(not_by_assault) + ", the printed dash), got " +
                (cell ? std::to_string(*cell) : std::string("a value that is not a whole number")),
            doc.line(at));
  }
}

int integer(TableReader& r, std::string_view key) { return static_cast<int>(r.integer(key, Need::required).value_or(0)); }
double num(TableReader& r, std::string_view key) { return r.number(key, Need::required).value_or(0); }
std::string str(TableReader& r, std::string_view key) { return r.string(key, Need::required).value_or(""); }

// Calls fn on every table of the array `key` (with its own reader, finished afterwards).
template <typename Fn>
void each_row(const input::Document& doc, TableReader& parent, std::string_view key, Diagnostics& d, const char* what,
              Fn fn) {
  const toml::array* a = parent.array(key, Need::required);
  if (!a) return;
  for (const auto& n : *a) {
    const toml::table* t = n.as_table();
    if (!t) {
      parent.error_at(key, std::string("every entry of '") + std::string(key) + "' must be a table");
      continue;
    }
    TableReader r(doc, *t, d, what);
    fn(r);
    r.finish();
  }
}

void read_example_pieces(const input::Document& doc, TableReader& r, std::string_view key, Diagnostics& d,
                         std::vector<ExamplePiece>& out) {
  each_row(doc, r, key, d, "example artillery", [&](TableReader& e) {
    ExamplePiece p;
    p.piece = str(e, "piece");
    p.count = integer(e, "count");
    p.bonus_units_each = integer(e, "bonus_units_each");
    out.push_back(p);
  });
}

// [advantage_band] and [duration]: the Duration of Siege table.
void read_duration_table(const input::Document& doc, TableReader& top, Diagnostics& d, DurationTables& t) {
  if (const auto* a = top.table("advantage_band", Need::required)) {
    TableReader r(doc, *a, d, "[advantage_band]");
    t.source = str(r, "source");
    r.note("title");
    int expect = 0;
    each_row(doc, r, "rows", d, "[[advantage_band.rows]]", [&](TableReader& e) {
      AdvantageBand b;
      if (integer(e, "index") != expect) e.error_at("index", "advantage bands must be listed in index order");
      ++expect;
      b.min = integer(e, "min");
      if (auto mx = e.integer("max", Need::optional)) b.max = static_cast<int>(*mx);
      b.label = str(e, "label");
      // The columns cover every advantage from the first on, each once: a column starts where
      // the one before ends, and only the last is open ("601+").
      if (!t.bands.empty()) {
        const auto& before = t.bands.back().max;
        if (!before)
          e.error_at("min", "only the last advantage band may be open-ended (no max)");
        else if (b.min != *before + 1)
          e.error_at("min", "an advantage band must start where the one before ends: min " +
                                std::to_string(*before + 1) + ", got " + std::to_string(b.min));
      }
      if (b.max && *b.max < b.min) e.error_at("max", "an advantage band's max must be at least its min");
      t.bands.push_back(b);
    });
    r.finish();
  }
  if (const auto* a = top.table("duration", Need::required)) {
    TableReader r(doc, *a, d, "[duration]");
    r.note("source");
    r.note("title");
    t.not_by_assault = integer(r, "not_by_assault");
    t.captured_without_fight = integer(r, "captured_without_fight");
    t.minimum_advantage = integer(r, "minimum_advantage");
    if (t.not_by_assault >= 0)
      r.error_at("not_by_assault",
                 "not_by_assault stands for the printed dash: it must be below 0, where no number of days is");
    if (!t.bands.empty() && t.bands.front().min != t.minimum_advantage)
      r.error_at("minimum_advantage",
                 "the first advantage band (" + t.bands.front().label + ") must start at minimum_advantage");
    each_row(doc, r, "rows", d, "[[duration.rows]]", [&](TableReader& e) {
      DurationRow row;
      // (As large as a stronghold an input may give.)
      const input::Range shp{0, reading::kMaxShp, false, "structural hit points"};
      const auto shp_min = e.integer("shp_min", Need::required, shp);
      const auto shp_max = e.integer("shp_max", Need::required, shp);
      row.shp_min = static_cast<int>(shp_min.value_or(0));
      row.shp_max = static_cast<int>(shp_max.value_or(0));
      row.open_ended = e.boolean("open_ended", Need::required).value_or(false);
      row.label = str(e, "label");
      if (const auto* days = e.array("days", Need::required)) read_days(doc, *days, t.not_by_assault, d, row.days);
      if (!shp_min || !shp_max) return;  // (a bound refused: no order to check)
      // The rows cover every shp from 0 up, each once: a row starts where the one before ends,
      // and only the last also takes every larger shp ("... and more").
      const int from = t.rows.empty() ? 0 : t.rows.back().shp_max + 1;
      if (row.shp_min != from)
        e.error_at("shp_min", "a row must start where the one before ends: shp_min " + std::to_string(from) + ", got " +
                                  std::to_string(row.shp_min));
      if (row.shp_max < row.shp_min) e.error_at("shp_max", "a row's shp_max must be at least its shp_min");
      t.rows.push_back(std::move(row));
    });
    for (size_t i = 0; i < t.rows.size(); ++i)
      if (t.rows[i].open_ended != (i + 1 == t.rows.size()))
        r.error_at("rows", "the last row, and only the last, is open_ended (it takes every larger shp): row " +
                               t.rows[i].label + (t.rows[i].open_ended ? " is" : " is not"));
    r.finish();
  }
}

// [duration_rules], [site_multiplier], [stronghold_estimate] and [breach].
void read_duration_rules(const input::Document& doc, TableReader& top, Diagnostics& d, DurationTables& t) {
  if (const auto* a = top.table("duration_rules", Need::required)) {
    TableReader r(doc, *a, d, "[duration_rules]");
    r.note("source");
    r.note("title");
    t.progress_proportional = r.boolean("progress_proportional", Need::required).value_or(true);
    r.finish();
  }
  if (const auto* a = top.table("site_multiplier", Need::required)) {
    TableReader r(doc, *a, d, "[site_multiplier]");
    r.note("source");
    r.note("title");
    each_row(doc, r, "rows", d, "[[site_multiplier.rows]]", [&](TableReader& e) {
      SiteMultiplier s;
      s.key = str(e, "key");
      s.site = str(e, "site");
      s.multiplier = integer(e, "multiplier");
      t.sites.push_back(s);
    });
    r.finish();
  }
  if (const auto* a = top.table("stronghold_estimate", Need::required)) {
    TableReader r(doc, *a, d, "[stronghold_estimate]");
    r.note("source");
    r.note("title");
    t.stone_gp_per_shp = num(r, "stone_gp_per_shp");
    r.string("stone_rounding", Need::required, {"up"});
    t.wood_fraction_of_stone = num(r, "wood_fraction_of_stone");
    r.finish();
  }
  if (const auto* a = top.table("breach", Need::required)) {
    TableReader r(doc, *a, d, "[breach]");
    t.breach_source = str(r, "source");
    r.note("title");
    t.shp_per_breach = integer(r, "shp_per_breach");
    r.finish();
  }
}

// [siege_structure] and the worked examples.
void read_structures_and_examples(const input::Document& doc, TableReader& top, Diagnostics& d, DurationTables& t) {
  if (const auto* a = top.table("siege_structure", Need::required)) {
    TableReader r(doc, *a, d, "[siege_structure]");
    r.note("source");
    r.note("title");
    each_row(doc, r, "rows", d, "[[siege_structure.rows]]", [&](TableReader& e) {
      SiegeStructure s;
      s.key = str(e, "key");
      s.name = str(e, "name");
      s.shp = integer(e, "shp");
      t.structures.push_back(s);
    });
    r.finish();
  }
  each_row(doc, top, "example", d, "[[example]]", [&](TableReader& e) {
    DurationExample x;
    x.source = str(e, "source");
    x.description = str(e, "description");
    x.besieger_units = integer(e, "besieger_units");
    x.defender_units = integer(e, "defender_units");
    read_example_pieces(doc, e, "besieger_artillery", d, x.besieger_artillery);
    read_example_pieces(doc, e, "defender_artillery", d, x.defender_artillery);
    x.besieger_total = integer(e, "besieger_total");
    x.defender_total = integer(e, "defender_total");
    x.unit_advantage = integer(e, "unit_advantage");
    x.stronghold_shp = integer(e, "stronghold_shp");
    x.expected_days = integer(e, "expected_days");
    e.note("note");
    t.examples.push_back(std::move(x));
  });
}

void read_duration(const input::Document& doc, Diagnostics& d, DurationTables& t) {
  TableReader top(doc, doc.root, d, "siege_duration.toml");
  read_duration_table(doc, top, d, t);
  read_duration_rules(doc, top, d, t);
  read_structures_and_examples(doc, top, d, t);
  top.finish();
  // Consistency the look-up relies on.
  for (const auto& row : t.rows)
    if (row.days.size() != t.bands.size())
      d.error({doc.name}, "a [[duration.rows]] entry (" + row.label + ") has " + std::to_string(row.days.size()) +
                              " cells for " + std::to_string(t.bands.size()) + " advantage bands");
}

void read_structures(const input::Document& doc, Diagnostics& d, StructureRules& s) {
  TableReader top(doc, doc.root, d, "structures.toml");
  if (const auto* a = top.table("strength_rules", Need::required)) {
    TableReader r(doc, *a, d, "[strength_rules]");
    s.source = str(r, "source");
    r.note("title");
    s.level_height_in = num(r, "level_height_in");
    s.section_length_in = num(r, "section_length_in");
    s.round_factor = integer(r, "round_factor");
    s.round_factor_may_be_pi = r.boolean("round_factor_may_be_pi", Need::required).value_or(false);
    s.round_up_multiple = integer(r, "round_up_multiple");
    r.finish();
  }
  if (const auto* a = top.table("shape", Need::required)) {
    TableReader r(doc, *a, d, "[shape]");
    r.note("source");
    r.note("title");
    // The shapes are checked against what the code implements: the product of the listed inputs,
    // with the round constant and the wall's length cap taken from [strength_rules].
    each_row(doc, r, "rows", d, "[[shape.rows]]", [&](TableReader& e) {
      const auto shape = e.string("key", Need::required, shape_names());
      std::vector<std::string> inputs;
      if (const auto* in = e.array("inputs", Need::required))
        for (const auto& n : *in) inputs.push_back(n.value<std::string>().value_or(""));
      const int constant = integer(e, "constant");
      const auto cap = e.number("length_cap_in", Need::optional);
      e.note("formula");
      if (!shape) return;  // refused with the shapes allowed
      using In = std::vector<std::string>;
      bool ok = false;
      switch (*parse_shape(*shape)) {
        case Shape::rectangular:
          ok = inputs == In{"length_in", "width_in", "height_levels"} && constant == 1 && !cap;
          break;
        case Shape::round:
          ok = inputs == In{"diameter_in", "height_levels"} && constant == s.round_factor && !cap;
          break;
        case Shape::wall:
          ok = inputs == In{"length_in", "height_levels"} && constant == 1 && cap && *cap == s.section_length_in;
          break;
      }
      if (!ok) e.error_at("key", "shape '" + *shape + "' does not match the strength-point rules the code implements");
    });
    r.finish();
  }
  if (const auto* a = top.table("material", Need::required)) {
    TableReader r(doc, *a, d, "[material]");
    r.note("source");
    r.note("title");
    each_row(doc, r, "rows", d, "[[material.rows]]", [&](TableReader& e) {
      StructureRules::Material m;
      m.key = str(e, "key");
      m.factor = integer(e, "factor");
      m.description = str(e, "description");
      s.materials.push_back(m);
    });
    r.finish();
  }
  // Worked examples: read by the tests, not by the rules (a rules file may not change them).
  top.note("example");
  each_row(doc, top, "example", d, "[[example]]", [&](TableReader& e) {
    StructureRules::Example x;
    e.note("source");
    x.description = str(e, "description");
    x.shape = str(e, "shape");
    x.material_factor = integer(e, "material_factor");
    x.length_in = e.number("length_in", Need::optional);
    x.width_in = e.number("width_in", Need::optional);
    x.diameter_in = e.number("diameter_in", Need::optional);
    x.height_levels = num(e, "height_levels");
    e.note("printed_expression");
    x.printed_points = integer(e, "printed_points");
    x.formula_points = integer(e, "formula_points");
    x.expected_points = integer(e, "expected_points");
    x.contradiction = e.boolean("contradiction", Need::required).value_or(false);
    e.note("note");
    s.examples.push_back(std::move(x));
  });
  top.finish();
}

// Gates and doors, and the cannon a damaged structure loses: the fire module's broadside.toml.
Expected<bool> take_broadside(const data::Tables& t, StructureRules& s) {
  auto bs = fire::load_broadside(t);
  if (!bs) return bs.error();
  s.gate_door_source = (*bs)->gate_door_source;
  s.gate_door_range = (*bs)->gate_door_band;
  s.breach_hands = (*bs)->gate_door;
  s.cannon_loss_source = (*bs)->cannon_loss_source;
  for (const auto& [damage, lost] : (*bs)->cannon_loss) s.cannon_loss.push_back({damage, lost});
  std::sort(s.cannon_loss.begin(), s.cannon_loss.end(),
            [](const auto& a, const auto& b) { return a.damage_fraction < b.damage_fraction; });
  return true;
}

// The duel and spiking rules and the rounds in a day (artillery.toml, the artillery module's).
Expected<bool> take_duel(const data::Tables& t, DuelRules& duel) {
  auto rules = artillery::load_duel_rules(t);
  if (!rules) return rules.error();
  auto cat = artillery::load_catalogue(t);
  if (!cat) return cat.error();
  static_cast<artillery::DuelRules&>(duel) = **rules;
  duel.rounds_per_day = static_cast<int>((*cat)->design.rof_rounds_per_day);
  return true;
}

// The siege engines an input may name: the Siege Machine's [[equipment]] ids.
Expected<bool> take_engine_types(const data::Tables& t, std::vector<std::string>& out) {
  auto sm = load_siege_machine_rules(t);
  if (!sm) return sm.error();
  for (const auto& e : (*sm)->equipment) out.push_back(e.id);
  return true;
}

Expected<Rules> build_siege(const data::Tables& t) {
  Rules rules;
  Diagnostics d;
  auto duration = data::load(t, "siege_duration.toml");
  if (!duration) return duration.error();
  read_duration(*duration, d, rules.duration);
  auto st = data::load(t, "structures.toml");
  if (!st) return st.error();
  read_structures(*st, d, rules.structures);
  if (!d.empty()) return data::as_internal(t, d);
  if (auto ok = take_duel(t, rules.duel); !ok) return ok.error();
  if (auto ok = take_broadside(t, rules.structures); !ok) return ok.error();
  if (auto ok = take_engine_types(t, rules.engine_types); !ok) return ok.error();
  return rules;
}

// The module's snapshot section (data/snapshot.hpp): registered here, built once per data::Tables.
const data::snapshot::Section<Rules> kSiegeSection{"siege", &build_siege};

}  // namespace

Expected<const Rules*> load_rules(const data::Tables& tables) { return data::pointer_to(kSiegeSection.get(tables)); }

}  // namespace gunpowder::siege
