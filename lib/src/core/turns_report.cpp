// turns_report.cpp - the figures of turns to a result as the tools report them (turns_report.hpp).
#include "gunpowder/core/turns_report.hpp"

#include "gunpowder/core/fields.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::report {

std::vector<FieldUse> turns_fields(const Field& goal) {
  namespace f = vocab;
  return {goal,         f::kPointsNeeded, f::kMeanTurns, f::kSdTurns, f::kMedianTurns,
          f::kQ95Turns, f::kCertainBy,    f::kSettledBy};
}

Distribution turns_distribution(const dice::TurnsToReach& r) {
  Distribution d;
  for (size_t i = 0; i < r.p.size(); ++i)
    if (r.p[i] > 0) {
      d.values.push_back(r.first + static_cast<long long>(i));
      d.p.push_back(r.p[i]);
    }
  d.above = r.tail;  // P(not done by the last turn listed)
  return d;
}

std::vector<Cell> turns_cells(Cell goal, const dice::TurnsToReach& r) {
  using cell::integer;
  using cell::none;
  std::vector<Cell> out{std::move(goal), integer(r.target)};
  if (r.never) {
    out.insert(out.end(), {none("never"), none(), none(), none(), none(), none()});
    return out;
  }
  out.push_back(cell::number(r.mean, 2, true));
  out.push_back(cell::number(r.sd, 2, true));
  const Distribution d = turns_distribution(r);
  out.push_back(d.empty() ? none() : integer(quantile(d, 0.5)));
  out.push_back(d.empty() ? none() : integer(quantile(d, 0.95)));
  out.push_back(integer(r.certain_by ? std::optional<long long>(*r.certain_by) : std::nullopt));
  out.push_back(d.empty() ? none() : integer(r.last()));
  return out;
}

std::string turns_note(const std::vector<const dice::TurnsToReach*>& rows) {
  std::string out =
      "exact: the mean and sd by recursion over the points dealt so far, the median and 95% from the whole "
      "distribution (P(done by each) with --distributions), listed until P(not done yet) < 1e-9";
  for (const dice::TurnsToReach* r : rows)
    if (!r->never && !r->distribution_made) {
      out += "; for " + fmtnum::grouped(r->target) + " points the distribution would take over " +
             fmtnum::grouped(static_cast<long long>(dice::kTurnsWorkBound)) + " additions: mean and sd only";
      break;
    }
  return out;
}

}  // namespace gunpowder::report
