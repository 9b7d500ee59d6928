// turns_check.hpp - helpers of the tests of turns to a result (fire-odds' shots, broadsides and
// volleys, siege-duration's battery): a csv table read by header, and a plain forward count of
// the turns one by one (the state: the points dealt so far), never dice::turns_to_reach, against
// which a table of turns and its distribution are checked.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace gunpowder::testing {

using Rows = std::vector<std::map<std::string, std::string>>;

/// The rows of a csv text of one table (cells without commas), each as its columns by header.
inline Rows parse_csv(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
  std::istringstream lines(text);
  std::string line;
  std::vector<std::string> header;
  Rows rows;
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::istringstream in(line);
    for (std::string c; std::getline(in, c, ',');) cells.push_back(c);
    if (line.back() == ',') cells.emplace_back();
    if (header.empty()) {
      header = cells;
      continue;
    }
    REQUIRE(cells.size() == header.size());
    std::map<std::string, std::string> row;
    for (size_t i = 0; i < cells.size(); ++i) row[header[i]] = cells[i];
    rows.push_back(row);
  }
  return rows;
}

/// The turns one by one: P(done on turn k) for k = 1.. until P(not done) < 1e-12, each turn
/// dealing amount v with per_turn[v].
inline std::vector<double> forward_turns(const std::vector<double>& per_turn, int target) {
  std::vector<double> state(static_cast<size_t>(target), 0.0), done{0.0};
  state[0] = 1;
  double left = 1;
  while (left > 1e-12) {
    std::vector<double> next(state.size(), 0.0);
    double now = 0;
    for (size_t s = 0; s < state.size(); ++s)
      for (size_t v = 0; v < per_turn.size(); ++v) {
        if (state[s] == 0 || per_turn[v] == 0) continue;
        if (s + v >= state.size())
          now += state[s] * per_turn[v];
        else
          next[s + v] += state[s] * per_turn[v];
      }
    done.push_back(now);
    left -= now;
    state = next;
  }
  return done;
}

/// Checks a row of a turns table and the distribution's rows against the forward count.
inline void check_turns(const std::map<std::string, std::string>& row, const Rows& dist,
                        const std::vector<double>& done) {
  double mean = 0, second = 0, cum = 0;
  long long median = 0, q95 = 0, settled = 0;
  for (size_t k = 1; k < done.size(); ++k) {
    const auto kk = static_cast<double>(k);
    mean += kk * done[k];
    second += kk * kk * done[k];
    cum += done[k];
    if (!median && cum >= 0.5) median = static_cast<long long>(k);
    if (!q95 && cum >= 0.95) q95 = static_cast<long long>(k);
    if (!settled && 1 - cum < 1e-9) settled = static_cast<long long>(k);
  }
  CHECK(std::stod(row.at("mean_turns")) == doctest::Approx(mean).epsilon(1e-8));
  CHECK(std::stod(row.at("sd_turns")) == doctest::Approx(std::sqrt(second - mean * mean)).epsilon(1e-6));
  CHECK(std::stoll(row.at("median_turns")) == median);
  CHECK(std::stoll(row.at("q95_turns")) == q95);
  CHECK(std::stoll(row.at("settled_by")) == settled);
  CHECK(row.at("certain_by").empty());  // a turn may deal nothing
  REQUIRE_FALSE(dist.empty());
  for (const auto& d : dist) {
    const auto k = static_cast<size_t>(std::stoll(d.at("fired")));
    REQUIRE(k < done.size());
    double by = 0;
    for (size_t j = 1; j <= k; ++j) by += done[j];
    CAPTURE(k);
    CHECK(std::stod(d.at("p")) == doctest::Approx(done[k]).epsilon(1e-9));
    CHECK(std::stod(d.at("p_at_most")) == doctest::Approx(by).epsilon(1e-9));
  }
}

/// The rows whose `key` is `value`.
inline Rows with(const Rows& rows, const std::string& key, const std::string& value) {
  Rows out;
  for (const auto& r : rows)
    if (r.at(key) == value) out.push_back(r);
  return out;
}

}  // namespace gunpowder::testing
