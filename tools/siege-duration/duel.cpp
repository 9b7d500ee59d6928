// duel.cpp - siege-duration --method duel: the artillery duel between both parks (seed 000,
// Gunpowder Artillery Duels, pp. 18-19): the parks, the exact odds of one shot, and one traced
// duel (--trace) or the odds of the whole duel: exact (a Markov chain over its states) unless
// --sample or --runs asks for seeded duels or the chain passes its bound.
#include <algorithm>
#include <array>
#include <map>
#include <thread>

#include "common/progress.hpp"
#include "common/provenance.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/fields.hpp"
#include "siege-duration/methods.hpp"
#include "siege-duration/ruled.hpp"
#include "siege-duration/tables.hpp"

namespace gunpowder::siege_app {

using artillery::Bracket;
using fmtnum::grouped;
using fmtnum::trim;
using report::Table;

namespace {

constexpr long long kMaxDuelWork = 2'000'000'000;  // duels x pieces^2 (the work of a duel grows with both sides)

void duel_setup_report(const Context& c, const siege::DuelSetup& s, const std::string& source) {
  report::Report& rep = c.rep;
  Table d = table_of(tables::duel());
  // The defender's reach and where the besieger stands come from the pieces and the duel rules.
  d.add_row({report::cell::boolean(c.opt.trace), std::to_string(c.opt.seed), siege::to_string(s.options.besieger),
             siege::to_string(s.options.defender), artillery::to_string(s.options.advance_to),
             report::cell::integer(s.fall_back_after), report::cell::integer(s.hole_up_after),
             report::cell::integer(s.max_rounds), report::cell::trimmed(s.defender_reach_yd)},
            source);
  Table t = table_of(tables::parks());
  t.title = "Artillery duel: the parks (Guns of War, Gunpowder Artillery Duels, pp. 18-19)";
  for (size_t i = 0; i < s.pieces.size();) {
    const auto& p = s.pieces[i];
    size_t j = i;
    std::string labels;
    while (j < s.pieces.size() && s.pieces[j].piece == p.piece && s.pieces[j].besieger == p.besieger &&
           s.pieces[j].start_yd == p.start_yd && s.pieces[j].stop_yd == p.stop_yd &&
           s.pieces[j].carriage == p.carriage) {
      labels += (labels.empty() ? "" : ", ") + s.pieces[j].label;
      ++j;
    }
    if (j - i > 8) labels = s.pieces[i].label + " ... " + s.pieces[j - 1].label + " (" + std::to_string(j - i) + ")";
    const auto& bp = *p.piece;
    // The book's rate of fire "1/40" is one shot every 40 rounds: rounds_per_shot 40.
    t.add_row({side_name(!p.besieger), labels, bp.name, artillery::to_string(p.carriage),
               report::cell::boolean(p.mobile), p.besieger ? yd_cell(p.start_yd) : report::cell::none("stronghold"),
               p.besieger ? yd_cell(p.stop_yd) : report::cell::none(), report::cell::integer(bp.shp),
               report::cell::shown_as("1/" + std::to_string(bp.rounds_per_shot), bp.rounds_per_shot),
               gp(bp.range_short_yd) + "/" + gp(bp.range_medium_yd) + "/" + gp(bp.range_long_yd),
               report::cell::trimmed(bp.range_short_yd), report::cell::trimmed(bp.range_medium_yd),
               report::cell::trimmed(bp.range_long_yd)},
              source);
    i = j;
  }
  Table every = table_of(tables::duel_pieces());
  for (const auto& p : s.pieces)
    every.add_row({p.label, side_name(!p.besieger), p.piece->name, artillery::to_string(p.carriage),
                   report::cell::boolean(p.mobile), report::cell::trimmed(p.start_yd), report::cell::trimmed(p.stop_yd),
                   report::cell::trimmed(p.engage_yd)},
                  source);
  t.notes.push_back("the besieger starts at the defender's longest range (" + yd(s.defender_reach_yd) +
                    ") or farther; only pieces on a limber move, " + std::to_string(c.rules.duel.move_yd) +
                    " yd a round");
  const auto& target = c.rules.duel.target;
  // "Suppressed for one turn" ([rules.duel] suppressed_turns), read as its next action.
  const int suppressed = c.rules.duel.suppressed_turns;
  const std::string lost = suppressed <= 0   ? std::string("loses no action")
                           : suppressed == 1 ? std::string("loses its next action")
                                             : "loses its next " + std::to_string(suppressed) + " actions";
  t.notes.push_back("targets: " + std::to_string(target[0]) + "+ short, " + std::to_string(target[1]) + "+ medium, " +
                    std::to_string(target[2]) + "+ long; a defending piece saves on " +
                    std::to_string(c.rules.duel.besieged_save) + "+; a hit piece that survives " + lost);
  rep.tables.push_back(std::move(t));
  rep.tables.push_back(std::move(every));
  rep.tables.push_back(std::move(d));
}

// The house rule behind one shot's odds: the attack throw of its range band (at which the fire
// modes let the shooter fire), a defending target's save, the shooter's damage and the target's shp.
Ruled shot_rule(const data::Tables& run_tables, const siege::DuelSetup& s, const siege::ShotOdds& o) {
  const siege::DuelPiece* shooter = nullptr;
  for (const auto& p : s.pieces)
    if (!shooter && p.piece->name + (p.besieger ? " (besieger)" : " (defender)") == o.shooter) shooter = &p;
  const siege::DuelPiece* target = nullptr;
  for (const auto& p : s.pieces)
    if (!target && shooter && p.besieger != shooter->besieger && p.piece->name == o.target) target = &p;
  Ruled r = cli::ruled(run_tables, "artillery", {"rules.duel.target_" + o.bracket, "rules.fire_mode"});
  if (target && !target->besieger)
    r = cli::either(std::move(r), cli::ruled(run_tables, "artillery", {"rules.duel.besieged_save"}));
  if (shooter) r = cli::either(std::move(r), piece_rule(*shooter->piece, {"damage_dice"}));
  if (target) r = cli::either(std::move(r), piece_rule(*target->piece, {"shp"}));
  return r;
}

void shot_odds_report(const data::Tables& run_tables, const siege::DuelSetup& setup,
                      const std::vector<siege::ShotOdds>& odds, report::Report& rep) {
  Table t = table_of(tables::shot_odds());
  for (const auto& o : odds) {
    const std::string source = source_of(shot_rule(run_tables, setup, o));
    t.add_row(
        {o.shooter, o.target, o.bracket, report::cell::shown_as(std::to_string(o.target_value) + "+", o.target_value),
         report::cell::percent(o.p_hit), report::cell::percent(o.p_save), report::cell::percent(o.p_destroy_given_hit),
         report::cell::percent(o.p_destroy)},
        source);
    report::Step step = o.explain;
    step.subject = "duel: " + step.subject;
    rep.explain.push_back(std::move(step));
  }
  rep.tables.push_back(std::move(t));
}

// How a duel ends, in the words of a chart's label.
std::string duel_end_words(siege::DuelEnd e) {
  switch (e) {
    case siege::DuelEnd::besieger_destroyed:
      return "Besieger's artillery destroyed";
    case siege::DuelEnd::defender_destroyed:
      return "Defender's artillery destroyed";
    case siege::DuelEnd::defender_holed_up:
      return "Defender's artillery holes up";
    case siege::DuelEnd::besieger_fell_back:
      return "Besieger falls back out of range";
    case siege::DuelEnd::stalemate:
      return "No piece in reach (stalemate)";
    case siege::DuelEnd::round_limit:
      return "Undecided at the round limit";
  }
  return siege::to_string(e);
}

// The charts: how the duels end, and the pieces each side has left (probabilities).
void duel_charts(const std::array<double, 6>& ends, const std::vector<double>& besieger_left,
                 const std::vector<double>& defender_left, report::Report& rep) {
  report::Chart chart;
  chart.title = "Artillery duel: how the duels end";
  for (auto e : siege::kDuelEnds) {
    chart.labels.push_back(duel_end_words(e));
    chart.values.push_back(ends[static_cast<size_t>(e)]);
  }
  rep.charts.push_back(std::move(chart));
  // Each side in a colour of its own.
  report::Chart left;
  left.title = "Artillery duel: pieces left at the end";
  left.label_axis = "Pieces left";
  const size_t most = std::max(besieger_left.size(), defender_left.size());
  for (size_t i = 0; i < most; ++i) left.labels.push_back(std::to_string(i));
  for (const auto* h : {&besieger_left, &defender_left}) {
    std::vector<std::optional<double>> v;
    for (size_t i = 0; i < most; ++i) v.emplace_back(i < h->size() ? (*h)[i] : 0.0);
    left.add_series(h == &besieger_left ? "Besieger" : "Defender", std::move(v));
  }
  rep.charts.push_back(std::move(left));
}

std::vector<double> shares(const std::vector<long long>& counts, long long runs) {
  std::vector<double> out;
  for (long long n : counts) out.push_back(static_cast<double>(n) / static_cast<double>(runs));
  return out;
}

// How the odds were found, in every table of odds: sampled (asked for, or the exact chain passed
// its bound: `tried`) or exact.
void odds_context(Table& t, const std::string& method, const std::optional<siege::DuelExact>& tried) {
  t.set_context(fields::kOddsMethod, method);
  if (!tried) return;
  t.set_context(fields::kExactStates, std::to_string(tried->states));
  t.set_context(fields::kExactStateBound, std::to_string(siege::kDuelExactStates));
}

// Why the duels were sampled though the exact chain was tried.
std::string sampled_because(const siege::DuelExact& tried, size_t pieces) {
  if (tried.states == 0)
    return "sampled: " + std::to_string(pieces) + " pieces, more than the exact chain takes (" +
           std::to_string(siege::kDuelExactPieces) + ")";
  if (tried.on_course)
    return "sampled: the exact chain had settled " + fmtnum::percent(tried.settled, 2) + " of the duels at " +
           grouped(tried.states) + " states, on course to pass its bound of " + grouped(siege::kDuelExactStates) +
           " states";
  return tried.states > siege::kDuelExactStates
             ? "sampled: the exact chain passed its bound of " + grouped(siege::kDuelExactStates) + " states"
             : "sampled: the exact chain passed its bound of " + grouped(siege::kDuelExactPaths) +
                   " dice outcomes (at " + grouped(tried.states) + " states)";
}

// The rounds' figures after the mean and its interval: the same members, sampled or exact.
template <class Odds>
void rounds_figures(Table& r, const Odds& o, const std::string& source) {
  namespace f = fields;
  using report::cell::integer;
  r.add_figure(f::kRoundsMin, integer(o.rounds_min), source);
  r.add_figure(f::kRoundsP10, integer(o.rounds_p10), source);
  r.add_figure(f::kRoundsMedian, integer(o.rounds_median), source);
  r.add_figure(f::kRoundsP90, integer(o.rounds_p90), source);
  r.add_figure(f::kRoundsMax, integer(o.rounds_max), source);
  r.add_figure(f::kBesiegerLeftMean, report::cell::trimmed(o.besieger_left_mean, 12), source);
  r.add_figure(f::kDefenderLeftMean, report::cell::trimmed(o.defender_left_mean, 12), source);
}

// One side's pieces left at the end, as a distribution (sampled or exact).
void add_pieces_left(const report::Distribution& d, bool defender, const std::string& how,
                     const std::function<void(Table&)>& context, const std::string& source, report::Report& rep) {
  const std::string side = side_name(defender);
  add_distribution(
      tables::duel_pieces_left(), d, "Artillery duel: the " + side + "'s pieces left at the end" + how,
      [&](Table& t) {
        context(t);
        t.set_context(fields::kSide, side);
      },
      source, rep);
}

void odds_report(const siege::DuelOdds& o, const std::optional<siege::DuelExact>& tried, const std::string& why,
                 const std::string& source, report::Report& rep) {
  Table t = table_of(tables::duel_ends());
  t.title = "Artillery duel: how " + grouped(o.runs) + " seeded duels end (seed " + std::to_string(o.seed) + ")";
  seeded_context(t, o.seed, o.runs);
  odds_context(t, "sampled", tried);
  for (auto e : siege::kDuelEnds) {
    const auto& p = o.ends[static_cast<size_t>(e)];
    std::vector<report::Cell> row{value_cell(siege::describe(e), siege::to_string(e)), report::cell::integer(p.count)};
    for (auto& c : proportion_cells(p)) row.push_back(std::move(c));
    t.add_row(std::move(row), source);
  }
  t.notes.push_back(
      "Wilson score intervals; duel i uses the random stream (seed, i), so the figures do not depend on "
      "the number of threads");
  if (!why.empty()) t.notes.push_back(why);
  rep.tables.push_back(std::move(t));
  std::array<double, 6> ends{};
  for (auto e : siege::kDuelEnds) ends[static_cast<size_t>(e)] = o.ends[static_cast<size_t>(e)].p;
  duel_charts(ends, shares(o.besieger_left, o.runs), shares(o.defender_left, o.runs), rep);

  Table l = table_of(tables::pieces_left());
  seeded_context(l, o.seed, o.runs);
  odds_context(l, "sampled", tried);
  const size_t rows = std::max(o.besieger_left.size(), o.defender_left.size());
  auto count = [](const std::vector<long long>& h, size_t i) { return i < h.size() ? h[i] : 0; };
  auto share = [&](const std::vector<long long>& h, size_t i) {
    return i < h.size() ? report::cell::percent(static_cast<double>(h[i]) / static_cast<double>(o.runs))
                        : report::cell::none();
  };
  for (size_t i = 0; i < rows; ++i)
    if (count(o.besieger_left, i) > 0 || count(o.defender_left, i) > 0)
      l.add_row({std::to_string(i), share(o.besieger_left, i), share(o.defender_left, i),
                 report::cell::integer(count(o.besieger_left, i)), report::cell::integer(count(o.defender_left, i))},
                source);
  l.notes.push_back("rows where neither side ever ends with that many pieces are left out");
  l.notes.push_back("mean: besieger " + trim(o.besieger_left_mean, 3) + ", defender " + trim(o.defender_left_mean, 3) +
                    " pieces (holed-up pieces count as left)");
  rep.tables.push_back(std::move(l));

  namespace f = fields;
  using report::cell::integer;
  Table r = table_of(tables::rounds());
  seeded_context(r, o.seed, o.runs);
  odds_context(r, "sampled", tried);
  r.add_figure(f::kRoundsMean,
               report::cell::shown_as(trim(o.rounds_mean, 2) + " +/- " + trim(o.rounds_ci, 2), o.rounds_mean), source);
  r.add_figure(f::kRoundsCi, report::cell::trimmed(o.rounds_ci, 12), source);
  rounds_figures(r, o, source);
  rep.tables.push_back(std::move(r));

  auto context = [&](Table& d) {
    seeded_context(d, o.seed, o.runs);
    odds_context(d, "sampled", tried);
  };
  const auto total = static_cast<std::uint64_t>(o.runs);
  const std::string of = " (" + grouped(o.runs) + " seeded duels, seed " + std::to_string(o.seed) + ")";
  add_distribution(tables::duel_rounds(), report::Distribution::of_counts(o.rounds_counts, total),
                   "Artillery duel: rounds taken" + of, context, source, rep);
  const std::array<const std::vector<long long>*, 2> left{&o.besieger_left, &o.defender_left};
  for (size_t k = 0; k < 2; ++k) {
    std::map<long long, std::uint64_t> counts;
    for (size_t i = 0; i < left[k]->size(); ++i)
      if ((*left[k])[i] > 0) counts[static_cast<long long>(i)] = static_cast<std::uint64_t>((*left[k])[i]);
    add_pieces_left(report::Distribution::of_counts(counts, total), k == 1, of, context, source, rep);
  }
}

// The exact odds: the same tables, with probabilities for shares and no counts or intervals.
void exact_report(const siege::DuelExact& x, const std::string& source, report::Report& rep) {
  namespace f = fields;
  const std::string how = "exact, " + grouped(x.states) + (x.states == 1 ? " state" : " states");
  const std::string note = "exact: a Markov chain over the duel's states (" + grouped(x.states) + " states, " +
                           grouped(x.paths) + " dice outcomes; bound " + grouped(siege::kDuelExactStates) +
                           " states); --sample or --runs N for seeded duels";
  Table t = table_of(tables::duel_ends());
  t.title = "Artillery duel: how the duels end (" + how + ")";
  odds_context(t, "exact", x);
  for (auto e : siege::kDuelEnds)
    t.add_row({value_cell(siege::describe(e), siege::to_string(e)), report::cell::none(),
               report::cell::percent(x.ends[static_cast<size_t>(e)]), report::cell::none(), report::cell::none(),
               report::cell::none()},
              source);
  hide_from_people(t, {&f::kRunsEnding, &f::kCi});
  t.notes.push_back(note);
  rep.tables.push_back(std::move(t));
  duel_charts(x.ends, x.besieger_left, x.defender_left, rep);

  Table l = table_of(tables::pieces_left());
  l.title += " (" + how + ")";
  odds_context(l, "exact", x);
  const size_t rows = std::max(x.besieger_left.size(), x.defender_left.size());
  auto p = [](const std::vector<double>& h, size_t i) { return i < h.size() ? h[i] : 0.0; };
  for (size_t i = 0; i < rows; ++i)
    if (p(x.besieger_left, i) > 0 || p(x.defender_left, i) > 0)
      l.add_row({std::to_string(i),
                 i < x.besieger_left.size() ? report::cell::percent(x.besieger_left[i]) : report::cell::none(),
                 i < x.defender_left.size() ? report::cell::percent(x.defender_left[i]) : report::cell::none(),
                 report::cell::none(), report::cell::none()},
                source);
  l.notes.push_back("rows where neither side can end with that many pieces are left out");
  l.notes.push_back("mean: besieger " + trim(x.besieger_left_mean, 3) + ", defender " + trim(x.defender_left_mean, 3) +
                    " pieces (holed-up pieces count as left)");
  rep.tables.push_back(std::move(l));

  using report::cell::integer;
  Table r = table_of(tables::rounds());
  r.title += " (" + how + ")";
  odds_context(r, "exact", x);
  r.add_figure(f::kRoundsMean, report::cell::shown_as(trim(x.rounds_mean, 2) + " (exact)", x.rounds_mean), source);
  r.add_figure(f::kRoundsCi, report::cell::none(), source);
  rounds_figures(r, x, source);
  r.notes.push_back("fewest and most: with any probability at all; percentiles: the fewest rounds by which that share "
                    "of the duels has ended");
  rep.tables.push_back(std::move(r));

  auto context = [&](Table& d) { odds_context(d, "exact", x); };
  report::Distribution rounds;
  for (const auto& [n, q] : x.rounds) rounds.add(n, q);
  add_distribution(tables::duel_rounds(), rounds, "Artillery duel: rounds taken (" + how + ")", context, source, rep);
  const std::array<const std::vector<double>*, 2> left{&x.besieger_left, &x.defender_left};
  for (size_t k = 0; k < 2; ++k) {
    report::Distribution d;
    for (size_t i = 0; i < left[k]->size(); ++i) d.add(static_cast<long long>(i), (*left[k])[i]);
    add_pieces_left(d, k == 1, " (" + how + ")", context, source, rep);
  }
}

void trace_report(const std::vector<siege::TraceEvent>& trace, const siege::DuelResult& res, std::uint64_t seed,
                  const std::string& source, report::Report& rep) {
  using report::cell::integer;
  using report::cell::text_or_none;
  Table t = table_of(tables::duel_trace());
  t.title = "Artillery duel, round by round (seed " + std::to_string(seed) + ")";
  seeded_context(t, seed, std::nullopt);
  for (const auto& e : trace) {
    const std::string rounds = e.round_from == e.round_to
                                   ? std::to_string(e.round_from)
                                   : std::to_string(e.round_from) + "-" + std::to_string(e.round_to);
    const bool fire = e.kind == "fire";
    t.add_row({rounds, integer(e.round_from), integer(e.round_to),
               e.phase == 1   ? "defender"
               : e.phase == 2 ? "besieger"
                              : "",
               e.text, e.kind, text_or_none(e.piece), text_or_none(e.target),
               fire ? report::cell::trimmed(e.range_yd, 12) : report::cell::none(), text_or_none(e.bracket),
               fire ? integer(e.target_value) : report::cell::none(), fire ? integer(e.roll) : report::cell::none(),
               integer(e.save_roll), integer(e.damage), text_or_none(e.result)},
              source);
  }
  rep.tables.push_back(std::move(t));
  Table r = table_of(tables::duel_result());
  seeded_context(r, seed, std::nullopt);
  r.add_row({siege::to_string(res.end), integer(res.rounds), integer(res.besieger_left), integer(res.defender_left),
             integer(res.defender_holed_up)},
            source);
  rep.tables.push_back(std::move(r));
}

siege::DuelOptions duel_options(const Options& opt) {
  siege::DuelOptions o;
  o.besieger = opt.besieger_policy == "advance" ? siege::BesiegerPolicy::advance
               : opt.besieger_policy == "fire"  ? siege::BesiegerPolicy::fire
                                                : siege::BesiegerPolicy::fall_back;
  o.defender = opt.defender_policy == "fire"   ? siege::DefenderPolicy::fire
               : opt.defender_policy == "hold" ? siege::DefenderPolicy::hold
                                               : siege::DefenderPolicy::hole_up;
  o.advance_to = opt.advance_to == "short"    ? Bracket::short_range
                 : opt.advance_to == "medium" ? Bracket::medium_range
                                              : Bracket::long_range;
  o.fall_back_after = opt.fall_back_after;
  o.hole_up_after = opt.hole_up_after;
  o.max_rounds = opt.max_rounds;
  return o;
}

// One seeded duel, round by round (--trace).
void run_traced(const Context& c, const siege::DuelSetup& setup, const std::string& source) {
  std::vector<siege::TraceEvent> trace;
  siege::RngDice dice(Rng::stream(c.opt.seed, 0));
  const auto res = siege::run_duel(c.rules, c.cat, setup, dice, &trace);
  trace_report(trace, res, c.opt.seed, source, c.rep);
}

// The odds: exact, unless sampling is asked for (--sample, or --runs N) or the exact chain passes
// its bound (siege::kDuelExactStates); then over --runs seeded duels, within a budget on the work.
std::optional<Diagnostics> run_odds(const Context& c, const siege::DuelSetup& setup, const std::string& source) {
  std::optional<siege::DuelExact> tried;
  if (!c.opt.sample && !c.opt.runs_given) {
    auto exact = siege::duel_exact(c.rules, c.cat, setup);
    if (exact.complete) {
      exact_report(exact, source, c.rep);
      return std::nullopt;
    }
    tried = std::move(exact);
  }
  // The book's park (12 pieces) takes up to a million duels.
  const auto n = static_cast<long long>(setup.pieces.size());
  const long long runs = c.opt.runs;
  if (runs * n * n > kMaxDuelWork)
    return cli::usage_error("--runs", std::to_string(runs) + " duels of " + std::to_string(n) +
                                          " pieces is too much work (runs x pieces x pieces at most " +
                                          grouped(kMaxDuelWork) + "): ask for at most " +
                                          std::to_string(std::max(1LL, kMaxDuelWork / (n * n))) + " runs");
  Progress progress("duels", static_cast<std::uint64_t>(runs));
  const auto odds = siege::duel_odds(c.rules, c.cat, setup, runs, c.opt.seed, c.threads(),
                                     [&](std::uint64_t done) { progress.advance(done); });
  odds_report(odds, tried, tried ? sampled_because(*tried, setup.pieces.size()) : std::string(), source, c.rep);
  return std::nullopt;
}

}  // namespace

MethodResult run_duel(const Context& c) {
  auto setup = siege::duel_setup(c.rules, c.cat, *c.in.siege, duel_options(c.opt));
  if (!setup) {
    if (!c.all()) return cli::usage_error("--method", setup.error().items().front().message);
    c.skip("duel", setup.error().items().front().message);
    return false;
  }
  // Every figure of the duel is computed from its pieces' figures and the duel's rules.
  const std::string source = source_of(duel_rule(c.run_tables, *setup));
  duel_setup_report(c, *setup, source);
  shot_odds_report(c.run_tables, *setup, siege::shot_odds(c.rules, c.cat, *setup), c.rep);
  if (c.opt.trace)
    run_traced(c, *setup, source);
  else if (auto error = run_odds(c, *setup, source))
    return *error;
  return true;
}

}  // namespace gunpowder::siege_app
