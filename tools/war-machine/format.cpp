// format.cpp - war-machine's shared formatting: percentages, fatigue and location texts, the
// optional values of JSON, and a force's rating as JSON.
#include <algorithm>
#include <bit>
#include <unordered_map>

#include "gunpowder/core/fmtnum.hpp"
#include "war-machine/commands.hpp"

namespace gunpowder::war_app {

using fmtnum::trim;
using war::Fatigue;
using war::Location;

std::string pct(double p) { return fmtnum::percent(p, 2); }
/// pct(p) of a share p = pairs / 10,000 of the roll pairs: the same text, kept per thread once
/// built (many battles share the same few hundred shares). A map, not a table of all 10,001: a
/// one-liner makes a few and must not pay for the rest (issue 15, start-up).
std::string pct_pairs(std::int64_t pairs, double p) {
  if (pairs < 0 || pairs > 10000 || p != static_cast<double>(pairs) / 10000.0) return pct(p);
  thread_local std::unordered_map<std::int64_t, std::string> made;
  auto [it, fresh] = made.try_emplace(pairs);
  if (fresh) it->second = pct(p);
  return it->second;
}
/// trim(x, 2), kept per thread for the few casualty percentages the results table prints.
std::string trim2(double x) {
  thread_local std::unordered_map<std::uint64_t, std::string> made;
  if (made.size() >= 4096) return trim(x, 2);
  auto [it, fresh] = made.try_emplace(std::bit_cast<std::uint64_t>(x));
  if (fresh) it->second = trim(x, 2);
  return it->second;
}
std::string fatigue_text(const std::optional<Fatigue>& f) { return f ? war::to_string(*f) : "-"; }
std::string location_text(Location l, int units) {
  if (l == Location::none) return "-";
  std::string s = war::to_string(l);
  if (units > 0) s += "+" + std::to_string(units);
  return s;
}

report::Cell pct_pairs_cell(std::int64_t pairs, double p) { return report::cell::shown_as(pct_pairs(pairs, p), p); }
report::Cell fatigue_cell(const std::optional<Fatigue>& f) {
  return f ? report::Cell(war::to_string(*f)) : report::cell::none();
}
report::Cell location_cell(Location l, int units) {
  if (l == Location::none) return report::cell::none();
  return {location_text(l, units), war::to_string(l)};
}
report::Cell location_units_cell(Location l, int units) {
  if (l == Location::none) return report::cell::none("");
  return report::cell::integer(units);
}
report::Cell opt_text_cell(const std::optional<std::string>& v) { return v ? report::Cell(*v) : report::cell::none(); }

json::Value opt_json(const std::optional<int>& v) { return v ? json::Value(*v) : json::Value(); }
json::Value opt_json(const std::optional<std::string>& v) { return v ? json::Value(*v) : json::Value(); }
json::Value opt_json(const std::optional<double>& v) { return v ? json::Value(*v) : json::Value(); }

json::Value rating_json(const war::RatedForce& x, const std::optional<int>& modified_br) {
  const auto& f = x.force;
  const auto& r = x.rating;
  json::Value o = json::object();
  o.set("name", f.name);
  o.set("side", json::text_or_null(f.side));
  o.set("role", war::to_string(f.role));
  o.set("troops", f.troops);
  o.set("method", r.method);
  o.set("bfr", opt_json(r.bfr));
  o.set("troop_class", opt_json(r.troop_class));
  o.set("br", r.br);
  o.set("modified_br", opt_json(modified_br));
  json::Value lines = json::array();
  for (const auto& l : r.bfr_lines) {
    json::Value lo = json::object();
    lo.set("factor", l.factor);
    // The line's handle as the suite spells values (the data's BFR ids and quick flags join words by '_').
    std::string id = l.id;
    std::replace(id.begin(), id.end(), '_', '-');
    lo.set("id", id);
    lo.set("label", l.label);
    lo.set("input", l.input);
    lo.set("points", l.points);
    lo.set("note", json::text_or_null(l.note));
    lines.push(std::move(lo));
  }
  o.set("bfr_lines", std::move(lines));
  json::Value st = json::array();
  for (const auto& s : r.statements) {
    json::Value so = json::object();
    so.set("letter", std::string(1, s.letter));
    so.set("id", s.id);
    so.set("label", s.label);
    so.set("measured", s.measured);
    so.set("figure", opt_json(s.figure));
    so.set("counted", opt_json(s.counted));
    so.set("unit", json::text_or_null(s.unit));
    so.set("holds", s.holds);
    so.set("in_book", s.in_seed);
    st.push(std::move(so));
  }
  o.set("statements", std::move(st));
  o.set("statements_true", r.statements_true);
  o.set("bonus_per_statement", r.bonus_per_statement);
  return o;
}

}  // namespace gunpowder::war_app
