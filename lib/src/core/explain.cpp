// explain.cpp - a derivation step as a line of text (explain.hpp).
#include "gunpowder/core/explain.hpp"

#include <iterator>

namespace gunpowder::report {

std::string step_line(const Step& s) {
  std::string out;
  if (!s.subject.empty()) out += s.subject + ": ";
  out += s.figure;
  if (!s.rule.empty()) out += (s.figure.empty() ? "" : " = ") + s.rule;
  if (!s.result.empty()) {
    if (!s.figure.empty() || !s.rule.empty()) out += s.yields == Yields::rounded ? " -> " : " = ";
    out += s.result;
  }
  if (!s.source.empty()) out += " (" + s.source + ")";
  return out;
}

void with_subject(Steps& steps, const std::string& subject) {
  for (auto& s : steps) s.subject = s.subject.empty() ? subject : subject + ": " + s.subject;
}

void append_under(Steps& to, Steps steps, const std::string& subject) {
  with_subject(steps, subject);
  to.insert(to.end(), std::make_move_iterator(steps.begin()), std::make_move_iterator(steps.end()));
}

}  // namespace gunpowder::report
