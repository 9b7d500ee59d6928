// distribution.hpp - the distribution of a random quantity a tool reports, declared once and
// rendered by the core like every other table: a table of its values (each value with P, P(at
// least) and P(at most)) and its summary (mean, standard deviation, median and quantiles).
//
// A tool declares a DistributionSpec once (a function-local static) and adds the tables of a
// distribution in a line:
//   static const report::DistributionSpec s("kills-per-volley", "Kills per volley", kKills, {kScenario, kName});
//   report::distribution_tables(s, report::Distribution::of(odds.kills)).add_to(out.tables);
// Quantiles follow one convention everywhere (docs/rules-notes.md, "Distributions"): the q quantile
// is the smallest value v with P(X <= v) >= q.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/dice.hpp"
#include "gunpowder/core/fields.hpp"
#include "gunpowder/core/model.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::report {

/// The distribution of a whole-numbered quantity: the values that have a chance, ascending, each
/// with its probability. The probabilities sum to 1, or to less when some outcomes are not of this
/// quantity (a misfire fires no shot): the summary is then over the outcomes it holds.
struct Distribution {
  std::vector<long long> values;
  std::vector<double> p;
  /// Every probability is an exact multiple of 1/denominator (dice::Dist::denominator, or d100 pairs
  /// out of 10,000); 0: not known (sampled, normalised). The values' P cells carry it (--fractions).
  std::uint64_t denominator = 0;
  /// The probability of values past the last one listed, left out of the listing (turns to a
  /// result are listed until P(not done yet) is below 1e-9): counted in every P(at least), not in
  /// the summary.
  double above = 0;

  /// The values of `d` that have a chance (P > 0).
  static Distribution of(const dice::Dist& d);
  /// A value per key of `counts` (with a count above 0), its probability count / total: sampled runs,
  /// or pairs of d100 rolls out of 10,000.
  static Distribution of_counts(const std::map<long long, std::uint64_t>& counts, std::uint64_t total);
  /// Adds `p` to the probability of `value` (kept ascending); a value of no chance is left out.
  void add(long long value, double probability);
  /// The sum of the probabilities.
  [[nodiscard]] double total() const;
  [[nodiscard]] bool empty() const { return values.empty(); }
};

/// The summary of a distribution, over the outcomes it holds (its probabilities divided by their
/// total): mean, standard deviation, the smallest and largest values, and the quantiles.
struct Summary {
  double mean = 0;
  double sd = 0;
  long long min = 0, q05 = 0, q25 = 0, median = 0, q75 = 0, q95 = 0, max = 0;
};
/// The slack of a quantile's comparison: P(X <= v) >= q - kQuantileSlack, so that a sum of
/// probabilities rounded below q (0.49999999999999994 for 1/2) still reaches it.
inline constexpr double kQuantileSlack = 1e-12;
/// The q quantile (0 < q <= 1): the smallest value v with P(X <= v) >= q (normalised; see above).
long long quantile(const Distribution& d, double q);
/// Its summary; all zero for an empty distribution.
Summary summarise(const Distribution& d);
/// The summary in a line for people: "mean 22, sd 5.7446, median 22, quartiles 18 and 26, 90% from
/// 13 to 31", then the unit in parentheses when one is given (" (yd)").
std::string summary_text(const Summary& s, std::string_view unit = {});

/// The figures of every distribution's tables, declared once.
namespace dist_fields {
using vocab::kP;
using vocab::kPAtLeast;
using vocab::kPAtMost;
inline constexpr Field kUnit{"unit", "Unit", Kind::text, "", "the unit of the values, or null"};
inline constexpr Field kMean{"mean", "Mean", Kind::number, "", "the mean of the values (in their unit)", "", false};
inline constexpr Field kSd{"sd", "SD", Kind::amount, "", "the standard deviation of the values", "", false};
inline constexpr Field kMin{"min", "Min", Kind::integer, "", "the smallest value with a chance", "", false};
inline constexpr Field kQ05{
    "q05", "5%", Kind::integer, "", "the 5% quantile: the smallest value v with P(at most v) >= 0.05", "", false};
inline constexpr Field kQ25{
    "q25", "25%", Kind::integer, "", "the lower quartile: the smallest value v with P(at most v) >= 0.25", "", false};
inline constexpr Field kMedian{
    "median", "Median", Kind::integer, "", "the median: the smallest value v with P(at most v) >= 0.5", "", false};
inline constexpr Field kQ75{
    "q75", "75%", Kind::integer, "", "the upper quartile: the smallest value v with P(at most v) >= 0.75", "", false};
inline constexpr Field kQ95{
    "q95", "95%", Kind::integer, "", "the 95% quantile: the smallest value v with P(at most v) >= 0.95", "", false};
inline constexpr Field kMax{"max", "Max", Kind::integer, "", "the largest value with a chance", "", false};
}  // namespace dist_fields

/// How a distribution's tables are shown.
struct DistributionOptions {
  /// Its values are always made; otherwise (a long distribution, such as 12d10's 111 values) they
  /// are made on request (TableSpec::on_request: --distributions, or --table naming them), in every
  /// format, and its summary is always there.
  bool always = true;
  /// Its rows have a source under house rules (TableSpec::sourced_by_house_rules).
  bool sourced_by_house_rules = false;
};

/// The declaration of a distribution's summary table (`name`-summary: unit, mean, sd, min, q05,
/// q25, median, q75, q95, max), for programs (people read the summary in a note). A tool whose own
/// table lists the values (in bands of counts, say) declares this alone; DistributionSpec holds one.
/// Declared once, in a function-local static (neither copied nor moved: its table's name points
/// into it).
class SummarySpec {
 public:
  SummarySpec(std::string_view name, std::string_view title, std::vector<FieldUse> context, bool sourced = false);
  SummarySpec(const SummarySpec&) = delete;
  SummarySpec& operator=(const SummarySpec&) = delete;
  SummarySpec(SummarySpec&&) = delete;
  SummarySpec& operator=(SummarySpec&&) = delete;
  ~SummarySpec() = default;
  [[nodiscard]] const TableSpec& spec() const { return spec_; }

 private:
  std::string name_, title_;
  TableSpec spec_;
};

/// The declaration of the distribution of one quantity: the table of its values (`name`: the
/// value, P, P(at least), P(at most)) and its summary (SummarySpec). `value` is the quantity's
/// field (its key, unit and kind: `distance_yd`, `kills`); `context` the fields each row is about
/// (the scenario, the force). Declared once, in a function-local static (neither copied nor moved).
class DistributionSpec {
 public:
  DistributionSpec(std::string_view name, std::string_view title, const Field& value, std::vector<FieldUse> context,
                   DistributionOptions options = {});
  DistributionSpec(const DistributionSpec&) = delete;
  DistributionSpec& operator=(const DistributionSpec&) = delete;
  DistributionSpec(DistributionSpec&&) = delete;
  DistributionSpec& operator=(DistributionSpec&&) = delete;
  ~DistributionSpec() = default;

  [[nodiscard]] const TableSpec& values() const { return values_; }
  [[nodiscard]] const TableSpec& summary() const { return summary_.spec(); }
  [[nodiscard]] const SummarySpec& summary_spec() const { return summary_; }
  [[nodiscard]] const Field& value() const { return *value_; }
  /// Both declarations, in the order a document lists them (values, then summary).
  [[nodiscard]] std::vector<const TableSpec*> tables() const { return {&values_, &summary_.spec()}; }

 private:
  const Field* value_;
  TableSpec values_;
  SummarySpec summary_;
};

/// The two tables of one distribution, made from its declaration.
struct DistributionTables {
  Table values;
  Table summary;
  /// Sets a context field of both (declared in the spec's context).
  DistributionTables& set_context(const Field& f, std::string value);
  /// Moves both to the end of `out`.
  void add_to(std::vector<Table>& out);
};
/// The tables of `d` declared by `spec`: its values (each value with a chance), titled `title` (the
/// spec's title when empty) with the summary line (summary_text) as a note, and its summary; each
/// row with `source` (a spec sourced by house rules: the house rule behind the figures, or empty).
DistributionTables distribution_tables(const DistributionSpec& spec, const Distribution& d, std::string title = {},
                                       const std::string& source = {});
/// The summary table of `d` alone (its values in the unit `unit`), titled `title`, its row with `source`.
Table summary_table(const SummarySpec& spec, const Distribution& d, std::string_view unit, std::string title,
                    const std::string& source = {});

}  // namespace gunpowder::report
