// duel.cpp - siege-duration --method duel: the artillery duel between both parks (seed 000,
// Gunpowder Artillery Duels, pp. 18-19): the parks, the exact odds of one shot, and one traced
// duel (--trace) or the odds over seeded duels.
#include <algorithm>
#include <thread>

#include "common/progress.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/methods.hpp"

namespace gunpowder::siege_app {

using artillery::Bracket;
using fmtnum::grouped;
using fmtnum::trim;
using report::Align;
using report::Table;

namespace {

constexpr long long kMaxDuelWork = 2'000'000'000;  // duels x pieces^2 (the work of a duel grows with both sides)

void duel_setup_report(const siege::Rules& rules, const siege::DuelSetup& s, report::Report& rep, json::Value& out) {
  Table t;
  t.name = "parks";
  t.title = "Artillery duel: the parks (Guns of War, Gunpowder Artillery Duels, pp. 18-19)";
  t.add_column("side", "Side")
      .add_column("labels", "Pieces")
      .add_column("piece", "Type")
      .add_column("carriage", "Carriage")
      .add_column("mobile", "Moves")
      .add_column("start_yd", "Starts at", Align::right)
      .add_column("stop_yd", "Stops at", Align::right)
      .add_column("shp", "shp", Align::right)
      .add_column("rounds_per_shot", "ROF", Align::right)
      .add_column("range", "Range S/M/L", Align::right, report::Shown::people)
      .add_column("range_short_yd", "Short yd", Align::right, report::Shown::programs)
      .add_column("range_medium_yd", "Medium yd", Align::right, report::Shown::programs)
      .add_column("range_long_yd", "Long yd", Align::right, report::Shown::programs);
  json::Value jp = json::array();
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
    t.add_row({p.besieger ? "besieger" : "defender", labels, bp.name, artillery::to_string(p.carriage),
               p.mobile ? "yes" : "no", p.besieger ? yd_cell(p.start_yd) : report::cell::none("stronghold"),
               p.besieger ? yd_cell(p.stop_yd) : report::cell::none(), report::cell::integer(bp.shp),
               report::cell::shown_as("1/" + std::to_string(bp.rounds_per_shot), bp.rounds_per_shot),
               gp(bp.range_short_yd) + "/" + gp(bp.range_medium_yd) + "/" + gp(bp.range_long_yd),
               report::cell::trimmed(bp.range_short_yd), report::cell::trimmed(bp.range_medium_yd),
               report::cell::trimmed(bp.range_long_yd)});
    i = j;
  }
  for (const auto& p : s.pieces) {
    json::Value o = json::object();
    o.set("label", p.label);
    o.set("side", p.besieger ? "besieger" : "defender");
    o.set("piece", p.piece->name);
    o.set("carriage", artillery::to_string(p.carriage));
    o.set("mobile", p.mobile);
    o.set("start_yd", p.start_yd);
    o.set("stop_yd", p.stop_yd);
    o.set("engage_yd", p.engage_yd);
    jp.push(std::move(o));
  }
  t.notes.push_back("the besieger starts at the defender's longest range (" + yd(s.defender_reach_yd) +
                    ") or farther; only pieces on a limber move, " + std::to_string(rules.duel.move_yd) +
                    " yd a round");
  t.notes.push_back("targets: " + std::to_string(rules.duel.target[0]) + "+ short, " +
                    std::to_string(rules.duel.target[1]) + "+ medium, " + std::to_string(rules.duel.target[2]) +
                    "+ long; a defending piece saves on " + std::to_string(rules.duel.besieged_save) +
                    "+; a hit piece that survives loses its next action");
  rep.tables.push_back(std::move(t));
  out.set("besieger_policy", siege::to_string(s.options.besieger));
  out.set("defender_policy", siege::to_string(s.options.defender));
  out.set("advance_to", artillery::to_string(s.options.advance_to));
  out.set("fall_back_after", s.fall_back_after);
  out.set("hole_up_after", s.hole_up_after);
  out.set("max_rounds", s.max_rounds);
  out.set("defender_reach_yd", s.defender_reach_yd);
  out.set("pieces", std::move(jp));
}

void shot_odds_report(const std::vector<siege::ShotOdds>& odds, report::Report& rep, json::Value& out) {
  Table t;
  t.name = "shot-odds";
  t.title = "Artillery duel: odds of one shot (exact)";
  t.add_column("shooter", "Shooter")
      .add_column("target", "Target")
      .add_column("range_band", "Range")
      .add_column("target_value", "Throw", Align::right)
      .add_column("p_hit", "Hit", Align::right)
      .add_column("p_save", "Save", Align::right)
      .add_column("p_destroy", "Destroyed", Align::right);
  json::Value a = json::array();
  for (const auto& o : odds) {
    t.add_row({o.shooter, o.target, o.bracket,
               report::cell::shown_as(std::to_string(o.target_value) + "+", o.target_value),
               report::cell::percent(o.p_hit), report::cell::percent(o.p_save), report::cell::percent(o.p_destroy)});
    json::Value j = json::object();
    j.set("shooter", o.shooter);
    j.set("target", o.target);
    j.set("range_band", o.bracket);
    j.set("target_value", o.target_value);
    j.set("p_hit", o.p_hit);
    j.set("p_save", o.p_save);
    j.set("p_destroy_given_hit", o.p_destroy_given_hit);
    j.set("p_destroy", o.p_destroy);
    a.push(std::move(j));
    rep.explain.push_back("duel: " + o.derivation);
  }
  rep.tables.push_back(std::move(t));
  out.set("shot_odds", std::move(a));
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

// The charts: how the duels end, and the pieces each side has left.
void duel_charts(const siege::DuelOdds& o, report::Report& rep) {
  report::Chart chart;
  chart.title = "Artillery duel: how the duels end";
  for (auto e : siege::kDuelEnds) {
    chart.labels.push_back(duel_end_words(e));
    chart.values.push_back(o.ends[static_cast<size_t>(e)].p);
  }
  rep.charts.push_back(std::move(chart));
  // Each side in a colour of its own.
  report::Chart left;
  left.title = "Artillery duel: pieces left at the end";
  left.label_axis = "Pieces left";
  const size_t most = std::max(o.besieger_left.size(), o.defender_left.size());
  for (size_t i = 0; i < most; ++i) left.labels.push_back(std::to_string(i));
  for (const auto* h : {&o.besieger_left, &o.defender_left}) {
    std::vector<std::optional<double>> v;
    for (size_t i = 0; i < most; ++i)
      v.emplace_back(i < h->size() ? static_cast<double>((*h)[i]) / static_cast<double>(o.runs) : 0.0);
    left.add_series(h == &o.besieger_left ? "Besieger" : "Defender", std::move(v));
  }
  rep.charts.push_back(std::move(left));
}

void odds_report(const siege::DuelOdds& o, report::Report& rep, json::Value& out) {
  Table t;
  t.name = "duel-ends";
  t.title = "Artillery duel: how " + grouped(o.runs) + " seeded duels end (seed " + std::to_string(o.seed) + ")";
  seeded_context(t, o.seed, o.runs);
  t.add_column("end", "End").add_column("count", "Duels", Align::right);
  proportion_columns(t);
  json::Value ends = json::object();
  for (auto e : siege::kDuelEnds) {
    const auto& p = o.ends[static_cast<size_t>(e)];
    std::vector<report::Cell> row{value_cell(siege::describe(e), siege::to_string(e)), report::cell::integer(p.count)};
    for (auto& c : proportion_cells(p)) row.push_back(std::move(c));
    t.add_row(std::move(row));
    ends.set(json_key(siege::to_string(e)), proportion_json(p));
  }
  t.notes.push_back(
      "Wilson score intervals; duel i uses the random stream (seed, i), so the figures do not depend on "
      "the number of threads");
  rep.tables.push_back(std::move(t));
  duel_charts(o, rep);

  Table l;
  l.name = "pieces-left";
  l.title = "Artillery duel: pieces left at the end";
  seeded_context(l, o.seed, o.runs);
  l.add_column("pieces", "Pieces left", Align::right)
      .add_column("p_besieger_left", "Besieger", Align::right)
      .add_column("p_defender_left", "Defender", Align::right);
  const size_t rows = std::max(o.besieger_left.size(), o.defender_left.size());
  auto share = [&](const std::vector<long long>& h, size_t i) {
    return i < h.size() ? report::cell::percent(static_cast<double>(h[i]) / static_cast<double>(o.runs))
                        : report::cell::none();
  };
  auto count = [](const std::vector<long long>& h, size_t i) { return i < h.size() ? h[i] : 0; };
  for (size_t i = 0; i < rows; ++i)
    if (count(o.besieger_left, i) > 0 || count(o.defender_left, i) > 0)
      l.add_row({std::to_string(i), share(o.besieger_left, i), share(o.defender_left, i)});
  l.notes.push_back("rows where neither side ever ends with that many pieces are left out");
  l.notes.push_back("mean: besieger " + trim(o.besieger_left_mean, 3) + ", defender " + trim(o.defender_left_mean, 3) +
                    " pieces (holed-up pieces count as left)");
  rep.tables.push_back(std::move(l));

  Table r;
  r.name = "rounds";
  r.title = "Artillery duel: rounds taken";
  seeded_context(r, o.seed, o.runs);
  key_value_columns(r, "Rounds", {"ci95"});
  using report::cell::integer;
  key_value_row(r, "Mean (95% interval)", "mean",
                report::cell::shown_as(trim(o.rounds_mean, 2) + " +/- " + trim(o.rounds_ci, 2), o.rounds_mean),
                "rounds", {report::cell::trimmed(o.rounds_ci)});
  key_value_row(r, "Fewest", "min", integer(o.rounds_min), "rounds");
  key_value_row(r, "10th percentile", "p10", integer(o.rounds_p10), "rounds");
  key_value_row(r, "Median", "median", integer(o.rounds_median), "rounds");
  key_value_row(r, "90th percentile", "p90", integer(o.rounds_p90), "rounds");
  key_value_row(r, "Most", "max", integer(o.rounds_max), "rounds");
  rep.tables.push_back(std::move(r));

  json::Value j = json::object();
  j.set("runs", o.runs);
  j.set("seed", static_cast<long long>(o.seed));
  j.set("ends", std::move(ends));
  auto hist = [](const std::vector<long long>& h) {
    json::Value a = json::array();
    for (auto v : h) a.push(v);
    return a;
  };
  j.set("besieger_left", hist(o.besieger_left));
  j.set("defender_left", hist(o.defender_left));
  j.set("besieger_left_mean", o.besieger_left_mean);
  j.set("defender_left_mean", o.defender_left_mean);
  json::Value rounds = json::object();
  rounds.set("mean", o.rounds_mean);
  rounds.set("ci95", o.rounds_ci);
  rounds.set("min", o.rounds_min);
  rounds.set("p10", o.rounds_p10);
  rounds.set("median", o.rounds_median);
  rounds.set("p90", o.rounds_p90);
  rounds.set("max", o.rounds_max);
  j.set("rounds", std::move(rounds));
  out.set("odds", std::move(j));
}

void trace_report(const std::vector<siege::TraceEvent>& trace, const siege::DuelResult& res, std::uint64_t seed,
                  report::Report& rep, json::Value& out) {
  Table t;
  t.title = "Artillery duel, round by round (seed " + std::to_string(seed) + ")";
  seeded_context(t, seed, std::nullopt);
  t.add_column("rounds", "Round", Align::right, report::Shown::people)
      .add_column("round_from", "From round", Align::right, report::Shown::programs)
      .add_column("round_to", "To round", Align::right, report::Shown::programs)
      .add_column("phase", "Phase")
      .add_column("event", "Event");
  json::Value a = json::array();
  for (const auto& e : trace) {
    const std::string rounds = e.round_from == e.round_to
                                   ? std::to_string(e.round_from)
                                   : std::to_string(e.round_from) + "-" + std::to_string(e.round_to);
    t.add_row({rounds, report::cell::integer(e.round_from), report::cell::integer(e.round_to),
               e.phase == 1   ? "defender"
               : e.phase == 2 ? "besieger"
                              : "",
               e.text});
    json::Value o = json::object();
    o.set("round_from", e.round_from);
    o.set("round_to", e.round_to);
    o.set("phase", e.phase == 1 ? json::Value("defender") : e.phase == 2 ? json::Value("besieger") : json::Value());
    o.set("kind", e.kind);
    o.set("piece", e.piece.empty() ? json::Value() : json::Value(e.piece));
    o.set("target", e.target.empty() ? json::Value() : json::Value(e.target));
    o.set("range_yd", e.kind == "fire" ? json::Value(e.range_yd) : json::Value());
    o.set("range_band", e.bracket.empty() ? json::Value() : json::Value(e.bracket));
    o.set("target_value", e.kind == "fire" ? json::Value(e.target_value) : json::Value());
    o.set("roll", e.kind == "fire" ? json::Value(e.roll) : json::Value());
    o.set("save_roll", opt_int(e.save_roll));
    o.set("damage", opt_int(e.damage));
    o.set("result", e.result.empty() ? json::Value() : json::Value(e.result));
    o.set("text", e.text);
    a.push(std::move(o));
  }
  rep.tables.push_back(std::move(t));
  json::Value r = json::object();
  r.set("end", siege::to_string(res.end));
  r.set("rounds", res.rounds);
  r.set("besieger_left", res.besieger_left);
  r.set("defender_left", res.defender_left);
  r.set("defender_holed_up", res.defender_holed_up);
  out.set("result", std::move(r));
  out.set("trace", std::move(a));
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
void run_traced(const Context& c, const siege::DuelSetup& setup, json::Value& out) {
  std::vector<siege::TraceEvent> trace;
  siege::RngDice dice(Rng::stream(c.opt.seed, 0));
  const auto res = siege::run_duel(c.rules, c.cat, setup, dice, &trace);
  trace_report(trace, res, c.opt.seed, c.rep, out);
  out.set("odds", json::Value());
}

// The odds over --runs seeded duels, within a budget on the work asked for.
std::optional<Diagnostics> run_odds(const Context& c, const siege::DuelSetup& setup, json::Value& out) {
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
  out.set("result", json::Value());
  out.set("trace", json::Value());
  odds_report(odds, c.rep, out);
  return std::nullopt;
}

}  // namespace

MethodResult run_duel(const Context& c) {
  auto setup = siege::duel_setup(c.rules, c.cat, *c.in.siege, duel_options(c.opt));
  if (!setup) {
    if (!c.all()) return cli::usage_error("--method", setup.error().items().front().message);
    c.skip("duel", setup.error().items().front().message);
    return json::Value();
  }
  json::Value out = json::object();
  out.set("mode", c.opt.trace ? "trace" : "odds");
  out.set("seed", static_cast<long long>(c.opt.seed));
  duel_setup_report(c.rules, *setup, c.rep, out);
  shot_odds_report(siege::shot_odds(c.rules, c.cat, *setup), c.rep, out);
  if (c.opt.trace)
    run_traced(c, *setup, out);
  else if (auto error = run_odds(c, *setup, out))
    return *error;
  return out;
}

}  // namespace gunpowder::siege_app
