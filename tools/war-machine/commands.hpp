// commands.hpp - what the files of war-machine share: each subcommand's setup and run, the
// battle plan that battle and siege both build, and the report pieces (tables, JSON) of ratings,
// odds and rolled battles. Internal to the tool.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gunpowder/core/parallel.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/war/battle.hpp"
#include "gunpowder/war/read_battle.hpp"
#include "gunpowder/war/rounds.hpp"
#include "gunpowder/war/war_input.hpp"
#include "war-machine/war_app.hpp"

namespace gunpowder::war_app {

// --- the subcommands (rate.cpp, battle.cpp, campaign.cpp, march.cpp, siege.cpp)

void setup_rate(CLI::App& cmd, Options& opt);
void setup_battle(CLI::App& cmd, Options& opt);
void setup_march(CLI::App& cmd, Options& opt);
void setup_siege(CLI::App& cmd, Options& opt);
void setup_campaign(CLI::App& cmd, Options& opt);
/// --force and --situation (force_flags.cpp), on battle, campaign, rate and siege.
void add_force_options(CLI::App& cmd, Options& opt);
/// The [[force]] tables of the --force flags, one document each (named "--force SPEC"), read
/// after any file's; a troop class alone rates its force at the class's lowest BFR. With `roles`
/// (a battle), a force without role= attacks if it is the first, defends otherwise.
Expected<std::vector<input::Document>> force_documents(const war::Rules& R, const Options& opt, bool roles);
/// Errors placed in those documents, placed on their flag instead (no line, exit 64).
Diagnostics on_force_flags(const Diagnostics& in);
/// The options of the battle rules that battle and siege share (ties, casualties, ratio, Siege Machine).
void add_rule_options(CLI::App& cmd, Options& opt);
/// --statement-reading: how the battle-rating statements read a force's figures (rate, battle, siege).
void add_percent_option(CLI::App& cmd, Options& opt);

Expected<report::Report> run_rate(const war::Rules& R, const Options& opt, const cli::CommonOptions& common);
/// The rate command's rows of `forces` in its table of forces (rate.cpp).
void add_rate_rows(report::Table& t, const std::vector<war::RatedForce>& forces);
/// The statements' reading of a rate run: --statement-reading, else the files' [battle]
/// statement_reading (`from_files`), else the data's; and the house rule behind it.
std::pair<war::PercentReading, war::Ruled> rate_reading(const war::Rules& R, const Options& opt,
                                                        const std::optional<std::string>& from_files);
/// A rate batch of [[force]] files written as it is made (rate_stream.cpp): the report, whose
/// `write` writes it, or nothing when it is not streamed (forces as flags, --explain, --table,
/// house rules, an input with an error, a [battle] table or fewer than two forces): the caller
/// reads the inputs whole.
std::optional<report::Report> run_rate_streamed(const war::Rules& R, const Options& opt,
                                                const cli::CommonOptions& common,
                                                const std::vector<input::Source>& sources);
Expected<report::Report> run_battle(const war::Rules& R, const Options& opt, const cli::CommonOptions& common);
/// A battle file of more than 100 battles written as it is made (battle_stream.cpp): the report,
/// whose `write` writes it, or nothing when it is not streamed (forces as flags, --roll, --explain,
/// --table, --chart, --svg, --odds-chart, house rules, an input with an error or a [battle]
/// table, 100 battles or fewer): the caller reads the input whole.
std::optional<report::Report> run_battle_streamed(const war::Rules& R, const Options& opt,
                                                  const cli::CommonOptions& common,
                                                  const std::vector<input::Source>& sources);
Expected<report::Report> run_march(const war::Rules& R, const Options& opt, const cli::CommonOptions& common);
Expected<report::Report> run_siege(const war::Rules& R, const Options& opt, const cli::CommonOptions& common);
Expected<report::Report> run_campaign(const war::Rules& R, const Options& opt, const cli::CommonOptions& common);

// --- work on two threads (format.cpp)

/// Below this many items, one thread does the work (a thread costs more than it saves).
inline constexpr size_t kThreadedMin = 256;

/// Runs fn(from, to) over [0, n): on two threads (the halves at once) when n >= threshold, else
/// on this one. Each index is independent and writes only its own slot, so results keep the
/// input order and do not depend on the split.
template <class Fn>
void split_work(size_t n, size_t threshold, Fn&& fn) {
  parallel::ranges(n, n >= threshold && n >= 2 ? 2 : 1, [&](unsigned, size_t from, size_t to) { fn(from, to); });
}

// --- shared formatting (format.cpp)

std::string pct(double p);
/// pct(p) of a share p = pairs / 10,000 of the roll pairs, kept per thread once built.
std::string pct_pairs(std::int64_t pairs, double p);
/// fmtnum::trim(x, 2), kept per thread for the few casualty percentages the results table prints.
std::string trim2(double x);
std::string fatigue_text(const std::optional<war::Fatigue>& f);
/// A share of a whole in words, from the data's fraction: "half" (1/2), "all" (n = d), "none" (0), else "n/d".
std::string share_text(const war::Fraction& f);
/// The simple siege's rules in force, from the data: "defender x4 for the ratio, ignores retreat and
/// rout, half casualties".
std::string siege_rules_text(const war::Rules& R);
std::string location_text(war::Location l, int units);
// Cells: the text people see, the raw value csv writes (a fraction for a probability, a plain
// number, an empty cell for "-").
/// A share of the 10,000 pairs of d100 rolls: pct_pairs for people, the probability for csv, and
/// its exact fraction over 10,000 (--fractions).
report::Cell pct_pairs_cell(std::int64_t pairs, double p);
/// A probability as report::cell::percent shows it, with its exact fraction over `denominator`
/// (war::pairs_counted, 10,000, a die's sides) for --fractions.
report::Cell pct_over(double p, std::uint64_t denominator);
report::Cell fatigue_cell(const std::optional<war::Fatigue>& f);
/// A location for people ("field+2", "-") and its two parts for programs (location_units_cell).
report::Cell location_cell(war::Location l, int units);
report::Cell location_units_cell(war::Location l, int units);
report::Cell opt_text_cell(const std::optional<std::string>& v);
/// The tables of a force's rating: its BFR (or quick rating) lines and its statements, when it has them.
void rating_tables(const war::Rules& R, const war::RatedForce& x, const report::TableSpec& lines_spec,
                   const report::TableSpec& statements_spec, std::vector<report::Table>& tables);

// --- the battle plan (plan.cpp)

/// The forces of a battle file, rated, divided into sides and paired, each battle's odds known.
struct BattlePlan {
  war::BattleInput input;
  std::vector<war::RatedForce> rated;
  war::Sides sides;
  war::BattleConfig config;
  std::vector<war::Engagement> engagements;
  std::vector<size_t> unmatched;
};

/// `sources`: the inputs already opened (standard input is read once), else common.inputs.
Expected<std::unique_ptr<BattlePlan>> plan_battle(const war::Rules& R, const Options& opt,
                                                  const cli::CommonOptions& common, const char* command,
                                                  const std::vector<input::Source>* sources = nullptr);
/// The settings of a battle: a flag wins over the file's [battle] table (`fs`), which wins over the
/// data's defaults (plan.cpp).
Expected<war::BattleConfig> battle_settings(const war::Rules& R, const Options& opt, const war::BattleFileSettings& fs);
/// Frees a plan; a large one on two threads.
void release(std::unique_ptr<BattlePlan>& plan);
std::array<std::string, 2> names_of(const BattlePlan& p, const war::Engagement& e);

// --- report pieces of a battle (battle_report.cpp) and of rolled battles (roll_report.cpp)

report::Table battle_forces_table(const BattlePlan& p);
/// The table of forces without its rows: its note on the pairing when there is more than one
/// battle or a force is unmatched.
report::Table battle_forces_frame(size_t battles, size_t unmatched);
/// The battle a force fights (the last, as listed), for its row in the table of forces: none
/// (`opponent` null) when it is unmatched.
struct ForceBattle {
  int modified_br = 0;
  const std::string* opponent = nullptr;  ///< the opponent's name
  const war::Ruled* ruled = nullptr;      ///< the house rule behind the modified BR
};
/// The row of `x` in the table of forces; `statements`: its BR was computed from the statements.
std::vector<report::Cell> battle_forces_row(const war::RatedForce& x, const ForceBattle& battle, bool statements);
/// The settings of a battle (the readings and policies), then `more` (the columns its spec adds).
report::Table settings_table(const report::TableSpec& spec, const war::BattleConfig& c, std::vector<report::Cell> more);
report::Table unmatched_table(const std::vector<war::RatedForce>& rated, const std::vector<size_t>& unmatched);
/// The row of battle `b` in the table of battles (--summary, and JSON).
std::vector<report::Cell> battle_row(const BattlePlan& p, size_t b);
/// The same from the battle's forces' names and its odds.
std::vector<report::Cell> battle_row(const std::array<std::string, 2>& names, const war::Odds& o, size_t b);
/// Each side's adjustments in battle `battle` (from 0).
void adjustment_tables(const war::Rules& R, const std::vector<war::RatedForce>& rated, const war::Engagement& e,
                       size_t battle, std::vector<report::Table>& tables);
/// The odds of battle `battle`, its expected casualties and, when `full` or `js`, its combat-results
/// rows and states after it (`js`: every table, for JSON).
void odds_tables(const war::Rules& R, const std::vector<war::RatedForce>& rated, const war::Engagement& e,
                 size_t battle, bool full, bool js, std::vector<report::Table>& tables);

/// The rounds of a rolled battle and their consequences (and, for JSON, each side at the end).
void roll_tables(const war::Rules& R, const std::array<std::string, 2>& names, const war::RollOutcome& ro,
                 std::uint64_t seed, size_t battle, bool js, std::vector<report::Table>& tables,
                 report::Steps& explain);
/// The forces after the rolled battles, as a battle file that reads back.
std::string forces_toml(const war::Rules& R, const std::vector<war::RatedForce>& rated,
                        const std::vector<std::optional<war::ForceState>>& state, const war::BattleConfig& c,
                        std::uint64_t seed);
/// --odds-chart (odds_chart.cpp): one chart of every battle's outcome odds (each force's outright
/// win and the tie, before the tie policy), labelled by the difference of the BRs in combat.
report::Chart odds_chart(const BattlePlan& p);
/// --runs: N independent battles of each engagement, tallied against the exact odds.
void runs_tables(const war::Rules& R, const BattlePlan& p, int runs, std::uint64_t seed, report::Report& rep);

/// The source a row shows under house rules (its table declared sourced_by_house_rules()): the
/// house rule behind its figures, or "" (cli::sourced).
std::string source_of(const war::Ruled& r);
/// Gives `row` of a table of `spec` the source of `r` (report::Table::add_source), for a row made
/// before its table.
void add_row_source(std::vector<report::Cell>& row, const report::TableSpec& spec, const war::Ruled& r);

/// A count of troops, rounds or casualties as a table cell.
inline report::Cell count_cell(std::int64_t n) { return report::cell::integer(static_cast<long long>(n)); }

}  // namespace gunpowder::war_app
