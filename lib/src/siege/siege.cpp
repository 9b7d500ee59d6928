// siege.cpp - simplified sieges (Duration of Siege table), bombardment by gunpowder artillery and
// the placing of both parks for an artillery duel (seed 000, pp. 17-21; rules-gaps.md §1).
#include "gunpowder/siege/siege.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/rounding.hpp"
#include "gunpowder/core/spelling.hpp"

namespace gunpowder::siege {

using artillery::Bracket;
using artillery::Carriage;
using artillery::FireMode;
using fmtnum::grouped;
using fmtnum::trim;

std::string to_string(Material m) { return m == Material::stone ? "stone" : "wood"; }

std::string to_string(SimpleOutcome o) {
  switch (o) {
    case SimpleOutcome::days:
      return "days";
    case SimpleOutcome::without_fight:
      return "captured-without-fight";
    case SimpleOutcome::not_by_assault:
      return "not-by-assault";
    case SimpleOutcome::no_advantage:
      return "no-advantage";
  }
  return "?";
}

std::string to_string(BesiegerPolicy p) {
  switch (p) {
    case BesiegerPolicy::advance:
      return "advance";
    case BesiegerPolicy::fire:
      return "fire";
    case BesiegerPolicy::fall_back:
      return "fall-back";
  }
  return "?";
}

std::string to_string(DefenderPolicy p) {
  switch (p) {
    case DefenderPolicy::fire:
      return "fire";
    case DefenderPolicy::hold:
      return "hold";
    case DefenderPolicy::hole_up:
      return "hole-up";
  }
  return "?";
}

int Side::pieces() const {
  int n = 0;
  for (const auto& e : artillery) n += e.count;
  return n;
}

namespace {

double range_edge(const artillery::BookPiece& p, Bracket b) {
  switch (b) {
    case Bracket::short_range:
      return p.range_short_yd;
    case Bracket::medium_range:
      return p.range_medium_yd;
    case Bracket::long_range:
      return p.range_long_yd;
  }
  return p.range_long_yd;
}

std::string yd(double v) { return grouped(std::llround(v)) + " yd"; }

// An amount with its thousands grouped and at most two decimals (10,330; 1,097.25).
std::string amount(double v) {
  v = std::round(v * 100) / 100;
  const double whole = std::floor(v + 1e-9);
  const std::string frac = trim(v - whole, 2);
  return grouped(static_cast<long long>(whole)) + (frac == "0" ? "" : frac.substr(1));
}

// Ceiling of a positive ratio, guarding against floating-point noise (600 / 100 -> 6, not 7).
int ceil_div(double a, double b) { return rounding::saturated_int(rounding::fraction_up(a / b)); }

}  // namespace

int shp_from_value(const DurationTables& t, double value_gp, Material m) {
  // Stone: "the stronghold's value in gp / 8, rounded up" (rules-gaps.md §1).
  const double stone = std::ceil(value_gp / t.stone_gp_per_shp - 1e-9);
  if (m == Material::stone) return static_cast<int>(stone);
  // Wood: "a tenth of stone"; the rounding is not stated, rounded up like the stone figure.
  return rounding::saturated_int(rounding::fraction_up(stone * t.wood_fraction_of_stone));
}

Carriage most_mobile_carriage(const artillery::BookPiece& p) {
  for (auto c : {Carriage::limber, Carriage::field, Carriage::garrison, Carriage::carriageless})
    if (p.carriage_era[static_cast<size_t>(c)]) return c;
  return Carriage::carriageless;
}

std::optional<Bracket> bracket_at(const artillery::BookPiece& p, double distance) {
  if (distance <= p.range_short_yd) return Bracket::short_range;
  if (distance <= p.range_medium_yd) return Bracket::medium_range;
  if (distance <= p.range_long_yd) return Bracket::long_range;
  return std::nullopt;
}

std::vector<int> proportional_schedule(int shp, int days) {
  // "After half the listed time the stronghold has half its shp left" (rules-gaps.md §1):
  // shp left after day d = shp x (days - d) / days, rounded half up.
  std::vector<int> out;
  if (days <= 0) {
    out.push_back(shp);
    return out;
  }
  out.reserve(static_cast<size_t>(days) + 1);
  for (int d = 0; d <= days; ++d)
    out.push_back(rounding::saturated_int(rounding::half_up(static_cast<double>(shp) * (days - d) / days)));
  return out;
}

// ---------------------------------------------------------------------------------------------
// 1. Simplified sieges

namespace {

// A piece as the worked example counts its bonus units (seed 000, Sieges Simplified, p. 21);
// nullptr when the example has none of it.
const ExamplePiece* example_piece(const DurationTables& t, const std::string& piece_name) {
  for (const auto& x : t.examples)
    for (const auto* list : {&x.besieger_artillery, &x.defender_artillery})
      for (const auto& p : *list)
        if (suite_spelling(p.piece) == suite_spelling(piece_name)) return &p;
  return nullptr;
}

// One side's units and bonus units (Sieges Simplified), and its artillery battle ratings.
int count_side(const DurationTables& t, const Side& side, const std::string& who, Simplified& s) {
  int total = side.units;
  s.lines.push_back({who, "units", side.units, 1, side.units, "units"});
  for (const auto& e : side.artillery) {
    // A spiked piece cannot fire until the spike is removed: it counts for nothing.
    BonusLine l{who,        e.piece->name + (e.spiked ? " (" + std::to_string(e.spiked) + " spiked)" : std::string()),
                e.usable(), e.piece->bonus_units,
                0,          "table"};
    if (e.bonus_units) {
      l.each = *e.bonus_units;
      l.source = "input";
    } else if (const auto* x = example_piece(t, e.piece->name); x && x->bonus_units_each != e.piece->bonus_units) {
      s.reading_matters = true;
      s.differences.push_back({x->piece, e.piece->bonus_units, x->bonus_units_each});
      if (s.reading == BonusReading::example) {
        l.each = x->bonus_units_each;
        l.source = "example";
      }
    }
    l.total = l.each * e.usable();
    total += l.total;
    s.lines.push_back(l);
    // Gunpowder Artillery Battle Ratings (p. 20): pieces grouped into units of the table's size;
    // pieces not enough to form a unit do not count.
    Simplified::ArtilleryUnits u;
    u.side = who;
    u.piece = e.piece->name;
    u.pieces = e.usable();
    u.unit_size = e.piece->unit_size;
    u.units = u.unit_size > 0 ? u.pieces / u.unit_size : 0;
    u.br_each = e.piece->br;
    u.br = u.units * u.br_each;
    s.artillery_units.push_back(u);
  }
  for (const auto& g : side.engines) {
    BonusLine l{who, g.type, g.count, g.bonus_units.value_or(0), 0, g.bonus_units ? "input" : "no figure"};
    l.total = l.each * g.count;
    total += l.total;
    s.lines.push_back(l);
  }
  return total;
}

void explain_totals(const DurationTables& t, Simplified& s) {
  auto line_text = [](const BonusLine& l) {
    if (l.item == "units") return std::to_string(l.count) + " units";
    return std::to_string(l.count) + " x " + l.item + " (" + std::to_string(l.each) + " each, " + l.source + ")";
  };
  for (const char* who : {"besieger", "defender"}) {
    std::string sum;
    for (const auto& l : s.lines)
      if (l.side == who) sum += (sum.empty() ? "" : " + ") + line_text(l);
    report::Step step{who, "units", sum,
                      std::to_string(std::string(who) == "besieger" ? s.besieger_total : s.defender_total), t.source};
    for (const auto& l : s.lines)
      if (l.side == who) step.in(l.item, std::to_string(l.total));
    s.explain.push_back(std::move(step));
  }
  s.explain.push_back(report::Step{"", "unit advantage",
                                   std::to_string(s.besieger_total) + " - " + std::to_string(s.defender_total),
                                   std::to_string(s.advantage), t.source}
                          .in("besieger units", std::to_string(s.besieger_total))
                          .in("defender units", std::to_string(s.defender_total)));
}

// The row (stronghold shp) and column (unit advantage) of the Duration of Siege table.
void find_cell(const DurationTables& t, Simplified& s) {
  for (size_t i = 0; i < t.rows.size(); ++i) {
    const auto& r = t.rows[i];
    if ((s.shp >= r.shp_min && s.shp <= r.shp_max) || (r.open_ended && s.shp > r.shp_max)) {
      s.row = i;
      break;
    }
  }
  if (s.advantage < t.minimum_advantage) return;
  for (size_t i = 0; i < t.bands.size(); ++i) {
    const auto& b = t.bands[i];
    if (s.advantage >= b.min && (!b.max || s.advantage <= *b.max)) {
      s.band = i;
      break;
    }
  }
}

// The table's cell: '-', 0 (without a fight) or days, times the site multiplier.
void read_cell(const DurationTables& t, const Siege& siege, Simplified& s) {
  const int cell = t.rows[*s.row].days[*s.band];
  s.explain.push_back(report::Step{"",
                                   "Duration of Siege",
                                   "row " + t.rows[*s.row].label + " shp, column " + t.bands[*s.band].label,
                                   cell == t.not_by_assault ? std::string("-") : std::to_string(cell),
                                   t.source,
                                   {},
                                   report::Yields::rounded}
                          .in("stronghold shp", grouped(s.shp))
                          .in("unit advantage", std::to_string(s.advantage)));
  if (siege.stronghold.site)
    if (const auto* m = t.site(*siege.stronghold.site)) s.site_multiplier = m->multiplier;
  if (cell == t.not_by_assault) {
    s.outcome = SimpleOutcome::not_by_assault;
    s.explain.push_back(report::statement(
        "'-': the besieger cannot take the stronghold by assault; only a blockade will do", t.source));
    return;
  }
  s.table_days = cell;
  if (cell == t.captured_without_fight) {
    s.outcome = SimpleOutcome::without_fight;
    s.days = 0;
    s.explain.push_back(report::statement("0: the stronghold is captured without a fight", t.source));
    s.shp_by_day = {s.shp};
    return;
  }
  s.outcome = SimpleOutcome::days;
  s.days = cell * s.site_multiplier;  // site multipliers act on the duration (rules-gaps.md §1)
  if (s.site_multiplier != 1)
    s.explain.push_back(report::Step{"site " + *siege.stronghold.site, "days",
                                     std::to_string(cell) + " x " + std::to_string(s.site_multiplier),
                                     std::to_string(*s.days) + " days", t.source}
                            .in("table days", std::to_string(cell))
                            .in("site multiplier", std::to_string(s.site_multiplier)));
  if (t.progress_proportional) {
    s.shp_by_day = proportional_schedule(s.shp, *s.days);
    s.explain.push_back(report::Step{"", "shp left after day d",
                                     grouped(s.shp) + " x (" + std::to_string(*s.days) + " - d) / " +
                                         std::to_string(*s.days) + " (progress is proportional)",
                                     "", t.source}
                            .in("stronghold shp", grouped(s.shp))
                            .in("days", std::to_string(*s.days)));
  }
}

}  // namespace

Simplified simplified(const Rules& rules, const Siege& siege, BonusReading reading) {
  const auto& t = rules.duration;
  Simplified s;
  s.reading = reading;
  s.shp = siege.stronghold.shp;
  s.besieger_total = count_side(t, siege.besieger, "besieger", s);
  s.defender_total = count_side(t, siege.defender, "defender", s);
  // Unit advantage = besieging units - defending units, bonus units included (Sieges Simplified).
  s.advantage = s.besieger_total - s.defender_total;
  explain_totals(t, s);
  find_cell(t, s);
  if (s.advantage < t.minimum_advantage) {
    s.outcome = SimpleOutcome::no_advantage;
    s.explain.push_back(report::statement("an advantage below " + std::to_string(t.minimum_advantage) +
                                              " is not on the Duration of Siege table: the stronghold cannot be "
                                              "taken by assault, only by blockade",
                                          t.source)
                            .in("unit advantage", std::to_string(s.advantage)));
    return s;
  }
  if (!s.row || !s.band) {  // the tables cover every shp >= 0 and advantage >= 1 (checked by tests)
    s.outcome = SimpleOutcome::no_advantage;
    return s;
  }
  read_cell(t, siege, s);
  return s;
}

// ---------------------------------------------------------------------------------------------
// 2. Bombardment

namespace {

// A book piece's powder and shot a day: the book's figure, or, where house rules changed the
// historical powder's price, the design formula's (artillery::design: shots a day x (shot +
// powder)), as artillery-design gives it.
double cost_per_day(const artillery::Catalogue& cat, const artillery::BookPiece& p) {
  const auto& types = cat.economy.types;
  const auto historical = std::find_if(types.begin(), types.end(), [](const artillery::GunpowderType& g) {
    return g.kind == artillery::GunpowderKind::historical;
  });
  if (historical == types.end() || historical->powder_source.empty()) return p.cost_gp_per_day;
  artillery::Request q;
  q.gunpowder = historical->id;
  q.type = p.type;
  q.shot_lb = p.shot_lb;
  const auto d = artillery::design(cat, q);
  return d ? d->bombardment.cost_gp_per_day : p.cost_gp_per_day;
}

// One line of the park against the stronghold: bracket, fire mode, shp and cost a day (nullopt
// after an error, reported with the entry's field path).
std::optional<BombardLine> park_line(const artillery::Catalogue& cat, const Siege& siege, const ParkEntry& e, size_t i,
                                     bool cautious, std::optional<double> reach, Diagnostics& errors) {
  const auto& p = *e.piece;
  // Field paths from the siege description's root (placed by the input layer).
  const std::string field = "besieger.artillery[" + std::to_string(i) + "]";
  if (!e.range_yd) {  // the entry has no range_yd: the error names the missing key
    errors.field_error(field, "range_yd: bombardment needs the range at which the " + p.name + " stands");
    return std::nullopt;
  }
  const auto bracket = bracket_at(p, *e.range_yd);
  if (!bracket) {
    errors.field_error(field + ".range_yd", "artillery out of range of the stronghold: the " + p.name + " reaches " +
                                                yd(p.range_long_yd) + ", it stands at " + yd(*e.range_yd));
    return std::nullopt;
  }
  const auto& modes = cat.attack.modes[static_cast<size_t>(p.type)][static_cast<size_t>(*bracket)];
  if (modes.empty()) {
    errors.field_error(field + ".range_yd", "a " + artillery::to_string(p.type) + " cannot fire at " +
                                                artillery::to_string(*bracket) + " range (" + yd(*e.range_yd) +
                                                ", up to " + yd(range_edge(p, *bracket)) + ")");
    return std::nullopt;
  }
  BombardLine l;
  l.piece = p.name + (e.spiked ? " (" + std::to_string(e.spiked) + " spiked)" : std::string());
  l.count = e.usable();
  l.range_yd = *e.range_yd;
  l.bracket = *bracket;
  if (e.fire) {
    if (std::find(modes.begin(), modes.end(), *e.fire) == modes.end()) {
      errors.field_error(field + ".fire", "a " + artillery::to_string(p.type) + " cannot use " +
                                              artillery::to_string(*e.fire) + " fire at " +
                                              artillery::to_string(*bracket) + " range");
      return std::nullopt;
    }
    l.mode = *e.fire;
  } else {
    // Where both modes are possible the stronger one is used (a cannon at medium range fires
    // direct: 675 against 525 shp a day for the 24-pdr); `fire` in the input forces the other.
    double best = -1;
    for (auto m : modes)
      if (auto v = p.bombard.get(*bracket, m); v && *v > best) {
        best = *v;
        l.mode = m;
      }
  }
  const auto stone = p.bombard.get(*bracket, l.mode);
  if (!stone) {
    errors.field_error(field, "the bombardment table prints no figure for the " + p.name + " at " +
                                  artillery::to_string(*bracket) + " range, " + artillery::to_string(l.mode) + " fire");
    return std::nullopt;
  }
  // Wood structures take 33% more at short and medium range and 66% more at long range
  // (Bombarding with Gunpowder Artillery, p. 17); the table's figures are for stone.
  const double pct =
      siege.stronghold.material == Material::wood ? cat.attack.wood_increase_pct[static_cast<size_t>(*bracket)] : 0;
  l.shp_per_day_stone = *stone;
  l.wood_increase_pct = pct;
  l.shp_per_day_each = *stone * (1 + pct / 100);
  l.shp_per_day = l.shp_per_day_each * e.usable();
  l.cost_gp_per_day = cost_per_day(cat, p) * e.usable();
  // A cautious besieger uses only the artillery that can bombard from outside the range of the
  // defender's artillery (Gunpowder Artillery Duels, p. 18).
  if (cautious && reach && l.range_yd <= *reach) {
    l.used = false;
    l.note = p.range_long_yd > *reach ? "within the defender's reach (" + yd(*reach) + "); could bombard from beyond it"
                                      : "within the defender's reach (" + yd(*reach) + ") and cannot outrange it";
  }
  return l;
}

// The derivation of one line of the park: the table's figure, wood's increase, held back or the
// line's total.
void explain_line(const Rules& rules, const artillery::Catalogue& cat, const BombardLine& l, Bombardment& b) {
  const std::string& table = cat.sources.bombardment;
  const std::string where = artillery::to_string(l.bracket) + " range, " + artillery::to_string(l.mode) + " fire";
  const bool wood = l.wood_increase_pct > 0;
  b.explain.push_back(report::Step{l.piece, wood ? "stone shp a day" : "shp a day each", "the table at " + where,
                                   amount(l.shp_per_day_stone), table, {}, report::Yields::rounded}
                          .in("range", yd(l.range_yd))
                          .in("range band", artillery::to_string(l.bracket))
                          .in("fire", artillery::to_string(l.mode)));
  if (wood)  // wood takes more than the table's stone figure
    b.explain.push_back(report::Step{l.piece, "shp a day each",
                                     amount(l.shp_per_day_stone) + " x (1 + " + trim(l.wood_increase_pct) + "%)",
                                     amount(l.shp_per_day_each), cat.attack.bombardment_source}
                            .in("stone shp a day", amount(l.shp_per_day_stone))
                            .in("wood increase", trim(l.wood_increase_pct) + "%"));
  if (!l.used) {
    b.explain.push_back(report::Step{l.piece, "", "held back: " + l.note, "", rules.duel.source}
                            .in("range", yd(l.range_yd))
                            .in("defender's reach", b.defender_reach_yd ? yd(*b.defender_reach_yd) : "none"));
    return;
  }
  b.explain.push_back(report::Step{l.piece, "shp a day",
                                   std::to_string(l.count) + " x " + amount(l.shp_per_day_each),
                                   amount(l.shp_per_day), table}
                          .in("pieces", std::to_string(l.count))
                          .in("shp a day each", amount(l.shp_per_day_each)));
}

// The days to a number of breaches, or why the stronghold cannot take that many.
void explain_breaches(const Rules& rules, int breaches, int shp, Bombardment& b) {
  const long long need = static_cast<long long>(breaches) * b.shp_per_breach;
  if (need <= shp) {
    b.days_to_breaches = ceil_div(static_cast<double>(need), b.shp_per_day);
    b.explain.push_back(report::Step{"", "days to " + std::to_string(breaches) + " breaches",
                                     "ceil(" + std::to_string(breaches) + " x " + grouped(b.shp_per_breach) +
                                         " / " + amount(b.shp_per_day) + ")",
                                     std::to_string(*b.days_to_breaches), rules.duration.breach_source}
                            .in("breaches", std::to_string(breaches))
                            .in("shp a breach", grouped(b.shp_per_breach))
                            .in("shp a day", amount(b.shp_per_day)));
  } else {
    b.explain.push_back(report::statement(std::to_string(breaches) + " breaches need " + grouped(need) +
                                              " shp of damage, more than the stronghold's " + grouped(shp),
                                          rules.duration.breach_source)
                            .in("breaches", std::to_string(breaches))
                            .in("stronghold shp", grouped(shp)));
  }
}

}  // namespace

Expected<Bombardment> bombard(const Rules& rules, const artillery::Catalogue& cat, const Siege& siege, bool cautious,
                              std::optional<int> breaches) {
  Bombardment b;
  b.cautious = cautious;
  b.shp_per_breach = rules.duration.shp_per_breach;
  b.breaches_wanted = breaches;
  for (const auto& e : siege.defender.artillery)
    if (e.usable() > 0) b.defender_reach_yd = std::max(b.defender_reach_yd.value_or(0), e.piece->range_long_yd);

  Diagnostics errors;
  const auto& besieger = siege.besieger.artillery;
  for (size_t i = 0; i < besieger.size(); ++i)
    if (auto l = park_line(cat, siege, besieger[i], i, cautious, b.defender_reach_yd, errors)) b.lines.push_back(*l);
  if (!errors.empty()) return errors;

  const std::string& table = cat.sources.bombardment;
  for (const auto& l : b.lines) {
    explain_line(rules, cat, l, b);
    if (!l.used) continue;
    b.shp_per_day += l.shp_per_day;
    b.cost_gp_per_day += l.cost_gp_per_day;
  }
  std::string used_shp, used_cost;
  for (const auto& l : b.lines)
    if (l.used) {
      used_shp += (used_shp.empty() ? "" : " + ") + amount(l.shp_per_day);
      used_cost += (used_cost.empty() ? "" : " + ") + amount(l.cost_gp_per_day);
    }
  const int shp = siege.stronghold.shp;
  b.explain.push_back(report::Step{"the park", "shp a day", used_shp.empty() ? "no piece bombards" : used_shp,
                                   amount(b.shp_per_day), table});
  b.explain.push_back(report::Step{"the park", "powder and shot a day",
                                   used_cost.empty() ? "no piece bombards" : used_cost + " gp",
                                   amount(b.cost_gp_per_day) + " gp", cat.sources.price_list});
  if (b.shp_per_day <= 0) {
    b.explain.push_back(report::statement("no piece can bombard: the stronghold is not reduced", table));
    b.shp_by_day = {shp};
    return b;
  }
  b.days = ceil_div(shp, b.shp_per_day);
  b.cost_gp_total = b.cost_gp_per_day * *b.days;
  b.explain.push_back(report::Step{"", "days to zero", "ceil(" + grouped(shp) + " / " + amount(b.shp_per_day) + ")",
                                   std::to_string(*b.days), table}
                          .in("stronghold shp", grouped(shp))
                          .in("shp a day", amount(b.shp_per_day)));
  b.explain.push_back(report::Step{"", "powder and shot in all",
                                   amount(b.cost_gp_per_day) + " x " + std::to_string(*b.days),
                                   amount(*b.cost_gp_total) + " gp", cat.sources.price_list}
                          .in("gp a day", amount(b.cost_gp_per_day))
                          .in("days", std::to_string(*b.days)));
  // One breach per 1,000 shp of damage (rules-gaps.md §1).
  if (shp >= b.shp_per_breach) {
    b.days_to_first_breach = ceil_div(b.shp_per_breach, b.shp_per_day);
    b.explain.push_back(report::Step{"", "days to the first breach",
                                     "ceil(" + grouped(b.shp_per_breach) + " / " + amount(b.shp_per_day) + ")",
                                     std::to_string(*b.days_to_first_breach), rules.duration.breach_source}
                            .in("shp a breach", grouped(b.shp_per_breach))
                            .in("shp a day", amount(b.shp_per_day)));
  }
  if (breaches) explain_breaches(rules, *breaches, shp, b);
  b.shp_by_day.reserve(static_cast<size_t>(*b.days) + 1);
  for (int d = 0; d <= *b.days; ++d)
    b.shp_by_day.push_back(rounding::saturated_int(std::max(0.0, rounding::half_up(shp - b.shp_per_day * d))));

  // The loss of cannon with damage (seed 001, Firing) applied to the defender's artillery: a
  // structure that has lost half its points loses a quarter of its cannon, and so on (rounded up).
  int defenders = 0;
  for (const auto& e : siege.defender.artillery) defenders += e.usable();
  if (defenders > 0)
    for (const auto& step : rules.structures.cannon_loss) {
      Bombardment::CannonLoss c;
      c.damage_fraction = step.damage_fraction;
      c.day = ceil_div(step.damage_fraction * shp, b.shp_per_day);
      c.pieces_lost = rounding::saturated_int(rounding::fraction_up(step.cannon_lost_fraction * defenders));
      b.defender_losses.push_back(c);
    }
  return b;
}

// ---------------------------------------------------------------------------------------------
// 3. Duel set-up

std::string duel_letters(size_t i) {
  std::string s;
  ++i;
  while (i > 0) {
    --i;
    s.insert(s.begin(), static_cast<char>('A' + i % 26));
    i /= 26;
  }
  return s;
}

Expected<DuelSetup> duel_setup(const Rules& rules, const artillery::Catalogue& cat, const Siege& siege,
                               const DuelOptions& options) {
  int usable_d = 0, usable_b = 0;
  for (const auto& e : siege.defender.artillery) usable_d += e.usable();
  for (const auto& e : siege.besieger.artillery) usable_b += e.usable();
  if (usable_d == 0)
    return Expected<DuelSetup>::failure("no artillery duel: the defender has no artillery that can fire");
  if (usable_b == 0)
    return Expected<DuelSetup>::failure("no artillery duel: the besieger has no artillery that can fire");
  DuelSetup s;
  s.options = options;
  s.max_rounds = options.max_rounds.value_or(rules.duel.rounds_per_day);
  for (const auto& e : siege.defender.artillery)
    if (e.usable() > 0) s.defender_reach_yd = std::max(s.defender_reach_yd, e.piece->range_long_yd);
  size_t label = 0;
  auto add = [&](const ParkEntry& e, bool besieger) {
    // Spiked pieces cannot fire (Spiking the Guns): they take no part in the duel.
    label += static_cast<size_t>(e.spiked);
    for (int k = e.spiked; k < e.count; ++k, ++label) {
      DuelPiece p;
      p.label = static_cast<size_t>(k) < e.labels.size() ? e.labels[static_cast<size_t>(k)] : duel_letters(label);
      p.piece = e.piece;
      p.besieger = besieger;
      p.carriage = e.carriage_given ? e.carriage : most_mobile_carriage(*e.piece);
      const auto& mc = rules.duel.mobile_carriages;
      p.mobile = besieger && std::find(mc.begin(), mc.end(), p.carriage) != mc.end();
      p.engage_yd = e.piece->range_long_yd;
      if (!besieger) {
        // A defender holding its fire waits until a target is within medium range.
        if (options.defender == DefenderPolicy::hold) p.engage_yd = e.piece->range_medium_yd;
        s.pieces.push_back(p);
        continue;
      }
      // The besieger's pieces start at any range equal to or greater than the defender's
      // longest-range piece (Gunpowder Artillery Duels, p. 18): at their own range if farther.
      p.start_yd = std::max(e.range_yd.value_or(s.defender_reach_yd), s.defender_reach_yd);
      p.stop_yd = p.start_yd;
      if (p.mobile && options.besieger != BesiegerPolicy::fire) {
        double stop = range_edge(*e.piece, options.advance_to);
        // A piece never advances into a bracket where it cannot fire (a mortar at short range):
        // it stops at the far edge of the nearest bracket it can fire at.
        const auto& modes = cat.attack.modes[static_cast<size_t>(e.piece->type)];
        for (size_t b = static_cast<size_t>(options.advance_to); b < modes.size() && modes[b].empty(); ++b)
          if (b + 1 < modes.size()) stop = range_edge(*e.piece, static_cast<Bracket>(b + 1));
        if (e.duel_range_yd) stop = *e.duel_range_yd;
        p.stop_yd = std::min(stop, p.start_yd);
      }
      s.pieces.push_back(p);
    }
  };
  for (const auto& e : siege.defender.artillery) add(e, false);
  s.defenders = s.pieces.size();
  for (const auto& e : siege.besieger.artillery) add(e, true);
  // The trace names the pieces by their labels: each must be its own, across the rows and the
  // sides and against the letters given to the pieces without one.
  std::set<std::string> seen;
  for (const auto& p : s.pieces)
    if (!seen.insert(p.label).second)
      return Expected<DuelSetup>::failure("the label \"" + p.label +
                                          "\" names two pieces of the duel (in two artillery rows, or the letter "
                                          "of a piece given no label): each piece needs a label of its own");
  int mobile = 0;
  for (const auto& p : s.pieces) mobile += p.mobile ? 1 : 0;
  // Defaults of the fall-back and hole-up policies: half the pieces, rounded up.
  s.fall_back_after = options.fall_back_after.value_or(std::max(1, (mobile + 1) / 2));
  s.hole_up_after = options.hole_up_after.value_or(std::max(1, (static_cast<int>(s.defenders) + 1) / 2));
  return s;
}

}  // namespace gunpowder::siege
