// json_fractions.hpp - the tests of --fractions (tool.fire-odds, tool.war-machine): the JSON
// document a tool writes read back object by object, each with its members and its "fractions",
// and a count over a total as --fractions writes it (reduced with std::gcd here, never by the code
// under test).
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace gunpowder::fractions_test {

/// One object of a JSON array of the document: its members (values as written, strings unquoted)
/// and its "fractions".
struct Object {
  std::map<std::string, std::string> members;
  std::map<std::string, std::string> fractions;
};
using Arrays = std::map<std::string, std::vector<Object>>;

/// `"key": value` (value unquoted when a string) of a line.
inline std::pair<std::string, std::string> key_value(const std::string& line) {
  const size_t k0 = line.find('"'), k1 = line.find('"', k0 + 1);
  std::string value = line.substr(line.find(": ", k1) + 2);
  if (!value.empty() && value.back() == ',') value.pop_back();
  if (value.size() >= 2 && value.front() == '"') value = value.substr(1, value.size() - 2);
  return {line.substr(k0 + 1, k1 - k0 - 1), value};
}

/// The arrays of a document as the suite writes it (two spaces an indent: an array's key at 2, its
/// objects at 4, their members at 6, the members of their "fractions" at 8).
inline Arrays arrays_of(const std::string& json) {
  Arrays out;
  std::istringstream lines(json);
  std::string line, array;
  Object current;
  bool in_fractions = false;
  const auto indent = [](const std::string& l) { return l.find_first_not_of(' '); };
  while (std::getline(lines, line)) {
    if (indent(line) == 2 && line.find("\": [") != std::string::npos) array = key_value(line).first;
    if (indent(line) == 4 && line[4] == '}') {
      out[array].push_back(current);
      current = {};
    }
    if (indent(line) == 6 && line[6] == '"') {
      const auto [k, v] = key_value(line);
      in_fractions = k == "fractions" && v != "{}";
      if (k != "fractions") current.members[k] = v;
    } else if (indent(line) == 6 && line[6] == '}') {
      in_fractions = false;
    } else if (indent(line) == 8 && in_fractions) {
      const auto [k, v] = key_value(line);
      current.fractions[k] = v;
    }
  }
  return out;
}

/// count / total in lowest terms, as --fractions writes it ("0", "1", "n/d").
inline std::string reduced(std::uint64_t count, std::uint64_t total) {
  if (count == 0) return "0";
  if (count == total) return "1";
  const std::uint64_t g = std::gcd(count, total);
  return std::to_string(count / g) + "/" + std::to_string(total / g);
}

/// Whether `f` is a fraction as --fractions writes one: "0", "1", or n/d with 0 < n < d in lowest terms.
inline bool reduced_form(const std::string& f) {
  if (f == "0" || f == "1") return true;
  const size_t slash = f.find('/');
  if (slash == std::string::npos) return false;
  const std::uint64_t n = std::stoull(f.substr(0, slash)), d = std::stoull(f.substr(slash + 1));
  return n > 0 && d > n && std::gcd(n, d) == 1;
}

/// Every fraction of every object of `a` is one as --fractions writes it (reduced_form).
inline void check_all_reduced(const Arrays& a) {
  // No structured binding: CAPTURE may not name one under clang 14 (the sanitizer build).
  for (const auto& named : a)
    for (const auto& row : named.second)
      for (const auto& fraction : row.fractions) {
        const std::string& name = named.first;
        const std::string& key = fraction.first;
        CAPTURE(name);
        CAPTURE(key);
        CHECK(reduced_form(fraction.second));
      }
}

}  // namespace gunpowder::fractions_test
