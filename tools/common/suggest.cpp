// suggest.cpp - the nearest valid name to a mistyped one (see suggest.hpp).
#include "common/suggest.hpp"

#include <algorithm>
#include <cctype>

namespace gunpowder::cli {

namespace {
char fold(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
}  // namespace

size_t edit_distance(std::string_view a, std::string_view b) {
  // The optimal string alignment distance, rows of the dynamic programme kept three at a time.
  std::vector<size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t cost = fold(a[i - 1]) == fold(b[j - 1]) ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) && fold(a[i - 2]) == fold(b[j - 1]))
        cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    before.swap(prev);
    prev.swap(cur);
  }
  return prev[b.size()];
}

std::optional<std::string> nearest(std::string_view typed, const std::vector<std::string>& valid) {
  if (typed.empty()) return std::nullopt;
  const size_t letters = typed.size();
  const size_t allowed = letters <= 4 ? 1 : letters <= 8 ? 2 : 3;
  const std::string* best = nullptr;
  size_t best_distance = allowed + 1;
  for (const auto& v : valid) {
    const size_t d = edit_distance(typed, v);
    if (d < best_distance) {
      best = &v;
      best_distance = d;
    }
  }
  if (best) return *best;
  const std::string* prefixed = nullptr;
  for (const auto& v : valid)
    if (v.size() > typed.size() &&
        std::equal(typed.begin(), typed.end(), v.begin(), [](char x, char y) { return fold(x) == fold(y); })) {
      if (prefixed) return std::nullopt;  // a prefix of several: no one guess
      prefixed = &v;
    }
  if (prefixed) return *prefixed;
  return std::nullopt;
}

}  // namespace gunpowder::cli
