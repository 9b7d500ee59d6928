// read_siege_sides.cpp - reads the siege of seed 000 (Sieges Simplified, Bombarding with
// Gunpowder Artillery, Gunpowder Artillery Duels): [stronghold] and its size, and each side's
// units, artillery park (book pieces, ranges, carriages, labels, spiked pieces) and engines.
#include <algorithm>
#include <cmath>
#include <map>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/siege/read_siege.hpp"

#include "gunpowder/core/spelling.hpp"
#include "read_parts.hpp"

namespace gunpowder::siege::reading {

using fmtnum::grouped;
using fmtnum::trim;
using input::Need;
using input::TableReader;

std::string list_of(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

namespace {

// A row's labels, one per piece and each its own (the duel's trace names the pieces by them): one
// error for the first label that is empty or repeated, at that label; the count checked only when
// every label is good.
void read_labels(const input::Document& doc, const toml::array& labels, TableReader& r, ParkEntry& e) {
  for (const auto& n : labels) {
    const auto s = n.value<std::string>();
    std::string why;
    if (!s || s->empty())
      why = "labels must be non-empty strings";
    else if (std::find(e.labels.begin(), e.labels.end(), *s) != e.labels.end())
      why = "the label \"" + *s + "\" names two pieces: each piece needs a label of its own";
    if (why.empty()) {
      e.labels.push_back(*s);
      continue;
    }
    const SourcePos at = doc.pos(n);
    r.diagnostics().error(at, std::move(why), doc.line(at));
    return;
  }
  if (e.labels.size() != static_cast<size_t>(e.count))
    r.error_at("labels", "labels must name each of the " + std::to_string(e.count) + " pieces (got " +
                             std::to_string(e.labels.size()) + ")");
}

void read_piece(const input::Document& doc, const toml::table& t, bool besieger, const artillery::Catalogue& cat,
                Diagnostics& diags, Side& side) {
  TableReader r(doc, t, diags, besieger ? "besieger artillery" : "defender artillery");
  ParkEntry e;
  const auto type = r.value("type", Need::required, {"cannon", "gun", "mortar"});
  const auto shot = r.number("shot_lb", Need::required, input::positive(artillery::kMaxShotLb));
  const auto count = r.integer("count", Need::required, input::positive(kMaxCount));
  const auto carriage = r.value("carriage", Need::optional, {"carriageless", "garrison", "field", "limber"});
  if (auto b = r.integer("bonus_units", Need::optional, input::non_negative(kMaxUnits)))
    e.bonus_units = static_cast<int>(*b);
  if (besieger) {
    e.range_yd = r.number("range_yd", Need::optional, input::positive(kMaxRangeYd));
    e.duel_range_yd = r.number("duel_range_yd", Need::optional, input::positive(kMaxRangeYd));
    if (auto f = r.value("fire", Need::optional, {"direct", "plunging"}))
      e.fire = *f == "direct" ? artillery::FireMode::direct : artillery::FireMode::plunging;
  }
  const toml::array* labels = r.array("labels", Need::optional);
  const auto spiked = r.integer("spiked", Need::optional, input::non_negative(kMaxCount));
  if (!type || !shot || !count) {
    r.finish();
    return;
  }
  e.count = static_cast<int>(*count);
  if (spiked) {
    e.spiked = static_cast<int>(*spiked);
    if (e.spiked > e.count)
      r.error_at("spiked", "spiked: more pieces spiked than there are (" + std::to_string(e.count) + ")");
  }
  e.piece = cat.find(*artillery::parse_type(*type), *shot);
  if (!e.piece) {
    std::string known;
    for (const auto& p : cat.pieces)
      if (artillery::to_string(p.type) == *type) known += (known.empty() ? "" : ", ") + trim(p.shot_lb);
    r.error_at("shot_lb", "unknown piece: the book has no " + trim(*shot, 2) + "-pdr " + *type + " (" + *type +
                              "s: " + known + " lb)");
    r.finish();
    return;
  }
  if (carriage) {
    e.carriage = *artillery::parse_carriage(*carriage);
    e.carriage_given = true;
    if (!e.piece->carriage_era[static_cast<size_t>(e.carriage)])
      r.error_at("carriage",
                 "the " + e.piece->name + " has no " + *carriage + " carriage in the book (Gunpowder Mobility table)");
  } else {
    e.carriage = most_mobile_carriage(*e.piece);
  }
  if (e.duel_range_yd) {
    const auto b = bracket_at(*e.piece, *e.duel_range_yd);
    if (!b || cat.attack.modes[static_cast<size_t>(e.piece->type)][static_cast<size_t>(*b)].empty())
      r.error_at("duel_range_yd", "the " + e.piece->name + " cannot fire from " +
                                      grouped(std::llround(*e.duel_range_yd)) + " yd (range " +
                                      grouped(std::llround(e.piece->range_long_yd)) + " yd)");
  }
  if (labels) read_labels(doc, *labels, r, e);
  r.finish();
  side.artillery.push_back(std::move(e));
}

void read_engine(const input::Document& doc, const toml::table& t, bool besieger, const Rules& rules,
                 Diagnostics& diags, Side& side) {
  TableReader er(doc, t, diags, std::string(besieger ? "besieger" : "defender") + " engine");
  EngineEntry g;
  const auto typed = er.string("type", Need::required);
  const auto count = er.integer("count", Need::required, input::positive(kMaxCount));
  if (auto b = er.integer("bonus_units", Need::optional, input::non_negative(kMaxUnits)))
    g.bonus_units = static_cast<int>(*b);
  const auto type = typed ? match_value(*typed, rules.engine_types) : std::nullopt;
  if (typed && !type)
    er.error_at("type", "unknown siege engine \"" + *typed + "\" (known: " + list_of(rules.engine_types) + ")");
  er.finish();
  if (!type || !count) return;
  g.type = *type;
  g.count = static_cast<int>(*count);
  side.engines.push_back(g);
}

}  // namespace

void read_stronghold(const input::Document& doc, const toml::table& t, const Rules& rules, Diagnostics& diags,
                     Stronghold& s) {
  TableReader r(doc, t, diags, "[stronghold]");
  s.name = r.string("name", Need::optional).value_or("");
  if (auto m = r.value("material", Need::required, {"stone", "wood"}))
    s.material = *m == "stone" ? Material::stone : Material::wood;
  std::vector<std::string> sites;
  for (const auto& m : rules.duration.sites) sites.push_back(m.key);
  s.site = r.value("site", Need::optional, sites);
  const int ways = (r.has("shp") ? 1 : 0) + (r.has("value_gp") ? 1 : 0) + (r.has("structures") ? 1 : 0);
  if (ways != 1) {
    r.error(ways == 0 ? "[stronghold] needs its size: shp, value_gp or structures"
                      : "[stronghold] takes one of shp, value_gp and structures, not several");
    for (const char* k : {"shp", "value_gp", "structures"}) r.allow(k);
    r.finish();
    return;
  }
  if (r.has("shp")) {
    if (auto v = r.integer("shp", Need::required, input::positive(kMaxShp))) s.shp = static_cast<int>(*v);
    s.shp_source = "given";
  } else if (r.has("value_gp")) {
    if (auto v = r.number("value_gp", Need::required, input::positive(kMaxShp))) {
      s.shp = shp_from_value(rules.duration, *v, s.material);
      if (s.shp <= 0) r.error_at("value_gp", "value_gp is too small to give the stronghold any shp");
    }
    s.shp_source = "value";
  } else {
    s.shp_source = "structures";
    long long total = 0;
    if (const auto* a = r.array("structures", Need::required)) {
      std::vector<std::string> keys;
      for (const auto& st : rules.duration.structures) keys.push_back(st.key);
      for (const auto& n : *a) {
        const toml::table* e = n.as_table();
        if (!e) {
          r.error_at("structures", "each entry of structures must be a table { key = ..., count = ... }");
          continue;
        }
        TableReader er(doc, *e, diags, "stronghold structure");
        const auto key = er.value("key", Need::required, keys);
        const auto count = er.integer("count", Need::required, input::positive(kMaxCount * 100));
        er.finish();
        if (key && count)
          if (const auto* st = rules.duration.structure(*key)) total += static_cast<long long>(st->shp) * *count;
      }
      if (a->empty()) r.error_at("structures", "structures is empty: list the stronghold's parts");
    }
    if (total > static_cast<long long>(kMaxShp))
      r.error_at("structures", "the structures add up to more than 100,000,000 shp");
    s.shp = static_cast<int>(std::min<long long>(total, static_cast<long long>(kMaxShp)));
  }
  r.finish();
}

void read_side(const input::Document& doc, const toml::table& t, bool besieger, const Rules& rules,
               const artillery::Catalogue& cat, Diagnostics& diags, Side& side) {
  const char* what = besieger ? "[besieger]" : "[defender]";
  TableReader r(doc, t, diags, what);
  side.name = r.string("name", Need::optional).value_or("");
  const auto units = r.integer("units", Need::required, input::non_negative(kMaxUnits));
  side.units = static_cast<int>(units.value_or(0));
  if (const auto* a = r.array("artillery", Need::optional))
    for (const auto& n : *a) {
      if (const auto* e = n.as_table())
        read_piece(doc, *e, besieger, cat, diags, side);
      else
        r.error_at("artillery", "each artillery entry must be a table { type = ..., shot_lb = ..., count = ... }");
    }
  if (const auto* a = r.array("engines", Need::optional))
    for (const auto& n : *a) {
      if (const auto* e = n.as_table())
        read_engine(doc, *e, besieger, rules, diags, side);
      else
        r.error_at("engines", "each engine entry must be a table { type = ..., count = ... }");
    }
  if (side.pieces() > kMaxPiecesPerSide) r.error_at("artillery", "more than 1,000 artillery pieces on one side");
  if (!besieger && units && side.units == 0 && side.artillery.empty() && side.engines.empty())
    r.error_at("units",
               "a defender with no units and no artillery: there is nothing to besiege (units must be at least 1)");
  r.finish();
}

void check_labels(const input::Document& doc, const toml::table& besieger, const toml::table& defender,
                  const Siege& s, Diagnostics& diags) {
  // Each piece's label in the duel's order, with the node of a label the file gives.
  struct Named {
    std::string label;
    const toml::node* at = nullptr;
  };
  std::vector<Named> named;
  size_t letter = 0;
  for (const auto& [t, side] : {std::pair{&defender, &s.defender}, std::pair{&besieger, &s.besieger}}) {
    const toml::array* rows = t->get_as<toml::array>("artillery");
    for (size_t i = 0; i < side->artillery.size(); ++i) {
      const ParkEntry& e = side->artillery[i];
      const toml::table* row = rows != nullptr && i < rows->size() ? rows->get(i)->as_table() : nullptr;
      const toml::array* labels = row != nullptr ? row->get_as<toml::array>("labels") : nullptr;
      for (size_t k = 0; k < static_cast<size_t>(e.count); ++k, ++letter)
        if (k < e.labels.size())
          named.push_back({e.labels[k], labels != nullptr && k < labels->size() ? labels->get(k) : nullptr});
        else
          named.push_back({duel_letters(letter), nullptr});
    }
  }
  std::map<std::string, const Named*> seen;
  for (const Named& n : named) {
    const auto [it, fresh] = seen.try_emplace(n.label, &n);
    if (fresh) continue;
    // At a label the file gives: the later in the file of two, or the one a letter repeats.
    const bool letter_too = n.at == nullptr || it->second->at == nullptr;
    const toml::node* node = n.at != nullptr ? n.at : it->second->at;
    SourcePos at = node != nullptr ? doc.pos(*node) : SourcePos{};
    if (!letter_too) {
      const SourcePos other = doc.pos(*it->second->at);
      if (std::pair{other.line, other.column} > std::pair{at.line, at.column}) at = other;
    }
    diags.error(at,
                "the label \"" + n.label + "\" names two pieces" +
                    (letter_too ? " (it is also the letter the duel gives a piece of a row without labels)"
                                : " (in two artillery rows)") +
                    ": each piece needs a label of its own",
                doc.line(at));
    return;
  }
}

std::optional<std::string> match_value(std::string_view typed, const std::vector<std::string>& allowed,
                                       const std::vector<std::string>& labels) {
  const std::string t = suite_spelling(typed);
  for (size_t i = 0; i < allowed.size(); ++i)
    if (suite_spelling(allowed[i]) == t || (i < labels.size() && suite_spelling(labels[i]) == t)) return allowed[i];
  return std::nullopt;
}

}  // namespace gunpowder::siege::reading
