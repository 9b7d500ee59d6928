// distribution.cpp - a distribution's tables (values with P, P(at least), P(at most)) and its
// summary (mean, standard deviation, quantiles), for every tool.
#include "gunpowder/core/distribution.hpp"

#include <algorithm>
#include <cmath>

#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::report {

Distribution Distribution::of(const dice::Dist& d) {
  Distribution out;
  out.denominator = d.denominator();
  const auto& p = d.probabilities();
  for (size_t i = 0; i < p.size(); ++i)
    if (p[i] > 0) {
      out.values.push_back(d.min() + static_cast<long long>(i));
      out.p.push_back(p[i]);
    }
  return out;
}

Distribution Distribution::of_counts(const std::map<long long, std::uint64_t>& counts, std::uint64_t total) {
  Distribution out;
  if (total == 0) return out;
  for (const auto& [value, n] : counts)
    if (n > 0) {
      out.values.push_back(value);
      out.p.push_back(static_cast<double>(n) / static_cast<double>(total));
    }
  return out;
}

void Distribution::add(long long value, double probability) {
  if (!(probability > 0)) return;
  const auto at = std::lower_bound(values.begin(), values.end(), value);
  const auto i = static_cast<size_t>(at - values.begin());
  if (at != values.end() && *at == value) {
    p[i] += probability;
    return;
  }
  values.insert(at, value);
  p.insert(p.begin() + static_cast<std::ptrdiff_t>(i), probability);
}

double Distribution::total() const {
  double s = 0;
  for (double x : p) s += x;
  return s;
}

long long quantile(const Distribution& d, double q) {
  if (d.empty()) return 0;
  const double total = d.total();
  double below = 0;  // P(X <= v), summed from the bottom
  for (size_t i = 0; i < d.values.size(); ++i) {
    below += d.p[i];
    if (below / total >= q - kQuantileSlack) return d.values[i];
  }
  return d.values.back();
}

Summary summarise(const Distribution& d) {
  Summary s;
  if (d.empty()) return s;
  const double total = d.total();
  double mean = 0;
  for (size_t i = 0; i < d.values.size(); ++i) mean += static_cast<double>(d.values[i]) * d.p[i];
  mean /= total;
  double var = 0;  // about the mean, so that a large value far from 0 loses no precision
  for (size_t i = 0; i < d.values.size(); ++i) {
    const double dev = static_cast<double>(d.values[i]) - mean;
    var += dev * dev * d.p[i];
  }
  s.mean = mean;
  s.sd = std::sqrt(std::max(0.0, var / total));
  s.min = d.values.front();
  s.max = d.values.back();
  s.q05 = quantile(d, 0.05);
  s.q25 = quantile(d, 0.25);
  s.median = quantile(d, 0.5);
  s.q75 = quantile(d, 0.75);
  s.q95 = quantile(d, 0.95);
  return s;
}

std::string summary_text(const Summary& s, std::string_view unit) {
  auto v = [](long long x) { return fmtnum::grouped(x); };
  std::string out = "mean " + fmtnum::trim(s.mean, 4) + ", sd " + fmtnum::trim(s.sd, 4) + ", median " + v(s.median);
  // What says nothing (quartiles or 5% and 95% quantiles that are one value) is left out.
  if (s.q25 != s.q75) out += ", quartiles " + v(s.q25) + " and " + v(s.q75);
  if (s.q05 != s.q95) out += ", 90% from " + v(s.q05) + " to " + v(s.q95);
  if (!unit.empty()) out += " (" + std::string(unit) + ")";
  return out;
}

SummarySpec::SummarySpec(std::string_view name, std::string_view title, std::vector<FieldUse> context, bool sourced)
    : name_(std::string(name) + "-summary"),
      title_(std::string(title) + ": summary"),
      spec_(name_, title_,
            "the distribution's mean, standard deviation and quantiles (the q quantile: the smallest value v with "
            "P(at most v) >= q)",
            {dist_fields::kUnit, dist_fields::kMean, dist_fields::kSd, dist_fields::kMin, dist_fields::kQ05,
             dist_fields::kQ25, dist_fields::kMedian, dist_fields::kQ75, dist_fields::kQ95, dist_fields::kMax}) {
  spec_.with_context(std::move(context));
  spec_.only_for(Shown::programs);
  if (sourced) spec_.sourced_by_house_rules();
}

DistributionSpec::DistributionSpec(std::string_view name, std::string_view title, const Field& value,
                                   std::vector<FieldUse> context, DistributionOptions options)
    : value_(&value),
      values_(name, title, "one value of the distribution, with its probability",
              {value, dist_fields::kP, dist_fields::kPAtLeast, dist_fields::kPAtMost}),
      summary_(name, title, context, options.sourced_by_house_rules) {
  values_.with_context(std::move(context));
  if (!options.always) values_.only_on_request();
  if (options.sourced_by_house_rules) values_.sourced_by_house_rules();
}

DistributionTables& DistributionTables::set_context(const Field& f, std::string value) {
  values.set_context(f, value);
  summary.set_context(f, std::move(value));
  return *this;
}

void DistributionTables::add_to(std::vector<Table>& out) {
  out.push_back(std::move(values));
  out.push_back(std::move(summary));
}

namespace {
// A probability as people read it: a percentage with 2 decimals, 4 below 1% (so that 0.17% is not
// shown as 0.00%) and where short of 1 by less than 0.0001 (so that 99.9983% is not shown as 100.00%).
// With its fraction over `denominator` (cell::exact_over), if any.
Cell probability_cell(double p, std::uint64_t denominator) {
  const bool fine = (p > 0 && p < 0.01) || (p < 1 - 1e-12 && 1 - p < 1e-4);
  return cell::exact_over(cell::shown_as(fmtnum::percent(p, fine ? 4 : 2), p), p, denominator);
}
}  // namespace

Table summary_table(const SummarySpec& spec, const Distribution& d, std::string_view unit, std::string title,
                    const std::string& source) {
  Table t(spec.spec());
  t.title = std::move(title);
  if (d.empty()) return t;
  const Summary s = summarise(d);
  t.add_row({cell::text_or_none(std::string(unit)), cell::trimmed(s.mean, 12), cell::trimmed(s.sd, 12),
             cell::integer(s.min), cell::integer(s.q05), cell::integer(s.q25), cell::integer(s.median),
             cell::integer(s.q75), cell::integer(s.q95), cell::integer(s.max)},
            source);
  return t;
}

DistributionTables distribution_tables(const DistributionSpec& spec, const Distribution& d, std::string title,
                                       const std::string& source) {
  if (title.empty()) title = std::string(spec.values().title);
  DistributionTables t{Table(spec.values()), {}};
  t.values.title = title;
  const size_t n = d.values.size();
  // P(at least) summed from the top (from the values past the listing, if any) and P(at most)
  // from the bottom, so that each tail keeps its small figures exact to the last digits.
  std::vector<double> at_least(n + 1, d.above), at_most(n, 0.0);
  for (size_t i = n; i-- > 0;) at_least[i] = at_least[i + 1] + d.p[i];
  double below = 0;
  for (size_t i = 0; i < n; ++i) at_most[i] = below += d.p[i];
  for (size_t i = 0; i < n; ++i)
    t.values.add_row({cell::integer(d.values[i]), probability_cell(d.p[i], d.denominator),
                      probability_cell(std::min(1.0, at_least[i]), d.denominator),
                      probability_cell(std::min(1.0, at_most[i]), d.denominator)},
                     source);
  const std::string_view unit = spec.value().unit;
  if (!d.empty()) t.values.notes.push_back(summary_text(summarise(d), unit));
  t.summary = summary_table(spec.summary_spec(), d, unit, title + ": summary", source);
  return t;
}

}  // namespace gunpowder::report
