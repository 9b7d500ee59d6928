// fire_common.hpp - small things shared by the fire rules and fire-odds: the d20 of attack throws
// and saves, and the builder of a typed step of --explain. (JSON output rounds every real itself:
// json::kSignificantDigits.)
#pragma once

#include <string>
#include <utility>

#include "gunpowder/core/explain.hpp"

namespace gunpowder::fire {

/// Attack throws, saving throws and structural saves are d20 throws (ACKS; every example of
/// seed 000 reads them on a d20).
inline constexpr int kD20 = 20;

/// A step of --explain deriving `figure` by `rule` (its inputs in place) with `result`, from
/// `source`; inputs are added with `.in(name, value)`. (The artillery module has its own.)
inline report::Step make_step(std::string figure, std::string rule, std::string result, std::string source,
                              report::Yields yields = report::Yields::equals) {
  report::Step s;
  s.figure = std::move(figure);
  s.rule = std::move(rule);
  s.result = std::move(result);
  s.source = std::move(source);
  s.yields = yields;
  return s;
}

/// A citation of a documented reading (docs/sources.md): the book's section, then "(a documented reading)".
inline std::string reading(const std::string& source) { return source + " (a documented reading)"; }

}  // namespace gunpowder::fire
