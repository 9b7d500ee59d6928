// campaign.cpp - war-machine campaign: the exact odds of up to N battles in a row between the
// forces of each battle of a file (war::campaign), each battle's result applied as --roll --rounds
// applies it, until a side routs or is destroyed: how each side stands after each battle and in
// the end, the troops left, the battles fought.
#include <map>
#include <optional>
#include <vector>

#include <CLI/CLI.hpp>

#include "common/bounds.hpp"
#include "common/progress.hpp"
#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/parallel.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/war/campaign.hpp"
#include "war-machine/commands.hpp"
#include "war-machine/fields.hpp"
#include "war-machine/specs.hpp"

namespace gunpowder::war_app {

using report::Table;
using war::Standing;

namespace {

constexpr int kMaxBattles = 100;
constexpr int kDefaultBattles = 10;
/// A troops-left chart shows at most this many bars (the table and the JSON give every value).
constexpr size_t kChartBars = 20;

const std::array<const char*, war::kStandings> kStandingVerb{"holds the field", "withdraws", "retreats", "routs",
                                                             "is destroyed"};

std::string ending_text(const war::EndingKey& k, const std::array<std::string, 2>& names, int max_battles) {
  if (k.end == war::CampaignEnd::no_combat) return "no combat (the tactics table)";
  if (k.end == war::CampaignEnd::limit)
    return "undecided after " + std::to_string(max_battles) + (max_battles == 1 ? " battle: " : " battles: ") +
           names[0] + " " + kStandingVerb[static_cast<size_t>(k.standing[0])] + ", " + names[1] + " " +
           kStandingVerb[static_cast<size_t>(k.standing[1])];
  std::string s, other;
  for (size_t i = 0; i < 2; ++i) {
    const Standing st = k.standing[i];
    const std::string text = names[i] + " " + kStandingVerb[static_cast<size_t>(st)];
    if (st == Standing::rout || st == Standing::destroyed)
      s += (s.empty() ? "" : " and ") + text;
    else
      other = text;
  }
  return other.empty() ? s : s + " (" + other + ")";
}

/// The states of vanishing probability the walk left (war::CampaignLimits), in words.
std::string not_followed_text(const war::Campaign& cp) {
  return "not followed: " + fmtnum::grouped(static_cast<long long>(cp.states_not_followed)) +
         " states of vanishing probability from battle " + std::to_string(cp.first_not_followed) + " on, " +
         fmtnum::shortest(cp.mass_not_followed, 3) +
         " in all: every probability shown is at most that much below the exact one";
}

/// How exact the campaign's odds are: "exact", or within the mass of the states not followed.
std::string exactness(const war::Campaign& cp) {
  return cp.states_not_followed > 0 ? "exact within " + fmtnum::shortest(cp.mass_not_followed, 3) : "exact";
}

/// The last standing of each side when the campaign ends, with the expected losses.
Table end_table(const war::Campaign& cp, const std::array<std::string, 2>& names, const war::BattleConfig& c) {
  Table t(specs::campaign_end());
  t.title = "Campaign: " + names[0] + " against " + names[1] + " (" + exactness(cp) + ", up to " + std::to_string(cp.max_battles) +
            (cp.max_battles == 1 ? " battle" : " battles") + ", ties " + war::to_string(c.options.tie) + ")";
  const auto& last = cp.steps.back().side;
  for (size_t i = 0; i < 2; ++i) {
    std::vector<report::Cell> row{names[i], report::cell::integer(cp.initial_troops[i])};
    for (double p : last[i].p) row.push_back(report::cell::percent(p));
    row.push_back(report::cell::number(last[i].expected_troops, 1));
    row.push_back(report::cell::number(cp.expected_killed[i], 1));
    row.push_back(report::cell::number(cp.expected_wounded[i], 1));
    row.push_back(report::cell::trimmed(cp.expected_battles, 12));
    row.push_back(report::cell::integer(static_cast<long long>(cp.max_states)));
    row.push_back(report::cell::integer(static_cast<long long>(cp.battles_resolved)));
    row.push_back(report::cell::shown_as(fmtnum::shortest(cp.mass_not_followed, 3), cp.mass_not_followed));
    t.add_row(std::move(row));
  }
  t.notes.push_back(
      "standing when the campaign ends; troops left, killed and wounded (in these battles) are expectations");
  t.notes.push_back("expected battles fought: " + fmtnum::fixed(cp.expected_battles, 3));
  if (cp.states_not_followed > 0)
    t.notes.push_back(not_followed_text(cp));
  return t;
}

const char* ending_value(war::CampaignEnd e) {
  return e == war::CampaignEnd::no_combat ? "no-combat" : e == war::CampaignEnd::limit ? "limit" : "decided";
}

Table endings_table(const war::Campaign& cp, const std::array<std::string, 2>& names) {
  Table t(specs::endings());
  t.title = "How it ends: " + names[0] + " against " + names[1];
  // The ending in words for people; its kind and each side's standing for programs.
  for (const auto& [k, p] : cp.endings)
    t.add_row({report::Cell(ending_text(k, names, cp.max_battles), ending_value(k.end)), war::to_string(k.standing[0]),
               war::to_string(k.standing[1]), report::cell::percent(p)});
  return t;
}

Table step_table(const war::Campaign& cp, const std::string& name, size_t i) {
  Table t(specs::after_each_battle());
  t.set_context(fields::kForce, name);
  t.title = "After each battle: " + name;
  for (const auto& st : cp.steps) {
    std::vector<report::Cell> row{std::to_string(st.battle), report::cell::percent(st.p_fought),
                                  report::cell::percent(st.p_ended)};
    for (double p : st.side[i].p) row.push_back(report::cell::percent(p));
    row.push_back(report::cell::number(st.side[i].expected_troops, 1));
    row.push_back(report::cell::integer(static_cast<long long>(st.states)));
    t.add_row(std::move(row));
  }
  t.notes.push_back("a campaign that has ended keeps its last standing; troops left are expectations");
  return t;
}

// P(at least) of each value of a distribution in ascending order, summed from the top.
template <class Map>
std::vector<double> at_least_of(const Map& dist) {
  std::vector<double> out(dist.size() + 1, 0.0);
  size_t i = dist.size();
  for (auto it = dist.rbegin(); it != dist.rend(); ++it, --i) out[i - 1] = out[i] + it->second;
  return out;
}

template <class Map>
report::Distribution distribution_of(const Map& dist) {
  report::Distribution d;
  for (const auto& [v, p] : dist) d.add(static_cast<long long>(v), p);
  return d;
}

Table fought_table(const war::Campaign& cp) {
  Table t(specs::battles_fought());
  const std::vector<double> above = at_least_of(cp.battles_fought);
  double cum = 0;
  size_t i = 0;
  for (const auto& [n, p] : cp.battles_fought) {
    cum += p;
    t.add_row({std::to_string(n), report::cell::percent(p), report::cell::percent(std::min(above[i++], 1.0)),
               report::cell::percent(std::min(cum, 1.0))});
  }
  t.notes.push_back(report::summary_text(report::summarise(distribution_of(cp.battles_fought))));
  return t;
}

/// The troops left in bands: every value when there are at most kChartBars, else kChartBars
/// bands of equal width (the JSON gives every value).
struct TroopBand {
  std::string label;
  std::int64_t from = 0, to = 0;
  double p = 0;
};
std::vector<TroopBand> troop_bands(const std::map<std::int64_t, double>& dist, bool every = false) {
  std::vector<TroopBand> out;
  if (dist.empty()) return out;
  const std::int64_t lo = dist.begin()->first, hi = dist.rbegin()->first;
  const std::int64_t width =
      every || dist.size() <= kChartBars ? 0 : (hi - lo) / static_cast<std::int64_t>(kChartBars) + 1;
  for (const auto& [troops, p] : dist) {
    std::string label = fmtnum::grouped(troops);
    std::int64_t from = troops, to = troops;
    if (width) {
      from = lo + (troops - lo) / width * width;
      to = std::min(from + width - 1, hi);
      label = fmtnum::grouped(from) + "-" + fmtnum::grouped(to);
    }
    if (out.empty() || out.back().label != label) out.push_back({label, from, to, 0.0});
    out.back().p += p;
  }
  return out;
}

/// The troops left: in bands for people when there are many counts, every count for JSON (`every`).
Table troops_table(const war::Campaign& cp, const std::string& name, size_t i, bool every) {
  Table t(specs::troops_left());
  t.set_context(fields::kForce, name);
  t.title = "Troops left: " + name;
  t.columns[0].align = report::Align::right;  // a count or a band of counts lines up as numbers do
  // A band of troop counts ("1,000-1,049") for people, its two ends for programs.
  double cum = 0, above = 1;
  for (const auto& band : troop_bands(cp.troops_left[i], every)) {
    cum += band.p;
    t.add_row({band.label, std::to_string(band.from), std::to_string(band.to), report::cell::percent(band.p),
               report::cell::percent(std::clamp(above, 0.0, 1.0)), report::cell::percent(std::min(cum, 1.0))});
    above -= band.p;
  }
  t.notes.push_back(report::summary_text(report::summarise(distribution_of(cp.troops_left[i])), "men"));
  if (!every && cp.troops_left[i].size() > kChartBars)
    t.notes.push_back(std::to_string(cp.troops_left[i].size()) +
                      " different counts, shown in bands; --format json gives each");
  return t;
}

/// The charts: each side's end standing, the battles fought, the troops left (in at most
/// kChartBars bands of equal width when there are more values).
void campaign_charts(const war::Campaign& cp, const std::array<std::string, 2>& names, report::Report& rep) {
  // Each side in a colour of its own, kept from chart to chart.
  report::Chart end;
  end.title = "End: " + names[0] + " against " + names[1] + " (" + exactness(cp) + ")";
  end.label_axis = "The side";
  for (size_t s = 0; s < war::kStandings; ++s) end.labels.emplace_back(kStandingVerb[s]);
  for (size_t i = 0; i < 2; ++i) {
    std::vector<std::optional<double>> v;
    for (size_t s = 0; s < war::kStandings; ++s) v.emplace_back(cp.steps.back().side[i].p[s]);
    end.add_series(names[i], std::move(v), static_cast<int>(i));
  }
  rep.charts.push_back(std::move(end));
  report::Chart f;
  f.title = "Battles fought: " + names[0] + " against " + names[1];
  f.label_axis = "Battles";
  for (const auto& [n, p] : cp.battles_fought) {
    f.labels.push_back(std::to_string(n));
    f.values.push_back(p);
  }
  rep.charts.push_back(std::move(f));
  for (size_t i = 0; i < 2; ++i) {
    report::Chart c;
    c.title = "Troops left: " + names[i];
    c.label_axis = "Troops";
    std::vector<std::optional<double>> v;
    for (auto& band : troop_bands(cp.troops_left[i])) {
      c.labels.push_back(std::move(band.label));
      v.emplace_back(band.p);
    }
    c.add_series(names[i], std::move(v), static_cast<int>(i));
    rep.charts.push_back(std::move(c));
  }
}

void explain_campaign(const war::Rules& R, const war::Campaign& cp, const std::array<std::string, 2>& names,
                      const war::Engagement& e, report::Steps& explain) {
  explain.push_back(report::Step{names[0] + " against " + names[1], "battle 1",
                                 "its odds over the 10,000 d100 pairs at modified BR " +
                                     std::to_string(e.spec[0].modified_br) + " against " +
                                     std::to_string(e.spec[1].modified_br),
                                 "", R.combat_source}
                        .in("modified BR, " + names[0], std::to_string(e.spec[0].modified_br))
                        .in("modified BR, " + names[1], std::to_string(e.spec[1].modified_br)));
  explain.push_back(report::statement(
      "each later battle: the troops and fatigue the last left, the lines that last one battle dropped, the "
      "adjustments (troop ratio, fatigue) computed again, as --roll --rounds fights them; no fatigue "
      "recovery, no wounded returning between battles"));
  explain.push_back(
      report::statement("the chain stops when a side routs or is destroyed, on no combat, or after battle " +
                        std::to_string(cp.max_battles))
          .in("battles at most", std::to_string(cp.max_battles)));
  for (const auto& st : cp.steps)
    explain.push_back(report::Step{
        "after battle " + std::to_string(st.battle), "campaigns ended",
        std::to_string(st.states) + " distinct states fight on (equal troops and fatigue merged)", pct(st.p_ended)}
                          .in("states fighting on", std::to_string(st.states)));
  double total = 0;
  for (const auto& [n, p] : cp.battles_fought) total += p;
  explain.push_back(report::Step{"", "distinct battles worked out exactly",
                                 std::string("the states kept in ") + (cp.dense ? "dense rows" : "a hash"),
                                 std::to_string(cp.battles_resolved + 1)});
  if (cp.states_not_followed > 0)
    explain.push_back(report::Step{"", "states not followed", not_followed_text(cp),
                                   fmtnum::shortest(cp.mass_not_followed, 3)});
  explain.push_back(report::Step{"", "total probability",
                                 "the campaigns' ends summed; probabilities are doubles (sums of products of exact "
                                 "counts of d100 pairs)",
                                 fmtnum::fixed(total, 15)});
}

}  // namespace

void setup_campaign(CLI::App& c, Options& opt) {
  add_force_options(c, opt);
  c.add_option("--battles", opt.battles,
               "fight up to N battles in a row while neither side routs or is destroyed (1 to 100, default 10)")
      ->check(cli::bounded({1, kMaxBattles, true}))
      ->type_name("N");
  add_rule_options(c, opt);
  c.add_flag("--simple-siege", opt.simple_siege, "the simple siege rules: defender x4, holds, half casualties");
  c.add_option("--weeks-besieged", opt.weeks_besieged, "simple siege: weeks besieged (+5 BR a week to the attacker)")
      ->check(cli::bounded({0, war::kMaxWeeksBesieged, true, false, "weeks"}))
      ->type_name("N");
}

Expected<report::Report> run_campaign(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  const int battles = opt.battles.value_or(kDefaultBattles);
  auto planned = plan_battle(R, opt, common, "campaign");
  if (!planned) return planned.error();
  const BattlePlan& p = **planned;
  report::Report rep;
  rep.document = &specs::campaign_document();
  rep.tables.push_back(battle_forces_table(p));
  const bool js = common.format == "json";
  // A progress line on a terminal (a campaign of many forces takes minutes): battles worked out.
  Progress progress("campaign battles",
                    static_cast<std::uint64_t>(p.engagements.size()) * static_cast<std::uint64_t>(battles));
  // Each campaign depends on its own forces alone: two or more are worked out on two threads, each
  // into its own slot, and reported in battle order (the first error in battle order is the one shown).
  // Each thread takes the next campaign not yet taken (campaigns differ a hundredfold in work: fixed
  // halves left one thread idle for a third of a file's time).
  std::vector<std::optional<Expected<war::Campaign>>> done(p.engagements.size());
  parallel::each(p.engagements.size(), p.engagements.size() >= 2 ? 2 : 1, [&](size_t b) {
    const auto& e = p.engagements[b];
    int reached = 0;
    done[b].emplace(war::campaign(R, {p.rated[e.force[0]], p.rated[e.force[1]]}, e, p.config, battles, [&](int n) {
      progress.advance(static_cast<std::uint64_t>(n - reached));
      reached = n;
    }));
    progress.advance(static_cast<std::uint64_t>(battles - reached));  // a campaign that ended early
  });
  for (size_t b = 0; b < p.engagements.size(); ++b) {
    const auto& e = p.engagements[b];
    const auto names = names_of(p, e);
    auto& cp = *done[b];
    if (!cp) return war::place_force_fields(cp.error(), p.input);
    const size_t first = rep.tables.size();
    rep.tables.push_back(end_table(*cp, names, p.config));
    rep.tables.push_back(endings_table(*cp, names));
    for (size_t i = 0; i < 2; ++i) rep.tables.push_back(step_table(*cp, names[i], i));
    rep.tables.push_back(fought_table(*cp));
    for (size_t i = 0; i < 2; ++i) rep.tables.push_back(troops_table(*cp, names[i], i, js));
    rep.tables.push_back(report::summary_table(specs::battles_fought_summary(), distribution_of(cp->battles_fought), "",
                                               "Battles fought: summary"));
    for (size_t i = 0; i < 2; ++i)
      rep.tables.push_back(report::summary_table(specs::troops_left_summary(), distribution_of(cp->troops_left[i]),
                                                 "men", "Troops left: " + names[i] + ": summary"));
    for (size_t i = 0; i < 2; ++i) rep.tables[rep.tables.size() - 2 + i].set_context(fields::kForce, names[i]);
    // Every figure of a campaign is computed from the odds of its battles (war::Campaign::ruled).
    const std::string source = source_of(cp->ruled);
    for (size_t i = first; i < rep.tables.size(); ++i) {
      auto& t = rep.tables[i];
      t.set_context(fields::kCampaign, std::to_string(b + 1));
      for (auto& row : t.rows) t.add_source(row, source);
    }
    if (p.engagements.size() <= 100) campaign_charts(*cp, names, rep);
    if (common.explain) explain_campaign(R, *cp, names, e, rep.explain);
    done[b].reset();  // its tables hold what the report needs
  }
  // csv's main table is each side's standing at the end, not the forces.
  rep.main_table = "campaign";
  if (!p.unmatched.empty()) rep.tables.push_back(unmatched_table(p.rated, p.unmatched));
  rep.tables.push_back(settings_table(specs::campaign_settings(), p.config, {std::to_string(battles)}));
  release(*planned);
  return rep;
}

}  // namespace gunpowder::war_app
