// siege_machine.cpp - siege-duration --method siege-machine: the Siege Machine of seed 004 on
// [siege_machine]: the BR bonuses by option, and one traced siege (--trace) or the odds over
// seeded sieges, week by week.
#include <algorithm>
#include <array>
#include <thread>

#include "common/progress.hpp"
#include "common/provenance.hpp"
#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/fields.hpp"
#include "siege-duration/methods.hpp"
#include "siege-duration/ruled.hpp"
#include "siege-duration/tables.hpp"

namespace gunpowder::siege_app {

using fmtnum::grouped;
using fmtnum::trim;
using report::Table;

namespace {

constexpr long long kMaxMachineWork = 60'000'000;  // sieges x weeks

/// The house rules behind the Siege Machine's figures: its own table (data/siege_machine.toml,
/// read by every part of it), each side's rating, and for a siege run the War Machine rules its
/// battles read (the combat results, tactics, troop ratio and fatigue), the stronghold's shp and
/// the gunpowder park's bombardment.
struct MachineRuled {
  Ruled table;
  std::array<Ruled, 2> rating;
  Ruled run;
};

Ruled war_rule(const war::Rules& wr) {
  const auto& x = wr.ruled;
  Ruled r;
  for (const Ruled* k : {&x.results, &x.result_rules, &x.tactics, &x.withdraw, &x.ratio_formula, &x.ratio_bands,
                         &x.ratio_reading, &x.tie_policy})
    r = cli::either(std::move(r), *k);
  for (auto f : {war::Fatigue::moderate, war::Fatigue::serious})
    if (const auto* a = wr.fatigue_line(f)) r = cli::either(std::move(r), a->ruled);
  return r;
}

void machine_bonus_report(const siege::SiegeMachineRules& r, const siege::SmSetup& m, const MachineRuled& ruled,
                          report::Report& rep) {
  Table t = table_of(tables::br_bonuses());
  t.title = "Siege Machine: BR bonuses by the attacker's option (War Machine, Siege Machine: Preparation)";
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
    // The side's BR (its rating) and the bonuses of the Siege Machine's table.
    t.add_row({o, side_name(d, true), integer(br), integer(art), integer(eq), integer(fort), integer(total)},
              source_of(cli::either(ruled.rating[d ? 1 : 0], ruled.table)));
  };
  for (const auto& o : options)
    for (int d = 0; d < 2; ++d) {
      const auto& side = d ? m.defender : attacker;
      const auto b = siege::side_bonus(r, side, d == 1, o, nullptr, m.front_ft.has_value());
      row(o, d == 1, side.br, b.artillery, b.equipment, b.fortification, side.br + b.total());
      report::append_under(rep.explain, b.steps, "siege machine: " + o + (d ? ", defender" : ", attacker"));
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

std::vector<report::Cell> week_cells(const siege::SmWeek& w) {
  using report::cell::integer;
  using report::cell::none;
  using report::cell::trimmed;
  const bool battle = !w.battle.empty();
  std::vector<report::Cell> cells{integer(w.week), report::cell::text_or_none(w.option)};
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
  cells.emplace_back(damage_text(w));
  cells.push_back(trimmed(w.damage_d, 2));
  cells.push_back(w.damage_d ? integer(w.damage_roll.value_or(0)) : none(""));
  cells.push_back(w.damage_d ? trimmed(w.damage, 2) : none(""));
  cells.push_back(trimmed(w.shp_left, 2));
  cells.push_back(trimmed(w.breach_ft, 1));
  side_pair_cells(integer(w.attacker_morale), integer(w.defender_morale), cells);
  week_money_cells(w, cells);
  cells.emplace_back(w.note);
  cells.push_back(integer(w.escaped));
  cells.push_back(trimmed(w.ammunition_yield, 12));
  return cells;
}

void machine_trace_report(const std::vector<siege::SmWeek>& weeks, const siege::SmResult& res, std::uint64_t seed,
                          const std::string& source, report::Report& rep) {
  namespace f = fields;
  // Columns for the structure, morale and money only when the siege tracks them (people).
  const bool shp =
      std::any_of(weeks.begin(), weeks.end(), [](const siege::SmWeek& w) { return w.shp_left.has_value(); });
  const bool morale = std::any_of(weeks.begin(), weeks.end(),
                                  [](const siege::SmWeek& w) { return w.attacker_morale || w.defender_morale; });
  const bool money =
      std::any_of(weeks.begin(), weeks.end(), [](const siege::SmWeek& w) { return w.money[0] || w.money[1]; });
  Table t = table_of(tables::week_by_week());
  t.title = "Siege Machine, week by week (seed " + std::to_string(seed) + ")";
  seeded_context(t, seed, std::nullopt);
  for (const auto& w : weeks) t.add_row(week_cells(w), source);
  std::vector<const report::Field*> hidden;
  hidden.reserve(5);
  if (!shp)  // one at a time: GCC 12 warns of a false overflow in insert() of a list into an empty vector
    for (const report::Field* h : {&f::kDamageText, &f::kWeekShpLeft, &f::kBreachFt}) hidden.push_back(h);
  if (!morale) hidden.push_back(&f::kMoralePair);
  if (!money) hidden.push_back(&f::kMoneyPair);
  hide_from_people(t, hidden);
  t.notes.push_back(siege::describe(res.end) + " in week " + std::to_string(res.weeks));
  rep.tables.push_back(std::move(t));
  week_cost_tables(weeks, seed, source, rep);
  using report::cell::integer;
  using report::cell::trimmed;
  Table r = table_of(tables::machine_result());
  seeded_context(r, seed, std::nullopt);
  r.add_row({siege::to_string(res.end), integer(res.weeks), integer(res.attacker_troops), integer(res.defender_troops),
             integer(res.escaped), trimmed(res.shp_left, 12), trimmed(res.cost_total[0], 12),
             trimmed(res.cost_total[1], 12), trimmed(res.money[0], 12), trimmed(res.money[1], 12)},
            source);
  rep.tables.push_back(std::move(r));
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

// The odds of the sieges, sampled or exact, in the same tables: shares of the sieges (with counts
// and intervals when sampled), and how they were found.
struct MachineFigures {
  std::optional<siege::SmOdds> sampled;  ///< the seeded sieges' counts (sampled)
  std::optional<siege::SmExact> tried;   ///< the exact chain: its figures, or where it stopped
  std::array<double, siege::kSmEnds.size()> ends{};
  std::vector<double> capture_week;  ///< P(falls in week k)
  double mean_weeks = 0;
  int median_weeks = 0;
  std::array<double, 2> mean_cost{};
  report::Distribution weeks;
  std::array<report::Distribution, 2> troops, cost;
  bool costs = true;             ///< false: cost has no distribution (exact, money on hand not counted)
  std::array<double, 2> cost_sd{};  ///< the costs' sd (to the copper piece's precision)
  std::string of;  ///< after a title: "(N seeded sieges, seed S)" or "(exact, N states)"
  std::string why;  ///< why the sieges were sampled though the chain was tried
  [[nodiscard]] bool exact() const { return !sampled; }
};

report::Distribution of_probabilities(const std::map<long long, double>& m) {
  report::Distribution d;
  for (const auto& [v, p] : m) d.add(v, p);
  return d;
}

MachineFigures sampled_figures(const siege::SmOdds& o, std::optional<siege::SmExact> tried, std::string why) {
  MachineFigures f;
  const auto runs = static_cast<double>(o.runs);
  for (size_t e = 0; e < f.ends.size(); ++e) f.ends[e] = static_cast<double>(o.ends[e]) / runs;
  for (long long c : o.capture_week) f.capture_week.push_back(static_cast<double>(c) / runs);
  f.mean_weeks = o.mean_weeks_to_capture;
  f.median_weeks = o.median_weeks_to_capture;
  f.mean_cost = o.mean_cost_gp_total;
  f.cost_sd = o.cost_sd;
  const auto total = static_cast<std::uint64_t>(o.runs);
  f.weeks = report::Distribution::of_counts(o.weeks_counts, total);
  for (size_t k = 0; k < 2; ++k) {
    f.troops.at(k) = report::Distribution::of_counts(o.troops_left_counts.at(k), total);
    f.cost.at(k) = report::Distribution::of_counts(o.cost_counts.at(k), total);
  }
  f.of = "(" + grouped(o.runs) + " seeded sieges, seed " + std::to_string(o.seed) + ")";
  f.sampled = o;
  f.tried = std::move(tried);
  f.why = std::move(why);
  return f;
}

MachineFigures exact_figures(const siege::SmExact& x) {
  MachineFigures f;
  f.ends = x.ends;
  f.capture_week = x.capture_week;
  f.mean_weeks = x.mean_weeks_to_capture;
  f.median_weeks = x.median_weeks_to_capture;
  f.mean_cost = x.mean_cost_gp_total;
  f.weeks = of_probabilities(x.weeks);
  for (size_t k = 0; k < 2; ++k) {
    f.troops.at(k) = of_probabilities(x.troops_left.at(k));
    f.cost.at(k) = of_probabilities(x.cost.at(k));
  }
  f.costs = x.cost_distribution;
  f.cost_sd = x.cost_sd;
  f.of = "(exact, " + grouped(x.states) + (x.states == 1 ? " state)" : " states)");
  f.tried = x;
  return f;
}

// How the odds were found, in every table of the odds.
void machine_context(Table& t, const MachineFigures& f) {
  if (f.sampled) seeded_context(t, f.sampled->seed, f.sampled->runs);
  t.set_context(fields::kOddsMethod, f.exact() ? "exact" : "sampled");
  if (!f.tried) return;
  t.set_context(fields::kExactStates, std::to_string(f.tried->states));
  t.set_context(fields::kExactStateBound, std::to_string(siege::kSmExactStates));
}

// Why the sieges were sampled though the exact chain was tried.
std::string machine_sampled_because(const siege::SmExact& tried) {
  if (tried.complete)
    return "sampled: the exact chain (" + grouped(tried.states) +
           " states) carries the costs by their mean and sd only, without money on hand, and their distribution "
           "was asked for";
  if (tried.too_many_casualty_pairs)
    return "sampled: the artillery's casualty dice have more than " + grouped(siege::kSmExactCasualtyPairs) +
           " pairs of totals, more than the exact chain enumerates";
  if (tried.too_many_totals)
    return "sampled: the devices' damage dice have more than " + grouped(siege::kSmExactDamageTotals) +
           " totals, more than the exact chain enumerates (in week " + std::to_string(tried.week) + ")";
  const std::string settled = fmtnum::percent(tried.settled, 2) + " of the sieges settled";
  const std::string where = "in week " + std::to_string(tried.week) + ", at " + grouped(tried.states) + " states; ";
  if (tried.states > siege::kSmExactStates)
    return "sampled: the exact chain passed its bound of " + grouped(siege::kSmExactStates) + " states (" + where +
           settled + ")";
  return std::string("sampled: the exact chain ") + (tried.on_course ? "was on course to pass" : "passed") +
         " its bound of " + grouped(siege::kSmExactPaths) + " outcomes of the weeks' throws (" + where + settled + ")";
}

void machine_ends_table(const MachineFigures& f, const std::string& source, report::Report& rep) {
  Table t = table_of(tables::siege_ends());
  t.title = f.sampled ? "Siege Machine: how " + grouped(f.sampled->runs) + " seeded sieges end (seed " +
                            std::to_string(f.sampled->seed) + ")"
                      : "Siege Machine: how the sieges end " + f.of;
  machine_context(t, f);
  for (auto e : siege::kSmEnds) {
    const auto i = static_cast<size_t>(e);
    std::vector<report::Cell> row{value_cell(siege::describe(e), siege::to_string(e))};
    if (f.sampled) {
      const auto p = siege::wilson(f.sampled->ends.at(i), f.sampled->runs);
      row.push_back(report::cell::integer(p.count));
      for (auto& c : proportion_cells(p)) row.push_back(std::move(c));
    } else {
      row.insert(row.end(), {report::cell::none(), report::cell::percent(f.ends.at(i)), report::cell::none(),
                             report::cell::none(), report::cell::none()});
    }
    t.add_row(std::move(row), source);
  }
  if (f.exact()) {
    hide_from_people(t, {&fields::kRunsEnding, &fields::kCi});
    t.notes.push_back("exact: a Markov chain over the siege's states between weeks (" + grouped(f.tried->states) +
                      " states, at most " + grouped(f.tried->week_states) + " in one week; " +
                      grouped(f.tried->paths) + " outcomes of the weeks' throws; bound " +
                      grouped(siege::kSmExactStates) + " states); --sample or --runs N for seeded sieges");
  }
  if (!f.why.empty()) t.notes.push_back(f.why);
  rep.tables.push_back(std::move(t));
}

void machine_charts(const MachineFigures& f, int max_weeks, report::Report& rep) {
  report::Chart ends_chart;
  ends_chart.title = "Siege Machine: how the sieges end";
  for (auto e : siege::kSmEnds) {
    ends_chart.labels.push_back(sm_end_words(e));
    ends_chart.values.push_back(f.ends.at(static_cast<size_t>(e)));
  }
  rep.charts.push_back(std::move(ends_chart));
  report::Chart weeks_chart;
  weeks_chart.title = "Siege Machine: the week the stronghold falls";
  weeks_chart.label_axis = "Week";
  int last = 0;
  for (int k = 1; k <= max_weeks; ++k)
    if (f.capture_week.at(static_cast<size_t>(k)) > 0) last = k;
  for (int k = 1; k <= last; ++k) {
    weeks_chart.labels.push_back(std::to_string(k));
    weeks_chart.values.push_back(f.capture_week.at(static_cast<size_t>(k)));
  }
  if (!weeks_chart.labels.empty()) rep.charts.push_back(std::move(weeks_chart));
}

void machine_odds_report(const MachineFigures& f, int max_weeks, const std::string& source, report::Report& rep) {
  machine_ends_table(f, source, rep);
  Table w = table_of(tables::weeks_to_fall());
  if (f.exact()) w.title += " " + f.of;
  machine_context(w, f);
  double cum = 0;
  for (int k = 1; k <= max_weeks; ++k) {
    const auto i = static_cast<size_t>(k);
    const double p = f.capture_week.at(i);
    cum += p;
    if (p > 0)
      w.add_row({report::cell::integer(k), report::cell::percent(p), report::cell::percent(cum),
                 f.sampled ? report::cell::integer(f.sampled->capture_week.at(i)) : report::cell::none()},
                source);
  }
  machine_charts(f, max_weeks, rep);
  w.notes.push_back("falls = captured by assault or bombardment, starved out or abandoned; mean " +
                    trim(f.mean_weeks, 2) + " weeks, median " + std::to_string(f.median_weeks) +
                    " (over the sieges that fall)");
  w.notes.push_back("what a siege costs, mean over the sieges: attacker " + trim(f.mean_cost[0], 2) + " gp, defender " +
                    trim(f.mean_cost[1], 2) + " gp");
  for (size_t k = 0; k < 2 && f.costs; ++k)  // the summaries of siege-cost, for people
    w.notes.push_back(std::string("the ") + side_name(k == 1, true) +
                      "'s cost, to the whole gp: " + report::summary_text(report::summarise(f.cost.at(k)), "gp"));
  if (!f.costs)
    w.notes.push_back("sd of the costs: attacker " + trim(f.cost_sd[0], 2) + " gp, defender " + trim(f.cost_sd[1], 2) +
                      " gp (without money on hand the exact chain carries each state's costs by their mean and sd; "
                      "their distribution with --sample)");
  rep.tables.push_back(std::move(w));
  using report::cell::trimmed;
  Table m = table_of(tables::machine_odds());
  machine_context(m, f);
  m.add_row({trimmed(f.mean_weeks, 12), report::cell::integer(f.median_weeks), trimmed(f.mean_cost[0], 12),
             trimmed(f.mean_cost[1], 12), trimmed(f.cost_sd[0], 12), trimmed(f.cost_sd[1], 12)},
            source);
  rep.tables.push_back(std::move(m));

  auto context = [&](Table& d) { machine_context(d, f); };
  const std::string of = " " + f.of;
  add_distribution(tables::siege_weeks(), f.weeks, "Siege Machine: weeks the siege lasts" + of, context, source, rep);
  for (size_t k = 0; k < 2; ++k) {
    const std::string side = side_name(k == 1, true);
    const auto of_side = [&](Table& d) {
      context(d);
      d.set_context(fields::kSmSide, side);
    };
    std::string title = "Siege Machine: the " + side + "'s troops at the end";
    title += of;
    add_distribution(tables::siege_troops_left(), f.troops.at(k), std::move(title), of_side, source, rep);
    // Each siege's cost to the whole gp (siege::sm_whole_gp); the mean above is to the copper piece.
    if (!f.costs) continue;
    title = "Siege Machine: what the " + side + " spends, gp";
    title += of;
    add_distribution(tables::siege_cost(), f.cost.at(k), std::move(title), of_side, source, rep);
  }
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
    c.rep.explain.push_back(
        report::Step{"siege machine: the besieger's gunpowder park", "d a week",
                     trim(b->shp_per_day, 2) + " x 7 (added to d while its artillery fires)",
                     trim(m.gunpowder_weekly_damage, 2),
                     "a reading of War Machine, Siege Machine: Application, with " + c.cat.sources.bombardment}
            .in("shp a day", trim(b->shp_per_day, 2))
            .in("days a week", "7"));
  }
  return m;
}

MachineRuled machine_ruled(const Context& c, const war::Rules& wr) {
  MachineRuled r;
  r.table = cli::ruled_table(c.run_tables, "siege_machine");
  for (size_t side = 0; side < 2; ++side)
    if (const auto& rt = c.in.machine_ratings[side]) r.rating[side] = rt->ruled.any();
  r.run = cli::either(cli::either(r.table, war_rule(wr)), cli::either(r.rating[0], r.rating[1]));
  if (c.in.siege) r.run = cli::either(std::move(r.run), shp_rule(c.run_tables, c.in.siege->stronghold));
  if (c.in.machine_bombardment && c.in.siege) {
    Ruled park = cli::ruled(c.run_tables, "artillery", {"rules.fire_mode", "rules.bombardment"});
    for (const auto& e : c.in.siege->besieger.artillery)
      park = cli::either(std::move(park),
                         piece_rule(*e.piece, {"bombard", "range_short_yd", "range_medium_yd", "range_long_yd"}));
    r.run = cli::either(std::move(r.run), park);
  }
  return r;
}

// The setup (programs), and the explanation of rated sides.
void setup_tables(const Context& c, const siege::SiegeMachineRules& sm, const siege::SmSetup& m,
                  const MachineRuled& ruled) {
  using report::cell::integer;
  using report::cell::none;
  using report::cell::trimmed;
  const auto st = siege::make_structure(sm, m.defender, m.stronghold_shp);
  Table t = table_of(tables::siege_machine());
  t.add_row({report::cell::boolean(c.opt.trace), std::to_string(c.opt.seed), siege::to_string(m.plan),
             integer(m.bombard_weeks), integer(m.max_weeks), war::to_string(m.tie), report::cell::boolean(m.escape),
             report::cell::boolean(m.pursue_departure), integer(m.depart_after_weeks),
             trimmed(m.depart_below_troop_ratio, 12), trimmed(m.front_ft, 12),
             st.tracked() ? trimmed(st.total_initial(), 12) : none(), trimmed(m.gunpowder_weekly_damage, 12)},
            source_of(ruled.run));  // the structure's shp and the park's damage
  c.rep.tables.push_back(std::move(t));
  Table d = table_of(tables::defender_plan());
  d.add_row({siege::to_string(m.defender_plan), integer(m.defender_week),
             m.defender_when ? report::Cell(siege::to_string(*m.defender_when)) : none()});
  c.rep.tables.push_back(std::move(d));
  Table r = table_of(tables::ratings());
  for (size_t side = 0; side < 2; ++side) {
    const auto& rt = c.in.machine_ratings[side];
    if (!rt) continue;
    r.add_row({side_name(side == 1, true), rt->method, integer(rt->bfr),
               report::cell::text_or_none(rt->troop_class.value_or("")), integer(rt->statements_true), integer(rt->br)},
              source_of(ruled.rating[side]));
    report::append_under(c.rep.explain, rt->explain,
                         std::string("siege machine: ") + side_name(side == 1, true) + " rating");
  }
  c.rep.tables.push_back(std::move(r));
}

// One seeded siege, week by week (--trace).
std::optional<Diagnostics> run_traced(const Context& c, const war::Rules& wr, const siege::SiegeMachineRules& sm,
                                      const siege::SmSetup& m, const std::string& source) {
  Rng rng = Rng::stream(c.opt.seed, 0);
  std::vector<siege::SmWeek> weeks;
  auto res = siege::run_siege_machine(wr, sm, m, rng, &weeks);
  if (!res) return res.error();
  machine_trace_report(weeks, *res, c.opt.seed, source, c.rep);
  return std::nullopt;
}

// The odds: exact, unless sampling is asked for (--sample, or --runs N) or the exact chain passes
// its bound (siege::kSmExactStates); then over --runs seeded sieges, within a budget on the work.
std::optional<Diagnostics> run_odds(const Context& c, const war::Rules& wr, const siege::SiegeMachineRules& sm,
                                    const siege::SmSetup& m, const std::string& source) {
  std::optional<siege::SmExact> tried;
  if (!c.opt.sample && !c.opt.runs_given) {
    auto exact = siege::siege_machine_exact(wr, sm, m);
    if (!exact) return exact.error();
    // The costs' distribution asked for, where the chain has only their mean and sd: sampled.
    const bool costs_asked = c.table == tables::siege_cost().values().name || c.table == tables::siege_cost().summary().name;
    if (exact->complete && (exact->cost_distribution || !costs_asked)) {
      machine_odds_report(exact_figures(*exact), m.max_weeks, source, c.rep);
      return std::nullopt;
    }
    tried = std::move(*exact);
  }
  const long long runs = c.opt.runs;
  if (runs * static_cast<long long>(m.max_weeks) > kMaxMachineWork)
    return cli::usage_error("--runs", std::to_string(runs) + " sieges of up to " + std::to_string(m.max_weeks) +
                                          " weeks is too much work (runs x weeks at most " + grouped(kMaxMachineWork) +
                                          "): ask for fewer runs or weeks");
  Progress progress("sieges", static_cast<std::uint64_t>(runs));
  auto odds = siege::siege_machine_odds(wr, sm, m, runs, c.opt.seed, c.threads(),
                                        [&](std::uint64_t done) { progress.advance(done); });
  if (!odds) return odds.error();
  std::string why = tried ? machine_sampled_because(*tried) : std::string();
  machine_odds_report(sampled_figures(*odds, std::move(tried), std::move(why)), m.max_weeks, source, c.rep);
  return std::nullopt;
}

}  // namespace

MethodResult run_siege_machine(const Context& c) {
  if (!c.in.machine) {
    if (!c.all()) return cli::usage_error("--method", "siege-machine needs [siege_machine] in the input");
    c.skip("siege-machine", "no [siege_machine]");
    return false;
  }
  auto sm = siege::load_siege_machine_rules(c.run_tables);
  if (!sm) return sm.error();
  auto wr = war::load_rules(c.run_tables);
  if (!wr) return wr.error();
  auto m = machine_setup(c);
  if (!m) return m.error();
  const MachineRuled ruled = machine_ruled(c, **wr);
  machine_bonus_report(**sm, *m, ruled, c.rep);
  machine_money_report(**sm, *m, source_of(ruled.table), c.rep);
  const std::string source = source_of(ruled.run);
  auto error = c.opt.trace ? run_traced(c, **wr, **sm, *m, source) : run_odds(c, **wr, **sm, *m, source);
  if (error) return *error;
  setup_tables(c, **sm, *m, ruled);  // for programs: after the tables people see
  return true;
}

}  // namespace gunpowder::siege_app
