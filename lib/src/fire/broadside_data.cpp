// broadside_data.cpp - the one loader of data/broadside.toml (seed 001 cannon fire), for fire-odds
// and for the siege module's gates, doors and cannon loss. A broken embedded table is an internal
// error (exit 70).
#include <algorithm>
#include <vector>

#include "gunpowder/core/lookup.hpp"
#include "gunpowder/core/spelling.hpp"
#include "gunpowder/data/data.hpp"
#include "gunpowder/data/snapshot.hpp"
#include "gunpowder/fire/broadside.hpp"
#include "gunpowder/input/reader.hpp"
#include "read_tables.hpp"

namespace gunpowder::fire {

using input::Need;
using input::TableReader;

const std::vector<std::string>& hand_shape_names() {
  static const std::vector<std::string> names = {
      "pair", "two_pair", "three_of_a_kind", "full_house", "straight", "four_of_a_kind", "poker"};
  return names;
}
const std::vector<std::string>& dice_condition_names() {
  static const std::vector<std::string> names = {"target_in_formation", "firing_platform_still", "ship_turned"};
  return names;
}
const std::vector<std::string>& save_condition_names() {
  static const std::vector<std::string> names = {"long_range", "large_ship_from_small", "good_cover", "strong_cover"};
  return names;
}
const std::vector<std::string>& broadside_band_names() {
  static const std::vector<std::string> names = {"long", "short", "point_blank"};
  return names;
}
const std::string& band_key(BroadsideBand b) { return broadside_band_names()[static_cast<size_t>(b)]; }
const std::vector<std::string>& breach_names() {
  static const std::vector<std::string> names = {"door", "gate"};
  return names;
}

namespace {

auto none = [](TableReader&) {};

// The declared ranges of the table's whole numbers (docs/house-rules.md, "Ranges"), each bounding
// what a rule does with it.
// Inches on the table: a cannon type's range bands.
constexpr input::Range kBsInches{0, 10000, false, "inches"};
// Men of a crew, and the cannon of a group: at most the 100 cannon a request fires (--cannon).
constexpr input::Range kBsMen{1, 1000, false, "men"};
constexpr input::Range kBsGroup{1, 100, false, "the most cannon a request fires"};
constexpr input::Range kBsTurns{1, 100, false, "turns"};
// Re-rolls: each is a round of play with --reroll-mode rounds (100 take 0.15 s). A condition's
// change of the dice: at most ten either way (a pool throws at most five, the rest re-rolls).
constexpr input::Range kBsRerolls{0, 100, false, "re-rolls"};
constexpr input::Range kBsDiceDelta{-10, 10, false, "a change of the dice"};
// A hand's figures: at most what one hand may deal (kMaxHandFigure; the book's largest is 48).
constexpr input::Range kBsHandFigure{0, kMaxHandFigure, false, "points, knockdowns or wounds of a hand"};
// A rank orders the hands; a roll or a modifier of a die of at most 100 faces.
constexpr input::Range kBsRank{1, 100, false, "a rank"};
constexpr input::Range kBsRoll{1, 100, false, "a roll of the die"};
constexpr input::Range kBsRollModifier{-100, 100, false, "a modifier of the die"};

// The key of a row that names a closed kind: one of `names`, else an error listing them.
template <class Kind>
std::optional<Kind> kind_key(TableReader& r, const std::vector<std::string>& names, std::string* key = nullptr) {
  const auto k = r.string("key", Need::required, names);
  if (key) *key = k.value_or("");
  return k ? kind_named<Kind>(names, *k) : std::nullopt;
}

// Firing (seed 001): cannon types, crews, dice pools and their modifiers, the poker hands.
void read_firing(TableReader& top, const input::Document& doc, Diagnostics& d, BroadsideRules& b) {
  read_table(
      top, doc, d, "damage_order", [](TableReader& r) { r.note("source"); },
      [](TableReader& r) {
        for (const char* k : {"family", "weapon"}) r.note(k);
      });
  auto ranges_source = [&](TableReader& r) { b.source_ranges = req_string(r, "source"); };
  read_table(top, doc, d, "cannon_type", ranges_source, [&](TableReader& r) {
    CannonType c;
    c.key = req_string(r, "key");
    c.name = req_string(r, "name");
    c.point_blank_max_in = req_int(r, "point_blank_max_in", kBsInches);
    c.short_max_in = req_int(r, "short_max_in", kBsInches);
    c.long_max_in = req_int(r, "long_max_in", kBsInches);
    // The bands follow one another from the muzzle: a range is in the first band it does not pass.
    if (c.short_max_in <= c.point_blank_max_in)
      r.pair_error("point_blank_max_in", "short_max_in",
                   "the ranges must grow: point_blank_max_in (" + std::to_string(c.point_blank_max_in) +
                       ") must be less than short_max_in (" + std::to_string(c.short_max_in) + ")");
    else if (c.long_max_in <= c.short_max_in)
      r.pair_error("short_max_in", "long_max_in",
                   "the ranges must grow: short_max_in (" + std::to_string(c.short_max_in) +
                       ") must be less than long_max_in (" + std::to_string(c.long_max_in) + ")");
    c.min_crew = req_int(r, "min_crew", kBsMen);
    b.cannon_types.push_back(c);
  });
  read_table(
      top, doc, d, "crew_rate", [](TableReader& r) { r.note("source"); },
      [&](TableReader& r) {
        CrewRate c;
        c.cannon_type = req_string(r, "cannon_type");
        c.crew_min = req_int(r, "crew_min", kBsMen);
        if (auto m = r.integer("crew_max", Need::optional, kBsMen)) c.crew_max = static_cast<int>(*m);
        c.fires_every_turns = req_int(r, "fires_every_turns", kBsTurns);
        b.crew_rates.push_back(c);
      });
  read_table(
      top, doc, d, "dice_pool",
      [&](TableReader& r) {
        b.source_firing = req_string(r, "source");
        b.max_group_size = req_int(r, "max_group_size", kBsGroup);
        // Hands are read from at most kMaxPool dice (broadside.cpp): more, from house rules, is refused.
        b.max_dice = static_cast<int>(r.integer("max_dice", Need::required, {1, kMaxPool}).value_or(0));
      },
      [&](TableReader& r) {
        PoolRow p;
        p.cannon_count = req_int(r, "cannon_count", kBsGroup);
        p.cannon_type = req_string(r, "cannon_type");
        p.dice = req_int(r, "dice");
        p.rerolls = req_int(r, "rerolls", kBsRerolls);
        b.pools.push_back(p);
      });
  read_table(
      top, doc, d, "dice_modifier", [](TableReader& r) { r.note("source"); },
      [&](TableReader& r) {
        DiceModifier m;
        m.when = kind_key<DiceCondition>(r, dice_condition_names(), &m.key).value_or(m.when);
        m.delta = req_int(r, "dice_delta", kBsDiceDelta);
        m.condition = req_string(r, "condition");
        b.dice_modifiers.push_back(m);
      });
  read_table(
      top, doc, d, "hand", [](TableReader& r) { r.note("source"); },
      [&](TableReader& r) {
        Hand h;
        const auto shape = kind_key<HandShape>(r, hand_shape_names(), &h.key);
        h.name = req_string(r, "name");
        h.rank = req_int(r, "rank", kBsRank);
        r.note("definition");
        if (!shape) return;  // refused with the hands allowed
        h.shape = *shape;
        b.hands.push_back(h);
      });
}

// Cannon Fire Results (seed 001): one row per hand (kept by hand key in `results`), range bands,
// formed-up parties and casualties.
void read_results(TableReader& top, const input::Document& doc, Diagnostics& d, BroadsideRules& b,
                  std::vector<std::pair<std::string, FireResult>>& results) {
  read_table(
      top, doc, d, "fire_result", [&](TableReader& r) { b.source_results = req_string(r, "source"); },
      [&](TableReader& r) {
        FireResult f;
        const std::string hand = req_string(r, "hand");
        f.structural_long = req_int(r, "structural_long", kBsHandFigure);
        f.structural_short = req_int(r, "structural_short", kBsHandFigure);
        f.k_long = req_int(r, "knockdowns_long", kBsHandFigure);
        f.w_long = req_int(r, "wounds_long", kBsHandFigure);
        f.k_short = req_int(r, "knockdowns_short", kBsHandFigure);
        f.w_short = req_int(r, "wounds_short", kBsHandFigure);
        f.text_long = req_string(r, "casualties_long_text");
        f.text_short = req_string(r, "casualties_short_text");
        results.emplace_back(hand, f);
      });
  auto bands_source = [&](TableReader& r) { b.source_bands = req_string(r, "source"); };
  read_table(top, doc, d, "range_band", bands_source, [&](TableReader& r) {
    RangeBandRule rb;
    kind_key<BroadsideBand>(r, broadside_band_names(), &rb.key);
    rb.uses_long = req_bool(r, "uses_long");
    rb.uses_short = req_bool(r, "uses_short");
    rb.raking_becomes = r.string("raking_becomes", Need::optional);
    b.bands.push_back(rb);
  });
  read_table(
      top, doc, d, "formed_up",
      [&](TableReader& r) {
        r.note("source");
        b.formed_up_band = req_string(r, "range_band");
        b.formed_up_multiplier = req_int(r, "casualty_multiplier");
      },
      none);
  read_table(
      top, doc, d, "casualty_allocation", [](TableReader& r) { r.note("source"); },
      [](TableReader& r) {
        r.allow("key");  // the rows' natural key
        for (const char* k : {"situation", "method"}) r.note(k);
      });
  read_table(
      top, doc, d, "casualty_rules",
      [&](TableReader& r) {
        r.note("source");
        b.wounds_per_knockdown = req_int(r, "wounds_per_knockdown", {0, 1000, false, "wounds"});
      },
      none);
}

// Saving throws and ammunition (seed 001).
void read_saves(TableReader& top, const input::Document& doc, Diagnostics& d, BroadsideRules& b) {
  read_table(
      top, doc, d, "saving_throw",
      [&](TableReader& r) {
        b.source_saves = req_string(r, "source");
        b.save_die_sides = req_int(r, "die_sides");
        b.save_natural_success = req_int(r, "natural_success", kBsRoll);
        b.save_natural_failure = req_int(r, "natural_failure", kBsRoll);
        // A natural roll is a face of the die ("a natural six always succeeds and a natural one
        // always fails").
        for (const auto& [k, v] : {std::pair<const char*, int>{"natural_success", b.save_natural_success},
                                   std::pair<const char*, int>{"natural_failure", b.save_natural_failure}}) {
          if (v < 1 || v > b.save_die_sides)
            r.error_at(k, std::string(k) + " must be a face of the d" + std::to_string(b.save_die_sides) + " (1 to " +
                              std::to_string(b.save_die_sides) + "), got " + std::to_string(v));
        }
        for (const char* k : {"saved_wound_becomes", "saved_knockdown_becomes"}) r.note(k);
      },
      [&](TableReader& r) { b.save_classes.emplace_back(req_string(r, "key"), req_int(r, "min_roll", kBsRoll)); });
  read_table(
      top, doc, d, "save_modifier", [](TableReader& r) { r.note("source"); },
      [&](TableReader& r) {
        SaveModifier m;
        m.when = kind_key<SaveCondition>(r, save_condition_names(), &m.key).value_or(m.when);
        m.modifier = req_int(r, "modifier", kBsRollModifier);
        m.condition = req_string(r, "condition");
        m.group = r.string("group", Need::optional).value_or("");
        b.save_modifiers.push_back(m);
      });
  read_table(
      top, doc, d, "ammunition", [&](TableReader& r) { b.source_ammunition = req_string(r, "source"); },
      [&](TableReader& r) {
        Ammunition a;
        a.key = req_string(r, "key");
        a.name = req_string(r, "name");
        a.short_range_only = req_bool(r, "short_range_only");
        a.structural_multiplier = req_number(r, "structural_multiplier");
        a.casualty_multiplier = req_int(r, "casualty_multiplier");
        a.starts_fires = req_bool(r, "starts_fires");
        a.aiming_high_extra_dice = req_int(r, "aiming_high_extra_dice");
        b.ammunition.push_back(a);
      });
}

// Aiming high, gates and doors, fancy shooting, fire and cannon lost (seed 001).
void read_special(TableReader& top, const input::Document& doc, Diagnostics& d, BroadsideRules& b) {
  read_table(
      top, doc, d, "aiming_high",
      [&](TableReader& r) {
        r.note("source");
        b.aim_damage_per_die = req_int(r, "damage_per_die", {1, kMaxHandFigure, false, "points"});
        b.aim_dismasted_hand = req_string(r, "dismasted_on_hand");
        b.aim_structural_multiplier = req_number(r, "structural_multiplier");
        b.aim_knockdowns_become_wounds = req_bool(r, "knockdowns_become_wounds");
        b.aim_wounds_ignored = req_bool(r, "wounds_ignored");
      },
      none);
  read_table(
      top, doc, d, "gate_door",
      [&](TableReader& r) {
        b.gate_door_source = req_string(r, "source");
        b.gate_door_band = req_string(r, "range_band");
      },
      [&](TableReader& r) {
        std::string key;
        const auto what = kind_key<Breach>(r, breach_names(), &key);
        b.gate_door.emplace_back(key, req_string(r, "min_hand"));
        (what == Breach::door ? b.door_hand : b.gate_hand) = b.gate_door.back().second;
      });
  read_table(
      top, doc, d, "fancy_shooting",
      [&](TableReader& r) {
        r.note("source");
        b.fancy_min_hand = req_string(r, "min_hand");
        b.fancy_min_hand_strong_cover = req_string(r, "min_hand_strong_cover");
        b.fancy_crew_save_wounds = req_int(r, "crew_save_wounds", {0, 1000, false, "wounds"});
      },
      none);
  read_table(
      top, doc, d, "fire",
      [&](TableReader& r) {
        b.source_fire = req_string(r, "source");
        b.fire_trigger_dice = req_int(r, "trigger_dice");
        r.string("trigger_on", Need::required, {"double"});
        b.fire_damage_die_sides = req_int(r, "damage_die_sides");
        b.fire_damage_divisor = req_int(r, "damage_divisor");
      },
      none);
  read_table(
      top, doc, d, "cannon_loss",
      [&](TableReader& r) {
        b.cannon_loss_source = req_string(r, "source");
        r.string("rounding", Need::required, {"up"});
      },
      [&](TableReader& r) {
        b.cannon_loss.emplace_back(req_number(r, "damage_fraction"), req_number(r, "cannon_lost_fraction"));
      });
}

// The results table must have one row per hand, in any order; when it has, the hands are sorted
// weakest first by rank, the results staying parallel.
void order_hands(const input::Document& doc, Diagnostics& d, BroadsideRules& b,
                 const std::vector<std::pair<std::string, FireResult>>& results) {
  for (const auto& h : b.hands) {
    bool found = false;
    for (const auto& [key, f] : results)
      if (key == h.key) {
        b.results.push_back(f);
        found = true;
      }
    if (!found) d.error(SourcePos{doc.name, 1, 1}, "no [[fire_result.rows]] for hand " + h.key);
  }
  if (!d.empty()) return;
  for (size_t i = 1; i < b.hands.size(); ++i)
    for (size_t j = i; j > 0 && b.hands[j].rank < b.hands[j - 1].rank; --j) {
      std::swap(b.hands[j], b.hands[j - 1]);
      std::swap(b.results[j], b.results[j - 1]);
    }
}

// The group sizes n + 1 whose count seen[n] passes `which`, as runs ("2, 6 to 100"), the first
// few runs only ("..." after them): an error's list, however large the table.
template <typename Which>
std::string group_sizes(const std::vector<int>& seen, const Which& which) {
  constexpr int kMostRuns = 5;
  std::string out;
  int runs = 0;
  for (size_t n = 0; n < seen.size(); ++n) {
    if (!which(seen[n])) continue;
    size_t last = n;
    while (last + 1 < seen.size() && which(seen[last + 1])) ++last;
    if (runs == kMostRuns) return out + ", ...";
    out += (out.empty() ? "" : ", ") + std::to_string(n + 1) + (last > n ? " to " + std::to_string(last + 1) : "");
    ++runs;
    n = last;
  }
  return out;
}

// "group size 2", "group sizes 2, 6 to 100".
std::string sizes_text(const std::string& sizes) {
  const bool many = sizes.find(',') != std::string::npos || sizes.find(" to ") != std::string::npos;
  return (many ? "group sizes " : "group size ") + sizes;
}

// Crew and Number of Dice to roll (seed 001), checked whole, so that a bound changed alone is
// refused: a cannon type's crew rows cover every crew from its min_crew up, once (each row starts
// where the one before ends, the last is open above); its dice rows are one per group size, 1 to
// max_group_size, and throw at most max_dice dice (the rest of a cell, "5+2", are re-rolls).
void check_crews_and_pools(const input::Document& doc, Diagnostics& d, const BroadsideRules& b) {
  auto fail = [&](const std::string& why) { d.error(SourcePos{doc.name, 1, 1}, why); };
  for (const auto& ct : b.cannon_types) {
    int next = ct.min_crew;
    bool open = false;
    for (const auto& c : b.crew_rates) {
      if (c.cannon_type != ct.key) continue;
      const std::string row = "[crew_rate] " + ct.key + " row from crew " + std::to_string(c.crew_min);
      if (open) fail(row + ": follows a row open above (only the last row has no crew_max)");
      if (c.crew_min != next)
        fail(row + ": starts at " + std::to_string(c.crew_min) + ", not " + std::to_string(next) +
             (next == ct.min_crew ? " (the cannon type's min_crew)" : " (one above the row before)"));
      if (c.crew_max && *c.crew_max < c.crew_min) fail(row + ": crew_max is below crew_min");
      open = !c.crew_max;
      next = c.crew_max.value_or(c.crew_min) + 1;
    }
    if (!open) fail("[crew_rate] " + ct.key + ": no row for the largest crews (the last row has no crew_max)");
    std::vector<int> seen(static_cast<size_t>(std::max(0, b.max_group_size)), 0);
    for (const auto& p : b.pools) {
      if (p.cannon_type != ct.key) continue;
      const std::string row = "[dice_pool] " + ct.key + " x" + std::to_string(p.cannon_count);
      if (p.cannon_count < 1 || p.cannon_count > b.max_group_size)
        fail(row + ": cannon_count must be 1 to max_group_size " + std::to_string(b.max_group_size));
      else
        ++seen[static_cast<size_t>(p.cannon_count - 1)];
      if (p.dice < 1 || p.dice > b.max_dice)
        fail(row + ": dice " + std::to_string(p.dice) + " must be 1 to max_dice " + std::to_string(b.max_dice) +
             " (more are re-rolls)");
    }
    // One error for the group sizes without a row, one for those of more than one (however many).
    const std::string missing = group_sizes(seen, [](int n) { return n == 0; });
    if (!missing.empty())
      fail("[dice_pool] " + ct.key + ": no row for " + sizes_text(missing) +
           " (one per group size, 1 to max_group_size " + std::to_string(b.max_group_size) + ")");
    const std::string doubled = group_sizes(seen, [](int n) { return n > 1; });
    if (!doubled.empty())
      fail("[dice_pool] " + ct.key + ": more than one row for " + sizes_text(doubled) +
           " (one per group size, 1 to max_group_size " + std::to_string(b.max_group_size) + ")");
  }
}

Expected<BroadsideRules> build_broadside(const data::Tables& t) {
  auto doc_or = data::load(t, "broadside.toml");
  if (!doc_or) return doc_or.error();
  const input::Document& doc = *doc_or;
  BroadsideRules b;
  Diagnostics d;
  TableReader top(doc, doc.root, d, "broadside.toml");
  std::vector<std::pair<std::string, FireResult>> results;
  read_firing(top, doc, d, b);
  read_results(top, doc, d, b, results);
  read_saves(top, doc, d, b);
  read_special(top, doc, d, b);
  top.note("example");
  top.finish();
  order_hands(doc, d, b, results);
  // The whole-table checks read what the rows gave: after an error there (max_dice refused and read
  // as 0), they would only repeat it row by row.
  if (d.empty()) check_crews_and_pools(doc, d, b);
  for (const auto& band : broadside_band_names())
    if (!b.band(band)) d.error(SourcePos{doc.name, 1, 1}, "no [[range_band.rows]] for the " + band + " band");
  if (!d.empty()) return data::as_internal(t, d);
  return b;
}

// The module's snapshot section (data/snapshot.hpp): registered here, built once per data::Tables.
const data::snapshot::Section<BroadsideRules> kBroadsideSection{"fire.broadside", &build_broadside};

}  // namespace

std::optional<size_t> BroadsideRules::hand_index(const std::string& key) const {
  for (size_t i = 0; i < hands.size(); ++i)
    if (suite_spelling(hands[i].key) == suite_spelling(key)) return i;
  return std::nullopt;
}
const CannonType* BroadsideRules::cannon_type(const std::string& key) const {
  return lookup::find(cannon_types, [&](const auto& c) { return c.key == key; });
}
const Ammunition* BroadsideRules::ammo(const std::string& key) const {
  // "round" names round_shot, as "chain" chain_shot: the book's "round shot", "chain shot".
  return lookup::find(ammunition, [&](const auto& a) { return a.key == key || a.key == key + "_shot"; });
}
const RangeBandRule* BroadsideRules::band(const std::string& key) const {
  return lookup::find(bands, [&](const auto& rb) { return rb.key == key; });
}

Expected<const BroadsideRules*> load_broadside(const data::Tables& tables) {
  return data::pointer_to(kBroadsideSection.get(tables));
}

}  // namespace gunpowder::fire
