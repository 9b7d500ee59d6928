// fire-odds --fractions: the fractions the tool prints against a brute-force count in this test
// (every face of every die enumerated, the outcome classified here by the book's words, the count
// over the number of throws reduced with std::gcd), never against the code under test.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "json_fractions.hpp"
#include "run_fire_odds.hpp"

using namespace gunpowder;
using fire_odds_test::Run;
using fractions_test::Arrays;
using fractions_test::arrays_of;
using fractions_test::Object;
using fractions_test::reduced;

namespace {

Run fire_odds(std::vector<std::string> args) { return fire_odds_test::run(std::move(args)); }

Arrays fractions_json(std::vector<std::string> args) {
  for (const char* a : {"--fractions", "--distributions", "--format", "json"}) args.emplace_back(a);
  const Run r = fire_odds(std::move(args));
  REQUIRE(r.code == 0);
  return arrays_of(r.out);
}

// A distribution counted by brute force: how many throws give each value, out of `total`.
struct Counted {
  std::map<long long, std::uint64_t> count;
  std::uint64_t total = 0;
};

// Each object of `array` (one per value of key `value_key`) has the fractions p, p_at_least and
// p_at_most of the counted distribution, and the array has a row for each value counted.
void check_distribution(const std::vector<Object>& rows, const std::string& value_key, const Counted& c) {
  REQUIRE(rows.size() == c.count.size());
  std::uint64_t below = 0;
  // No structured binding: CAPTURE's and the lambda's may not name one under clang 14 (the
  // sanitizer build).
  for (const auto& entry : c.count) {
    const auto& value = entry.first;
    const std::uint64_t n = entry.second;
    const std::uint64_t above = c.total - below;
    below += n;
    const auto row = std::find_if(rows.begin(), rows.end(),
                                  [&](const Object& o) { return o.members.at(value_key) == std::to_string(value); });
    REQUIRE(row != rows.end());
    CAPTURE(value);
    CHECK(row->fractions.at("p") == reduced(n, c.total));
    CHECK(row->fractions.at("p_at_least") == reduced(above, c.total));
    CHECK(row->fractions.at("p_at_most") == reduced(below, c.total));
  }
}

// The hand of five poker dice (Baggins Wood Cannons, Firing: the hands, best first).
std::string poker_hand(const std::array<int, 5>& dice) {
  std::array<int, 7> faces{};
  for (int d : dice) ++faces.at(static_cast<size_t>(d));
  std::vector<int> groups;
  for (int f = 1; f <= 6; ++f)
    if (faces.at(static_cast<size_t>(f)) > 0) groups.push_back(faces.at(static_cast<size_t>(f)));
  std::sort(groups.rbegin(), groups.rend());
  if (groups[0] == 5) return "poker";
  if (groups[0] == 4) return "four-of-a-kind";
  const bool straight = groups.size() == 5 && (faces[1] == 0 || faces[6] == 0);  // 1-5 or 2-6
  if (straight) return "straight";
  if (groups[0] == 3 && groups[1] == 2) return "full-house";
  if (groups[0] == 3) return "three-of-a-kind";
  if (groups[0] == 2 && groups[1] == 2) return "two-pair";
  if (groups[0] == 2) return "pair";
  return "none";
}

}  // namespace

TEST_CASE("fire-odds --fractions: broadside hands of five dice against every throw of 6^5") {
  std::map<std::string, std::uint64_t> count;
  std::uint64_t total = 0;
  std::array<int, 5> d{};
  for (d[0] = 1; d[0] <= 6; ++d[0])
    for (d[1] = 1; d[1] <= 6; ++d[1])
      for (d[2] = 1; d[2] <= 6; ++d[2])
        for (d[3] = 1; d[3] <= 6; ++d[3])
          for (d[4] = 1; d[4] <= 6; ++d[4]) {
            ++count[poker_hand(d)];
            ++total;
          }
  REQUIRE(total == 7776);
  const Arrays a = fractions_json({"broadside", "--dice", "5", "--rerolls", "0"});
  const auto& hands = a.at("hands");
  REQUIRE(hands.size() == 8);
  // P(at least) from the best hand down, in the table's order.
  std::uint64_t at_least = 0;
  for (const auto& h : hands) {
    const std::string key = h.members.at("hand");
    CAPTURE(key);
    at_least += count[key];
    CHECK(h.fractions.at("p") == reduced(count[key], total));
    if (key != "none") CHECK(h.fractions.at("p_at_least") == reduced(at_least, total));
  }
  // The book's worked figures: a straight is 240 of 7,776 (1-5 and 2-6, 120 orders each).
  CHECK(reduced(count["straight"], total) == "5/162");
}

TEST_CASE("fire-odds --fractions: the attack throw and the scatter against every pair of d20s and every 2d6") {
  // Guns of War, Attacking with Gunpowder Artillery, p. 16: the throw is made when the natural
  // die plus the modifiers meets the target value; a natural 20 on a made throw is a direct hit, a
  // made 2-19 or any natural 20 a close hit, a failed natural 1 a misfire (then a second d20: a
  // natural 1 is an accidental discharge, else the shot is wasted), anything else a scatter.
  // The 6-pdr gun's attack throw is 11+; -10 at long range (1000 yd), 0 at short (200 yd).
  for (const auto& range_target : {std::pair{"1000", 21}, std::pair{"200", 11}}) {
    const char* const range = range_target.first;
    const int target = range_target.second;
    CAPTURE(range);
    std::map<std::string, std::uint64_t> count;
    for (int first = 1; first <= 20; ++first)
      for (int second = 1; second <= 20; ++second) {
        const bool made = first >= target;
        if (made && first == 20)
          ++count["direct-hit"];
        else if ((made && first >= 2) || first == 20)
          ++count["close-hit"];
        else if (first == 1)
          ++count[second == 1 ? "accidental-discharge" : "shot-wasted"], ++count["misfire"];
        else
          ++count["scatter"];
      }
    const Arrays a = fractions_json({"artillery", "--type", "gun", "--shot-lb", "6", "--range-yd", range});
    const auto& results = a.at("results_of_the_attack_throw");
    REQUIRE(results.size() == 6);
    for (const auto& r : results) {
      const std::string key = r.members.at("result");
      CAPTURE(key);
      CHECK(r.fractions.at("p") == reduced(count[key], 400));
    }
    // Close hit: 1d6 yd; scatter: 2d6 x 25 yd at long range, x 1 at short (p. 16).
    Counted close, scatter;
    for (int x = 1; x <= 6; ++x) {
      ++close.count[x];
      ++close.total;
      for (int y = 1; y <= 6; ++y) {
        ++scatter.count[(x + y) * (target == 21 ? 25 : 1)];
        ++scatter.total;
      }
    }
    check_distribution(a.at("close_hit"), "distance_yd", close);
    check_distribution(a.at("scatter"), "distance_yd", scatter);
  }
}

TEST_CASE("fire-odds --fractions: a shot's damage against every throw of its dice") {
  // The 6-pdr gun deals 4d10 (Guns of War, Gunpowder Artillery Characteristics, p. 14).
  Counted damage;
  for (int a = 1; a <= 10; ++a)
    for (int b = 1; b <= 10; ++b)
      for (int c = 1; c <= 10; ++c)
        for (int d = 1; d <= 10; ++d) {
          ++damage.count[a + b + c + d];
          ++damage.total;
        }
  const Arrays a = fractions_json({"artillery", "--type", "gun", "--shot-lb", "6", "--range-yd", "1000"});
  check_distribution(a.at("damage_distribution"), "shot_damage", damage);
}

TEST_CASE("fire-odds --fractions: an arquebus volley against every throw of the men's dice") {
  // Chainmail Gunpowder, Arquibusiers: 4-6 hits at 6"-12", half cover deducts 1 from the die: each
  // man's d6 hits on 5 or 6, and a hit kills. Six men: 6^6 throws.
  Counted kills;
  std::array<int, 6> d{};
  const auto hits = [&] { return std::count_if(d.begin(), d.end(), [](int x) { return x - 1 >= 4; }); };
  for (d[0] = 1; d[0] <= 6; ++d[0])
    for (d[1] = 1; d[1] <= 6; ++d[1])
      for (d[2] = 1; d[2] <= 6; ++d[2])
        for (d[3] = 1; d[3] <= 6; ++d[3])
          for (d[4] = 1; d[4] <= 6; ++d[4])
            for (d[5] = 1; d[5] <= 6; ++d[5]) {
              ++kills.count[hits()];
              ++kills.total;
            }
  const Arrays a = fractions_json({"arquebus", "--men", "6", "--range-in", "8", "--cover", "half"});
  check_distribution(a.at("kills_per_volley"), "kills", kills);
  REQUIRE(a.at("arquebus").size() == 1);
  CHECK(a.at("arquebus")[0].fractions.at("p_hit") == "1/3");
}

TEST_CASE("fire-odds --fractions: every fraction printed is in lowest terms; inexact chances keep their decimals") {
  // A mortar's 20d10 (10^20 throws) is past 2^40: its damage has no fraction, and the text says so.
  const Run mortar = fire_odds({"artillery", "--type", "mortar", "--shot-lb", "200", "--range-yd", "2000",
                                "--fractions", "--distributions", "--format", "json"});
  REQUIRE(mortar.code == 0);
  const Arrays a = arrays_of(mortar.out);
  for (const auto& row : a.at("damage_distribution")) CHECK(row.fractions.empty());
  fractions_test::check_all_reduced(a);
  const Run text = fire_odds({"artillery", "--type", "mortar", "--shot-lb", "200", "--range-yd", "2000", "--fractions",
                              "--table", "damage-distribution"});
  REQUIRE(text.code == 0);
  CHECK(text.out.find("has no fraction here") != std::string::npos);
  CHECK(text.out.find('%') != std::string::npos);
  // Without --fractions, no "fractions" member anywhere.
  const Run plain = fire_odds({"broadside", "--dice", "5", "--format", "json"});
  CHECK(plain.out.find("\"fractions\"") == std::string::npos);
}

TEST_CASE("fire-odds --fractions: refused with csv") {
  const Run r = fire_odds({"broadside", "--dice", "5", "--fractions", "--format", "csv"});
  CHECK(r.code == 64);
  CHECK(r.err.find("--fractions") != std::string::npos);
  CHECK(r.out.empty());
}
