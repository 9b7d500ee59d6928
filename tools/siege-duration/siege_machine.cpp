// siege_machine.cpp - siege-duration --method siege-machine: the Siege Machine of seed 004 on
// [siege_machine]: the BR bonuses by option, and one traced siege (--trace) or the odds over
// seeded sieges, week by week.
#include <algorithm>
#include <thread>

#include "common/progress.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/methods.hpp"

namespace gunpowder::siege_app {

using fmtnum::grouped;
using fmtnum::trim;
using report::Align;
using report::Table;

namespace {

constexpr long long kMaxMachineWork = 60'000'000;  // sieges x weeks

void machine_bonus_report(const siege::SiegeMachineRules& r, const siege::SmSetup& m, report::Report& rep,
                          json::Value& out) {
  Table t;
  t.name = "br-bonuses";
  t.title = "Siege Machine: BR bonuses by the attacker's option (War Machine, Siege Machine: Preparation)";
  t.add_column("option", "Option")
      .add_column("side", "Side")
      .add_column("br", "BR", Align::right)
      .add_column("artillery", "Artillery", Align::right)
      .add_column("equipment", "Equipment", Align::right)
      .add_column("fortification", "Fortification", Align::right)
      .add_column("total", "Total", Align::right);
  json::Value a = json::array();
  std::vector<std::string> options;
  if (m.plan == siege::SmPlan::bombard_then_assault)
    options = {"bombard", "assault"};
  else
    options = {siege::to_string(m.plan)};
  // Concentrated fire: the engines the front allows, the distant fortifications at a quarter.
  siege::SmSide attacker = m.attacker;
  if (m.front_ft)
    attacker.equipment =
        siege::engines_at_front(r, m.attacker.equipment, siege::front_limits(r, *m.front_ft).max_engines);
  auto row = [&](const std::string& o, bool d, int br, int art, int eq, int fort, int total) {
    using report::cell::integer;
    t.add_row({o, d ? "defender" : "attacker", integer(br), integer(art), integer(eq), integer(fort), integer(total)});
    json::Value j = json::object();
    j.set("option", o);
    j.set("side", d ? "defender" : "attacker");
    j.set("br", br);
    j.set("artillery", art);
    j.set("equipment", eq);
    j.set("fortification", fort);
    j.set("total", total);
    a.push(std::move(j));
  };
  for (const auto& o : options)
    for (int d = 0; d < 2; ++d) {
      const auto& side = d ? m.defender : attacker;
      const auto b = siege::side_bonus(r, side, d == 1, o, nullptr, m.front_ft.has_value());
      row(o, d == 1, side.br, b.artillery, b.equipment, b.fortification, side.br + b.total());
      const std::string who = "siege machine: " + o + (d ? ", defender: " : ", attacker: ");
      for (const auto& l : b.lines) rep.explain.push_back(who + l);
    }
  if (m.defender_plan == siege::SmDefenderPlan::sally) {
    // The sally: a standard War Machine battle, the defender +10% BR (rounded up), no siege bonuses.
    row("sally", false, m.attacker.br, 0, 0, 0, m.attacker.br);
    row("sally", true, m.defender.br, 0, 0, 0, m.defender.br + siege::sally_bonus(r, m.defender.br));
  }
  t.notes.push_back(
      "the artillery column is the A of the bombard casualties (A/10 x 1d10 hit dice of defenders, A'/10 x 2d10 of "
      "attackers); an assault adds " +
      std::to_string(r.assault_br_pct) + "% of the attacker's BR");
  if (m.defender_plan == siege::SmDefenderPlan::sally)
    t.notes.push_back("a sally adds " + std::to_string(r.sally_br_pct) +
                      "% of the defender's BR (surprise), without fortification "
                      "or siege-equipment bonuses, and takes War Machine casualties in full");
  if (m.front_ft) {
    const auto f = siege::front_limits(r, *m.front_ft);
    t.notes.push_back("concentrated fire on " + trim(*m.front_ft, 2) + "': at most " + grouped(f.max_troops) +
                      " attacking troops and " + std::to_string(f.max_engines) +
                      " siege engines (most BR first, counting crew); fortifications beyond " +
                      std::to_string(r.cf_full_within_ft) + "' count " + std::to_string(r.cf_other.n) + "/" +
                      std::to_string(r.cf_other.d));
  }
  rep.tables.push_back(std::move(t));
  out.set("bonuses", std::move(a));
}

json::Value rating_json(const std::optional<war::Rating>& r) {
  if (!r) return json::Value();
  json::Value o = json::object();
  o.set("method", r->method);
  o.set("bfr", r->bfr ? json::Value(*r->bfr) : json::Value());
  o.set("troop_class", r->troop_class ? json::Value(*r->troop_class) : json::Value());
  o.set("statements_true", r->statements_true);
  o.set("br", r->br);
  return o;
}

// One week of the trace as JSON.
json::Value week_json(const siege::SmWeek& w) {
  const bool battle = !w.battle.empty();
  json::Value j = json::object();
  j.set("week", w.week);
  j.set("option", w.option.empty() ? json::Value() : json::Value(w.option));
  j.set("attacker_br", battle ? json::Value(w.br[0]) : json::Value());
  j.set("defender_br", battle ? json::Value(w.br[1]) : json::Value());
  j.set("attacker_roll", battle ? json::Value(w.rolls[0]) : json::Value());
  j.set("defender_roll", battle ? json::Value(w.rolls[1]) : json::Value());
  j.set("battle", battle ? json::Value(w.battle) : json::Value());
  j.set("attacker_hd", w.attacker_hd);
  j.set("defender_hd", w.defender_hd);
  j.set("attacker_lost", static_cast<long long>(w.attacker_lost));
  j.set("defender_lost", static_cast<long long>(w.defender_lost));
  j.set("attacker_troops", static_cast<long long>(w.attacker_troops));
  j.set("defender_troops", static_cast<long long>(w.defender_troops));
  j.set("damage_d", w.damage_d ? json::Value(*w.damage_d) : json::Value());
  j.set("damage_roll", w.damage_roll ? json::Value(*w.damage_roll) : json::Value());
  j.set("damage", w.damage);
  j.set("shp_left", w.shp_left ? json::Value(*w.shp_left) : json::Value());
  j.set("breach_ft", w.breach_ft);
  j.set("attacker_morale", w.attacker_morale ? json::Value(*w.attacker_morale) : json::Value());
  j.set("defender_morale", w.defender_morale ? json::Value(*w.defender_morale) : json::Value());
  j.set("escaped", static_cast<long long>(w.escaped));
  j.set("note", json::text_or_null(w.note));
  week_money_json(w, j);
  return j;
}

// The week-by-week table: for people one cell per figure of both sides ("att/def"), for programs
// one column per number (attacker_br, defender_br, ...), named as the JSON keys of a week.
void week_columns(Table& t, bool shp, bool morale, bool money) {
  using report::Shown;
  t.add_column("week", "Week", Align::right).add_column("option", "Option");
  auto pair = [&](const std::string& key, const std::string& header, const std::string& suffix = "") {
    t.add_column(key, header, Align::right, Shown::people)
        .add_column("attacker_" + key + suffix, "Attacker " + key, Align::right, Shown::programs)
        .add_column("defender_" + key + suffix, "Defender " + key, Align::right, Shown::programs);
  };
  pair("br", "BR att/def");
  t.add_column("rolls", "d100 att/def", Align::right, Shown::people)
      .add_column("attacker_roll", "Attacker d100", Align::right, Shown::programs)
      .add_column("defender_roll", "Defender d100", Align::right, Shown::programs);
  t.add_column("battle", "Battle");
  pair("hd", "Artillery HD att/def");
  pair("lost", "Lost att/def");
  pair("troops", "Troops att/def");
  if (shp) {
    t.add_column("damage_roll_text", "d - d% = damage", Align::right, Shown::people)
        .add_column("damage_d", "d", Align::right, Shown::programs)
        .add_column("damage_roll", "d%", Align::right, Shown::programs)
        .add_column("damage", "Damage", Align::right, Shown::programs)
        .add_column("shp_left", "Shp left", Align::right)
        .add_column("breach_ft", "Breach ft", Align::right);
  }
  if (morale) pair("morale", "Morale att/def");
  pair("cost", "Cost gp att/def", "_gp_per_week");
  if (money) pair("money", "Money gp att/def", "_gp");
  t.add_column("note", "Note");
}

// The "d - d% = damage" cell of a week: the week's d, the roll and the damage done.
std::string damage_text(const siege::SmWeek& w) {
  if (!w.damage_d) return "-";
  std::string dmg = trim(*w.damage_d, 2);
  const double raw = std::max(0.0, *w.damage_d - w.damage_roll.value_or(0));
  dmg.append(" - ").append(std::to_string(w.damage_roll.value_or(0))).append(" = ").append(trim(raw, 2));
  if (w.damage < raw - 1e-9) dmg.append(" (").append(trim(w.damage, 2)).append(" left to take)");
  return dmg;
}

std::vector<report::Cell> week_cells(const siege::SmWeek& w, bool shp, bool morale, bool money) {
  using report::cell::integer;
  using report::cell::none;
  using report::cell::trimmed;
  const bool battle = !w.battle.empty();
  std::vector<report::Cell> cells{integer(w.week), w.option};
  if (battle) {
    side_pair_cells(integer(w.br[0]), integer(w.br[1]), cells);
    side_pair_cells(integer(w.rolls[0]), integer(w.rolls[1]), cells);
    cells.emplace_back(w.battle);
  } else {
    for (int figure = 0; figure < 2; ++figure) cells.insert(cells.end(), {none(), none(""), none("")});  // BR, d100
    cells.push_back(none());
  }
  side_pair_cells(trimmed(w.attacker_hd, 2), trimmed(w.defender_hd, 2), cells);
  side_pair_cells(integer(w.attacker_lost), integer(w.defender_lost), cells);
  side_pair_cells(integer(w.attacker_troops), integer(w.defender_troops), cells);
  if (shp) {
    cells.emplace_back(damage_text(w));
    cells.push_back(trimmed(w.damage_d, 2));
    cells.push_back(w.damage_d ? integer(w.damage_roll.value_or(0)) : none(""));
    cells.push_back(w.damage_d ? trimmed(w.damage, 2) : none(""));
    cells.push_back(trimmed(w.shp_left, 2));
    cells.push_back(trimmed(w.breach_ft, 1));
  }
  if (morale) side_pair_cells(integer(w.attacker_morale), integer(w.defender_morale), cells);
  week_money_cells(w, money, cells);
  cells.emplace_back(w.note);
  return cells;
}

void machine_trace_report(const std::vector<siege::SmWeek>& weeks, const siege::SmResult& res, std::uint64_t seed,
                          report::Report& rep, json::Value& out) {
  // Columns for the structure and morale only when the siege tracks them.
  const bool shp =
      std::any_of(weeks.begin(), weeks.end(), [](const siege::SmWeek& w) { return w.shp_left.has_value(); });
  const bool morale = std::any_of(weeks.begin(), weeks.end(),
                                  [](const siege::SmWeek& w) { return w.attacker_morale || w.defender_morale; });
  const bool money =
      std::any_of(weeks.begin(), weeks.end(), [](const siege::SmWeek& w) { return w.money[0] || w.money[1]; });
  Table t;
  t.title = "Siege Machine, week by week (seed " + std::to_string(seed) + ")";
  seeded_context(t, seed, std::nullopt);
  week_columns(t, shp, morale, money);
  json::Value a = json::array();
  for (const auto& w : weeks) {
    t.add_row(week_cells(w, shp, morale, money));
    json::Value j = week_json(w);
    a.push(std::move(j));
  }
  t.notes.push_back(siege::describe(res.end) + " in week " + std::to_string(res.weeks));
  rep.tables.push_back(std::move(t));
  json::Value r = json::object();
  r.set("end", siege::to_string(res.end));
  r.set("weeks", res.weeks);
  r.set("attacker_troops", static_cast<long long>(res.attacker_troops));
  r.set("defender_troops", static_cast<long long>(res.defender_troops));
  r.set("escaped", static_cast<long long>(res.escaped));
  r.set("shp_left", res.shp_left ? json::Value(*res.shp_left) : json::Value());
  result_money_json(res, r);
  out.set("result", std::move(r));
  out.set("trace", std::move(a));
  out.set("odds", json::Value());
}

// How a siege ends, in the words of a chart's label.
std::string sm_end_words(siege::SmEnd e) {
  switch (e) {
    case siege::SmEnd::captured_by_assault:
      return "Captured by assault";
    case siege::SmEnd::captured_by_bombardment:
      return "Captured by bombardment";
    case siege::SmEnd::starved:
      return "Starved out";
    case siege::SmEnd::abandoned:
      return "Abandoned by the garrison";
    case siege::SmEnd::departed:
      return "The attacker departs";
    case siege::SmEnd::lifted:
      return "Lifted by a sally";
    case siege::SmEnd::holding_out:
      return "Still holding out";
  }
  return siege::to_string(e);
}

void machine_odds_report(const siege::SmOdds& o, int max_weeks, report::Report& rep, json::Value& out) {
  Table t;
  t.name = "siege-ends";
  t.title = "Siege Machine: how " + grouped(o.runs) + " seeded sieges end (seed " + std::to_string(o.seed) + ")";
  seeded_context(t, o.seed, o.runs);
  t.add_column("end", "End").add_column("count", "Sieges", Align::right);
  proportion_columns(t);
  json::Value ends = json::object();
  for (auto e : siege::kSmEnds) {
    const auto p = siege::wilson(o.ends[static_cast<size_t>(e)], o.runs);
    std::vector<report::Cell> row{value_cell(siege::describe(e), siege::to_string(e)), report::cell::integer(p.count)};
    for (auto& c : proportion_cells(p)) row.push_back(std::move(c));
    t.add_row(std::move(row));
    ends.set(json_key(siege::to_string(e)), proportion_json(p));
  }
  rep.tables.push_back(std::move(t));
  Table w;
  w.name = "weeks-to-fall";
  w.title = "Siege Machine: weeks until the stronghold falls";
  seeded_context(w, o.seed, o.runs);
  w.add_column("week", "Week", Align::right)
      .add_column("p_falls", "Falls that week", Align::right)
      .add_column("p_fallen", "Fallen by then", Align::right);
  long long cum = 0;
  json::Value hist = json::array();
  for (int k = 1; k <= max_weeks; ++k) {
    const long long c = o.capture_week[static_cast<size_t>(k)];
    cum += c;
    hist.push(c);
    if (c > 0)
      w.add_row({report::cell::integer(k), report::cell::percent(static_cast<double>(c) / static_cast<double>(o.runs)),
                 report::cell::percent(static_cast<double>(cum) / static_cast<double>(o.runs))});
  }
  report::Chart ends_chart;
  ends_chart.title = "Siege Machine: how the sieges end";
  for (auto e : siege::kSmEnds) {
    ends_chart.labels.push_back(sm_end_words(e));
    ends_chart.values.push_back(static_cast<double>(o.ends[static_cast<size_t>(e)]) / static_cast<double>(o.runs));
  }
  rep.charts.push_back(std::move(ends_chart));
  report::Chart weeks_chart;
  weeks_chart.title = "Siege Machine: the week the stronghold falls";
  weeks_chart.label_axis = "Week";
  int last = 0;
  for (int k = 1; k <= max_weeks; ++k)
    if (o.capture_week[static_cast<size_t>(k)] > 0) last = k;
  for (int k = 1; k <= last; ++k) {
    weeks_chart.labels.push_back(std::to_string(k));
    weeks_chart.values.push_back(static_cast<double>(o.capture_week[static_cast<size_t>(k)]) /
                                 static_cast<double>(o.runs));
  }
  if (!weeks_chart.labels.empty()) rep.charts.push_back(std::move(weeks_chart));
  w.notes.push_back("falls = captured by assault or bombardment, starved out or abandoned; mean " +
                    trim(o.mean_weeks_to_capture, 2) + " weeks, median " + std::to_string(o.median_weeks_to_capture) +
                    " (over the sieges that fall)");
  w.notes.push_back("what a siege costs, mean over the sieges: attacker " + trim(o.mean_cost_gp_total[0], 2) +
                    " gp, defender " + trim(o.mean_cost_gp_total[1], 2) + " gp");
  rep.tables.push_back(std::move(w));
  json::Value j = json::object();
  j.set("runs", o.runs);
  j.set("seed", static_cast<long long>(o.seed));
  j.set("ends", std::move(ends));
  j.set("falls_by_week", std::move(hist));
  j.set("mean_weeks_to_fall", o.mean_weeks_to_capture);
  j.set("median_weeks_to_fall", o.median_weeks_to_capture);
  json::Value mc = json::object();
  mc.set("attacker", o.mean_cost_gp_total[0]);
  mc.set("defender", o.mean_cost_gp_total[1]);
  j.set("mean_cost_gp_total", std::move(mc));
  out.set("result", json::Value());
  out.set("trace", json::Value());
  out.set("odds", std::move(j));
}

// The request with the command line's overrides (--plan, --weeks) and, with bombardment_damage,
// the besieger's gunpowder park.
Expected<siege::SmSetup> machine_setup(const Context& c) {
  siege::SmSetup m = *c.in.machine;
  if (const auto& p = c.opt.plan) m.plan = siege::parse_plan(*p).value_or(m.plan);
  if (c.opt.weeks) m.max_weeks = *c.opt.weeks;
  if (c.in.machine_bombardment) {
    // The besieger's gunpowder park: the bombardment method's shp a day, for a week's d.
    auto b = siege::bombard(c.rules, c.cat, *c.in.siege, c.opt.cautious, std::nullopt);
    if (!b) return input::place_fields(b.error(), c.doc, c.doc.root);
    m.gunpowder_weekly_damage = siege::gunpowder_weekly_damage(*b);
    c.rep.explain.push_back("siege machine: the besieger's gunpowder park bombards " + trim(b->shp_per_day, 2) +
                            " shp a day: d += " + trim(m.gunpowder_weekly_damage, 2) +
                            " a week while its artillery fires");
  }
  return m;
}

// The setup as JSON, and the explanation of rated sides.
void setup_json(const Context& c, const siege::SiegeMachineRules& sm, const siege::SmSetup& m, json::Value& out) {
  out.set("mode", c.opt.trace ? "trace" : "odds");
  out.set("seed", static_cast<long long>(c.opt.seed));
  out.set("plan", siege::to_string(m.plan));
  out.set("bombard_weeks", m.bombard_weeks);
  out.set("weeks", m.max_weeks);
  out.set("tie_policy", war::to_string(m.tie));
  out.set("defender_plan", siege::to_string(m.defender_plan));
  out.set("defender_plan_week", opt_int(m.defender_week));
  out.set("defender_plan_when", m.defender_when ? json::Value(siege::to_string(*m.defender_when)) : json::Value());
  out.set("escape", m.escape);
  out.set("pursue_departure", m.pursue_departure);
  out.set("depart_after_weeks", opt_int(m.depart_after_weeks));
  out.set("depart_below_troop_ratio", opt_num(m.depart_below_troop_ratio));
  out.set("front_ft", opt_num(m.front_ft));
  const auto st = siege::make_structure(sm, m.defender, m.stronghold_shp);
  out.set("shp", st.tracked() ? json::Value(st.total_initial()) : json::Value());
  out.set("gunpowder_weekly_damage", m.gunpowder_weekly_damage);
  json::Value ratings = json::object();
  ratings.set("attacker", rating_json(c.in.machine_ratings[0]));
  ratings.set("defender", rating_json(c.in.machine_ratings[1]));
  out.set("ratings", std::move(ratings));
  for (size_t d = 0; d < 2; ++d)
    if (const auto& rt = c.in.machine_ratings[d])
      for (const auto& l : rt->explain)
        c.rep.explain.push_back(std::string("siege machine: ") + (d ? "defender" : "attacker") + " rating: " + l);
}

// One seeded siege, week by week (--trace).
std::optional<Diagnostics> run_traced(const Context& c, const war::Rules& wr, const siege::SiegeMachineRules& sm,
                                      const siege::SmSetup& m, json::Value& out) {
  Rng rng = Rng::stream(c.opt.seed, 0);
  std::vector<siege::SmWeek> weeks;
  auto res = siege::run_siege_machine(wr, sm, m, rng, &weeks);
  if (!res) return res.error();
  machine_trace_report(weeks, *res, c.opt.seed, c.rep, out);
  return std::nullopt;
}

// The odds over --runs seeded sieges, within a budget on the work asked for.
std::optional<Diagnostics> run_odds(const Context& c, const war::Rules& wr, const siege::SiegeMachineRules& sm,
                                    const siege::SmSetup& m, json::Value& out) {
  const long long runs = c.opt.runs;
  if (runs * static_cast<long long>(m.max_weeks) > kMaxMachineWork)
    return cli::usage_error("--runs", std::to_string(runs) + " sieges of up to " + std::to_string(m.max_weeks) +
                                          " weeks is too much work (runs x weeks at most " + grouped(kMaxMachineWork) +
                                          "): ask for fewer runs or weeks");
  Progress progress("sieges", static_cast<std::uint64_t>(runs));
  auto odds = siege::siege_machine_odds(wr, sm, m, runs, c.opt.seed, c.threads(),
                                        [&](std::uint64_t done) { progress.advance(done); });
  if (!odds) return odds.error();
  machine_odds_report(*odds, m.max_weeks, c.rep, out);
  return std::nullopt;
}

}  // namespace

MethodResult run_siege_machine(const Context& c) {
  if (!c.in.machine) {
    if (!c.all()) return cli::usage_error("--method", "siege-machine needs [siege_machine] in the input");
    c.skip("siege-machine", "no [siege_machine]");
    return json::Value();
  }
  auto sm = siege::load_siege_machine_rules();
  if (!sm) return sm.error();
  auto wr = war::load_rules();
  if (!wr) return wr.error();
  auto m = machine_setup(c);
  if (!m) return m.error();
  json::Value out = json::object();
  setup_json(c, **sm, *m, out);
  machine_bonus_report(**sm, *m, c.rep, out);
  machine_money_report(**sm, *m, c.rep, out);
  auto error = c.opt.trace ? run_traced(c, **wr, **sm, *m, out) : run_odds(c, **wr, **sm, *m, out);
  if (error) return *error;
  return out;
}

}  // namespace gunpowder::siege_app
