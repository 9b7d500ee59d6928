// unit_compare.cpp - the published rosters (seed 000, pp. 47-51) against the unit formulas:
// printed attack clauses parsed, and every roster row recomputed from its troop type, race and
// veteran status, field by field.
#include <cctype>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/units/unit_br.hpp"

namespace gunpowder::units {

namespace {

std::string strip(const std::string& s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

bool all_digits(const std::string& s) {
  if (s.empty() || s.size() > 4) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

}  // namespace

// Clauses as printed: "1 matchlock arquebus 11+ (reload 2)", "1 (2) flintlock pistol 11+ (1 or 0
// reload)", "1(2) flint pistol 9+ (1 reload)", "1 flintlock pistol 9 (1 reload)", "2 sword 11+",
// "1 musket (club) 11+".
std::optional<Clause> parse_clause(const std::string& text) {
  std::string s = strip(text);
  Clause c;
  size_t i = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0 || i > 4) return std::nullopt;
  c.attacks = std::stoi(s.substr(0, i));
  s = strip(s.substr(i));
  if (!s.empty() && s[0] == '(') {
    const auto close = s.find(')');
    if (close != std::string::npos && all_digits(s.substr(1, close - 1))) {
      c.bonus_attacks = std::stoi(s.substr(1, close - 1));
      s = strip(s.substr(close + 1));
    }
  }
  if (!s.empty() && s.back() == ')') {
    const auto open = s.rfind('(');
    const std::string inner = open == std::string::npos ? std::string() : s.substr(open + 1, s.size() - open - 2);
    if (inner.find("reload") != std::string::npos) {
      // "(1 or 0 reload)": a pistol caracole's first attack sequence (p. 35).
      if (const auto o = inner.find(" or ");
          o != std::string::npos && o + 4 < inner.size() && std::isdigit(static_cast<unsigned char>(inner[o + 4]))) {
        c.caracole = true;
        c.caracole_tokens = inner[o + 4] - '0';
      }
      for (size_t k = 0; k < inner.size(); ++k)
        if (std::isdigit(static_cast<unsigned char>(inner[k]))) {
          size_t e = k;
          while (e < inner.size() && std::isdigit(static_cast<unsigned char>(inner[e]))) ++e;
          c.reload_tokens = std::stoi(inner.substr(k, e - k));
          break;
        }
      s = strip(s.substr(0, open));
    }
  }
  const auto sp = s.rfind(' ');
  if (sp == std::string::npos) return std::nullopt;
  std::string t = s.substr(sp + 1);
  if (!t.empty() && t.back() == '+') t.pop_back();
  if (!all_digits(t)) return std::nullopt;
  c.throw_value = std::stoi(t);
  c.weapon = strip(s.substr(0, sp));
  if (c.weapon.empty()) return std::nullopt;
  return c;
}

namespace {

bool same(double a, double b) { return std::fabs(a - b) < 0.005; }

std::string fnum(double v) { return fmtnum::trim(v, 2); }

CompareField field(std::string name, std::string kind, std::string published, std::string computed, bool agrees,
                   CompareFigures published_figures = {}, CompareFigures computed_figures = {}) {
  return CompareField{std::move(name),  std::move(kind), std::move(published), std::move(computed), published_figures,
                      computed_figures, agrees};
}

CompareFigures one(double x) { return {x, std::nullopt, std::nullopt}; }
CompareFigures two(double x, const std::optional<int>& y) {
  return {x, y ? std::optional<double>(*y) : std::nullopt, std::nullopt};
}
CompareFigures movement(const std::optional<int>& march, int hustle, int charge) {
  return {march ? std::optional<double>(*march) : std::nullopt, hustle, charge};
}
CompareFigures hit_dice(const HitDice& hd) { return {hd.dice, hd.bonus, std::nullopt}; }
CompareFigures hit_dice(const std::string& printed) {
  const auto hd = parse_hit_dice(printed);  // the rosters' hit dice are checked at load time (unit_data)
  return hd ? hit_dice(*hd) : CompareFigures{};
}

void compare_characteristics(const RosterRow& row, const Rating& r, const Deployment* dep,
                             std::vector<CompareField>& out) {
  const std::string ac = std::to_string(r.ac) + (r.ac_alt ? " (" + std::to_string(*r.ac_alt) + ")" : "");
  const std::string pac = std::to_string(row.ac) + (row.ac_alt ? " (" + std::to_string(*row.ac_alt) + ")" : "");
  out.push_back(field("ac", "characteristic", pac, ac, pac == ac, two(row.ac, row.ac_alt), two(r.ac, r.ac_alt)));
  out.push_back(
      field("hd", "characteristic", row.hd, r.hd.text, row.hd == r.hd.text, hit_dice(row.hd), hit_dice(r.hd)));
  const int uhp = dep ? dep->uhp : r.uhp;
  out.push_back(field("uhp", "characteristic", std::to_string(row.uhp), std::to_string(uhp), row.uhp == uhp,
                      one(row.uhp), one(uhp)));
  out.push_back(field("morale", "characteristic", std::to_string(row.morale), std::to_string(r.morale),
                      row.morale == r.morale, one(row.morale), one(r.morale)));
  const std::string move = dep ? dep->movement : r.movement;
  out.push_back(field("movement", "movement", row.unit_move, move, row.unit_move == move,
                      movement(row.march_hexes, row.hustle_hexes, row.charge_hexes),
                      dep ? movement(dep->march, dep->hustle, dep->charge) : movement(r.march, r.hustle, r.charge)));
  std::string form = to_string(r.formation);
  if (dep) form += " (" + to_string(dep->formation) + ")";
  std::string pform = row.formation ? to_string(*row.formation) : row.formation_printed;
  if (row.functions_as) pform += " (" + to_string(*row.functions_as) + ")";
  out.push_back(field("formation", "movement", pform, form, pform == form));
  // attack throw: the printed melee weapon clause's
  for (const auto& s : row.melee_attacks) {
    if (s == "or" || s.rfind("Charge:", 0) == 0) continue;
    if (auto c = parse_clause(s)) {
      out.push_back(field("attack_throw", "characteristic", std::to_string(c->throw_value) + "+",
                          std::to_string(r.attack_throw) + "+", c->throw_value == r.attack_throw, one(c->throw_value),
                          one(r.attack_throw)));
      break;
    }
  }
}

void compare_battle(const Catalogue& cat, const RosterRow& row, const Rating& r, std::vector<CompareField>& out) {
  const bool im = row.variant == RosterVariant::mounted;
  const Deployment* dep = im ? (r.as_irregular_mounted ? &*r.as_irregular_mounted : nullptr)
                             : (r.as_drilled_foot ? &*r.as_drilled_foot : nullptr);
  compare_characteristics(row, r, dep, out);
  const std::vector<FirearmAttack>& fas = dep ? dep->firearms : r.firearms;
  // The unit's attack with the firearm type a printed clause names (the catalogue's types).
  auto find = [&](const std::string& text) -> const FirearmAttack* {
    const firearms::FirearmType* type = cat.firearm_type_in(text);
    for (const auto& a : fas)
      if (type && a.firearm.type == type->key) return &a;
    return nullptr;
  };
  for (const auto& s : row.missile_attacks) {
    const auto c = parse_clause(s);
    const FirearmAttack* a = c ? find(c->weapon) : nullptr;
    const bool ok = c && a && c->attacks == a->attacks && c->throw_value == r.attack_throw && c->reload_tokens &&
                    *c->reload_tokens == a->reload_tokens && c->caracole == a->caracole &&
                    (!c->caracole || c->caracole_tokens == a->caracole_tokens);
    out.push_back(field("line", "attack-line", s, a ? a->line : std::string(), ok));
  }
  for (const auto& s : row.melee_attacks) {
    const firearms::FirearmType* type = cat.firearm_type_in(s);
    if (!type || !type->pistol) continue;  // the pistols fired in melee (p. 35)
    const auto c = parse_clause(s);
    const FirearmAttack* a = find(s);
    const std::optional<Clause> mc = a ? a->melee : std::nullopt;  // the figures melee_line was rendered from
    const bool ok = c && mc && c->attacks == mc->attacks && c->bonus_attacks == mc->bonus_attacks &&
                    c->throw_value == mc->throw_value && c->reload_tokens == mc->reload_tokens;
    out.push_back(field("melee_line", "attack-line", s, a && a->melee_line ? *a->melee_line : std::string(), ok));
  }
  if (row.veteran && r.br_published) {
    out.push_back(field("br", "veteran-battle-rating", fnum(*r.br_published), fnum(r.br), same(*r.br_published, r.br),
                        one(*r.br_published), one(r.br)));
  }
}

CompareField money(std::string name, std::string kind, double published, double computed) {
  return field(std::move(name), std::move(kind), fnum(published), fnum(computed), same(published, computed),
               one(published), one(computed));
}

void compare_campaign(const RosterRow& row, const Rating& r, std::vector<CompareField>& out) {
  out.push_back(money("br", "battle-rating", row.battle_rating, r.br));
  out.push_back(money("wage_gp_per_month", "cost", row.monthly_wage_gp, r.wage_gp_month));
  out.push_back(money("supply_gp_per_week", "cost", row.supply_cost_gp_per_week, r.supply_gp_week));
  out.push_back(money("specialist_gp_per_month", "cost", row.specialist_cost_gp_per_month, r.specialist_gp_month));
  out.push_back(money("total_gp_per_month", "cost", row.total_cost_gp_per_month, r.total_gp_month));
  out.push_back(money("daily_miles", "movement", row.daily_move_miles, r.daily_miles));
  out.push_back(money("weekly_miles", "movement", row.weekly_move_miles, r.weekly_miles));
}

}  // namespace

std::vector<CompareUnit> compare(const Catalogue& cat, const Request& options) {
  std::vector<CompareUnit> out;
  for (const auto& row : cat.roster) {
    CompareUnit cu;
    cu.key = row.key;
    cu.name = row.name;
    Request req = options;
    req.troop = row.troop_type;
    req.race = row.race;
    req.veteran = row.veteran;
    req.explain = false;
    auto r = rate(cat, req);
    if (!r) {
      cu.fields.push_back(field("error", "error", "", r.error().items().front().message, false));
    } else if (row.roster == RosterKind::campaign) {
      compare_campaign(row, *r, cu.fields);
    } else {
      compare_battle(cat, row, *r, cu.fields);
    }
    out.push_back(std::move(cu));
  }
  return out;
}

}  // namespace gunpowder::units
