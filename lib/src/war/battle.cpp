// battle.cpp - a battle between many forces (seed 004, "Divide forces"): rating every force,
// dividing forces and sorting them into two sides, pairing them one battle each, and fighting
// each pair's battle (adjustments and exact odds).
#include "gunpowder/war/battle.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "gunpowder/core/parallel.hpp"

namespace gunpowder::war {

namespace {

/// Below this many items, one thread does the work (a thread costs more than it saves).
constexpr size_t kThreadedMin = 256;

/// Runs fn(from, to) over [0, n): on two threads when n >= kThreadedMin, else on this one. Each
/// index writes only its own slot, so results keep the input order whatever the split.
template <class Fn>
void split_work(size_t n, Fn&& fn) {
  parallel::ranges(n, n >= kThreadedMin ? 2 : 1, [&](unsigned, size_t from, size_t to) { fn(from, to); });
}

/// "Divide forces" (l. 68): each part of a divided force keeps its BR and takes its share of the
/// troops; the parts are named "<name> 1", "<name> 2", ...
void divide(std::vector<RatedForce>& rated) {
  const bool any = std::any_of(rated.begin(), rated.end(), [](const RatedForce& x) { return !x.split.empty(); });
  if (!any) return;
  std::vector<RatedForce> expanded;
  for (auto& x : rated) {
    if (x.split.empty()) {
      expanded.push_back(std::move(x));
      continue;
    }
    for (size_t k = 0; k < x.split.size(); ++k) {
      RatedForce part = x;
      part.parent = x.force.name;
      part.force.name = x.force.name + " " + std::to_string(k + 1);
      part.force.troops = x.split[k];
      part.force.wounded = 0;
      expanded.push_back(std::move(part));
    }
  }
  rated = std::move(expanded);
}

/// The side keys in order of first appearance; a force without `side` takes its role, else its
/// own name (the name of the force it was divided from).
std::vector<std::string> side_keys(std::vector<RatedForce>& rated) {
  std::vector<std::string> keys;
  for (auto& x : rated) {
    auto& f = x.force;
    if (f.side.empty()) f.side = f.role != Role::none ? to_string(f.role) : (x.parent.empty() ? f.name : x.parent);
    if (std::find(keys.begin(), keys.end(), f.side) == keys.end()) keys.push_back(f.side);
  }
  return keys;
}

/// The error when the forces do not make exactly two sides.
Diagnostics not_two_sides(const std::vector<RatedForce>& rated, const std::vector<std::string>& keys) {
  Diagnostics d;
  const auto& last = rated.back();
  const bool all_defend =
      std::all_of(rated.begin(), rated.end(), [](const RatedForce& x) { return x.force.role == Role::defender; });
  if (keys.size() < 2 && all_defend) {
    d.field_error(force_field(last.source, "role"), "both sides are defending: one side must attack (role = \"attacker\")");
  } else if (keys.size() < 2 && rated.size() < 2) {
    d.field_error(force_field(last.source, "name"),
                  "a battle needs a second force: the file has only '" + last.force.name + "'");
  } else if (keys.size() < 2) {
    d.field_error(force_field(rated.front().source), "a battle needs two sides; every force is on side '" +
                                                         keys.front() + "' (give each force a role or a side)");
  } else {
    std::string list;
    for (const auto& k : keys) list += (list.empty() ? "" : ", ") + k;
    d.field_error(force_field(rated.front().source), "a battle has two sides, and the forces name " +
                                                         std::to_string(keys.size()) + ": " + list +
                                                         " (give each force a side)");
  }
  return d;
}

/// Roles: the same within a side, and not both sides defending; a force without one takes its
/// side's.
void settle_roles(std::vector<RatedForce>& rated, const Sides& s, Diagnostics& d) {
  std::array<Role, 2> role{Role::none, Role::none};
  for (size_t k = 0; k < 2; ++k)
    for (size_t i : s.members[k]) {
      const auto& x = rated[i];
      if (x.force.role == Role::none) continue;
      if (role[k] != Role::none && role[k] != x.force.role)
        d.field_error(force_field(x.source, "role"), "forces on side '" + s.name[k] + "' have different roles");
      role[k] = x.force.role;
    }
  if (role[0] == Role::defender && role[1] == Role::defender)
    d.field_error(force_field(rated[s.members[1].front()].source, "role"),
                  "both sides are defending: one side must attack (role = \"attacker\")");
  for (size_t k = 0; k < 2; ++k)
    for (size_t i : s.members[k])
      if (rated[i].force.role == Role::none) rated[i].force.role = role[k];
}

/// The `opponent` pairs given in the input, as (side 0 position, side 1 position).
Expected<std::vector<std::pair<size_t, size_t>>> fixed_pairs(const std::vector<RatedForce>& rated, const Sides& sides) {
  Diagnostics d;
  std::unordered_map<std::string_view, std::pair<int, size_t>> where;  // name -> (side, position)
  where.reserve(sides.members[0].size() + sides.members[1].size());
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < sides.members[k].size(); ++p)
      where[rated[sides.members[k][p]].force.name] = {static_cast<int>(k), p};
  std::vector<std::pair<size_t, size_t>> fixed;
  std::unordered_map<std::string_view, std::string_view> partner;
  partner.reserve(where.size());
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < sides.members[k].size(); ++p) {
      const auto& x = rated[sides.members[k][p]];
      if (!x.force.opponent) continue;
      const std::string& other = *x.force.opponent;
      const auto it = where.find(other);
      if (it == where.end() || it->second.first == static_cast<int>(k)) {
        d.field_error(force_field(x.source, "opponent"), "opponent '" + other + "' is not a force of the other side");
        continue;
      }
      auto [a, fresh_a] = partner.emplace(std::string_view(x.force.name), std::string_view(other));
      auto [b, fresh_b] = partner.emplace(std::string_view(other), std::string_view(x.force.name));
      if ((!fresh_a && a->second != other) || (!fresh_b && b->second != x.force.name)) {
        d.field_error(force_field(x.source, "opponent"),
                      "'" + x.force.name + "' and '" + other + "' are each paired with another force");
        continue;
      }
      if (fresh_a && fresh_b) fixed.emplace_back(k == 0 ? p : it->second.second, k == 0 ? it->second.second : p);
    }
  if (!d.empty()) return d;
  return fixed;
}

}  // namespace

std::string force_field(size_t source, std::string_view key) {
  std::string path = "force[" + std::to_string(source) + "]";
  if (!key.empty()) path.append(".").append(key);
  return path;
}

Expected<std::vector<RatedForce>> rate_forces(const Rules& rules, const std::vector<BattleForce>& forces) {
  // Each force is rated on its own (two threads for many), then joined in input order.
  std::vector<std::optional<Expected<Rating>>> ratings(forces.size());
  split_work(forces.size(), [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) ratings[i].emplace(rate_force(rules, forces[i].force));
  });
  std::vector<RatedForce> out;
  out.reserve(forces.size());
  Diagnostics d;
  for (size_t i = 0; i < forces.size(); ++i) {
    auto& r = *ratings[i];
    if (!r) {
      for (const auto& item : r.error().items()) d.field_error(force_field(i, "name"), item.message);
      continue;
    }
    out.push_back({forces[i].force, std::move(*r), forces[i].split, "", i});
  }
  if (!d.empty()) return d;
  return out;
}

Expected<Sides> make_sides(std::vector<RatedForce>& rated) {
  if (rated.empty()) return Expected<Sides>::failure("a battle needs two sides, and the file has no force");
  divide(rated);
  Diagnostics d;
  std::unordered_set<std::string_view> names;
  names.reserve(rated.size());
  for (const auto& x : rated)
    if (!names.insert(x.force.name).second)
      d.field_error(force_field(x.source, "name"), "two forces are named '" + x.force.name + "'");
  if (!d.empty()) return d;
  const std::vector<std::string> keys = side_keys(rated);
  if (keys.size() != 2) return not_two_sides(rated, keys);
  Sides s;
  s.name = {keys[0], keys[1]};
  for (size_t i = 0; i < rated.size(); ++i) s.members[rated[i].force.side == keys[0] ? 0 : 1].push_back(i);
  settle_roles(rated, s, d);
  if (!d.empty()) return d;
  return s;
}

Diagnostics check_tactics(const std::vector<RatedForce>& rated) {
  Diagnostics d;
  const auto with = std::count_if(rated.begin(), rated.end(), [](const RatedForce& x) { return x.force.tactic.has_value(); });
  if (with == 0 || static_cast<size_t>(with) == rated.size()) return d;
  for (const auto& x : rated)
    if (!x.force.tactic)
      d.field_error(force_field(x.source, "name"), "force '" + x.force.name +
                                                       "' has no tactic, but others do: "
                                                       "tactics are chosen by both sides or by neither");
  return d;
}

SideSpec side_spec(const Rules& rules, const RatedForce& x, const SideAdjustments& adj, const BattleConfig& c) {
  SideSpec sp;
  sp.name = x.force.name;
  sp.modified_br = x.rating.br + adj.total;
  sp.tactic = x.force.tactic;
  sp.troops = x.force.troops;
  sp.role = x.force.role;
  if (c.battle.simple_siege && x.force.role == Role::defender) {
    // Simple siege (l. 182-183): the defender ignores retreat and rout and takes half casualties.
    sp.casualty_scale = rules.simple_siege.defender_casualty_fraction;
    sp.holds_position = rules.simple_siege.defender_ignores_retreat_and_rout;
  }
  return sp;
}

Expected<Engagement> engage(const Rules& rules, const std::vector<RatedForce>& rated, size_t i, size_t j,
                            const BattleConfig& c) {
  Engagement e;
  e.force = {i, j};
  auto adj = battle_adjustments(rules, {&rated[i].force, &rated[j].force}, {&rated[i].rating, &rated[j].rating}, c.battle);
  if (!adj) return adj.error();
  e.adj = *adj;
  for (size_t k = 0; k < 2; ++k) e.spec[k] = side_spec(rules, rated[e.force[k]], e.adj[k], c);
  auto odds = resolve_battle(rules, e.spec[0], e.spec[1], c.options);
  if (!odds) return odds.error();
  e.odds = std::move(*odds);
  return e;
}

Expected<std::vector<std::pair<size_t, size_t>>> pair_forces(const Rules& rules, const std::vector<RatedForce>& rated,
                                                             const Sides& sides, const BattleConfig& c) {
  const auto& m0 = sides.members[0];
  const auto& m1 = sides.members[1];
  if (m0.size() == 1 && m1.size() == 1) return std::vector<std::pair<size_t, size_t>>{{0, 0}};
  auto fixed = fixed_pairs(rated, sides);
  if (!fixed) return fixed.error();
  std::vector<Contender> c0, c1;
  c0.reserve(m0.size());
  c1.reserve(m1.size());
  for (size_t i : m0) c0.push_back({rated[i].rating.br, rated[i].force.troops});
  for (size_t j : m1) c1.push_back({rated[j].rating.br, rated[j].force.troops});
  auto p_win = [&](size_t a, size_t b) -> std::array<double, 2> {
    auto e = engage(rules, rated, m0[a], m1[b], c);
    if (!e) return {0, 0};
    return e->odds.p_win_resolved;
  };
  return match_forces(c0, c1, *fixed, p_win);
}

Expected<Battles> fight_pairs(const Rules& rules, const std::vector<RatedForce>& rated, const Sides& sides,
                              const std::vector<std::pair<size_t, size_t>>& pairs, const BattleConfig& c) {
  // Every battle is independent: many are fought on two threads, then taken in pairing order
  // (the first error in that order is the one reported, as when fought one by one).
  std::vector<std::optional<Expected<Engagement>>> fought(pairs.size());
  split_work(pairs.size(), [&](size_t from, size_t to) {
    for (size_t n = from; n < to; ++n) {
      const auto [a, b] = pairs[n];
      fought[n].emplace(engage(rules, rated, sides.members[0][a], sides.members[1][b], c));
    }
  });
  Battles out;
  std::vector<char> matched(rated.size(), 0);
  out.engagements.reserve(pairs.size());
  for (auto& e : fought) {
    if (!*e) return e->error();
    out.engagements.push_back(std::move(**e));
    matched[out.engagements.back().force[0]] = 1;
    matched[out.engagements.back().force[1]] = 1;
  }
  for (size_t i = 0; i < rated.size(); ++i)
    if (!matched[i]) out.unmatched.push_back(i);
  return out;
}

}  // namespace gunpowder::war
