// broadside.cpp - poker-dice broadsides of seed 001: hands, optimal re-rolls by dynamic
// programming over multisets of dice, and the damage and casualties that follow.
#include "gunpowder/fire/broadside.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>

#include "gunpowder/core/fraction.hpp"
#include "gunpowder/core/rounding.hpp"

namespace gunpowder::fire {

namespace {

// Multisets of up to five d6: counts in base 6 (each count is 0..5) give a sparse key; a table
// built once maps it to a compact index 0..461 (every multiset of 0 to 5 dice), so that the
// per-call arrays stay small.
constexpr size_t kKeySize = 46656;  // 6^6
size_t key_of(const Counts& c) {
  size_t i = 0;
  for (int f = kFaces - 1; f >= 0; --f) i = i * 6 + static_cast<size_t>(c[static_cast<size_t>(f)]);
  return i;
}
int size_of(const Counts& c) {
  int n = 0;
  for (int x : c) n += x;
  return n;
}
Counts plus(const Counts& a, const Counts& b) {
  Counts c{};
  for (size_t f = 0; f < kFaces; ++f) c[f] = a[f] + b[f];
  return c;
}

struct Outcome {
  Counts counts;
  double p;
};
// Every multiset of n dice with its probability (multinomial / 6^n), n = 0..5, computed once.
const std::vector<Outcome>& outcomes(int n) {
  static const std::array<std::vector<Outcome>, kMaxPool + 1> all = [] {
    std::array<std::vector<Outcome>, kMaxPool + 1> a;
    for (int k = 0; k <= kMaxPool; ++k)
      dice::for_each_pool(k, kFaces, [&](const std::vector<int>& c, double p) {
        Counts cc{};
        for (size_t f = 0; f < kFaces; ++f) cc[f] = c[f];
        a[static_cast<size_t>(k)].push_back({cc, p});
      });
    return a;
  }();
  return all[static_cast<size_t>(n)];
}

struct Index {
  std::vector<std::int16_t> of_key;  // key -> compact index, -1 for more than five dice
  std::vector<Counts> counts;        // compact index -> multiset
};
const Index& index() {
  static const Index ix = [] {
    Index x;
    x.of_key.assign(kKeySize, -1);
    for (int n = 0; n <= kMaxPool; ++n)
      for (const auto& o : outcomes(n)) {
        x.of_key[key_of(o.counts)] = static_cast<std::int16_t>(x.counts.size());
        x.counts.push_back(o.counts);
      }
    return x;
  }();
  return ix;
}
size_t encode(const Counts& c) { return static_cast<size_t>(index().of_key[key_of(c)]); }

// Every sub-multiset of `m` (including m itself and the empty one).
void for_each_sub(const Counts& m, const std::function<void(const Counts&)>& fn) {
  Counts k{};
  std::function<void(size_t)> rec = [&](size_t f) {
    if (f == kFaces) {
      fn(k);
      return;
    }
    for (int x = m[f]; x >= 0; --x) {
      k[f] = x;
      rec(f + 1);
    }
    k[f] = 0;
  };
  rec(0);
}

bool shows(HandShape shape, const Counts& c) {
  std::array<int, kFaces> s = c;
  std::sort(s.begin(), s.end(), std::greater<>());
  const int n = size_of(c);
  switch (shape) {
    case HandShape::pair:
      return s[0] >= 2;
    case HandShape::two_pair:
      return s[0] >= 2 && s[1] >= 2;
    case HandShape::three_of_a_kind:
      return s[0] >= 3;
    case HandShape::full_house:
      return s[0] == 3 && s[1] == 2;
    case HandShape::straight:
      // "We ... treat a Straight as 1..5 or 2..6": five different faces, missing the 1 or the 6.
      return n == kMaxPool && s[0] == 1 && (c[0] == 0 || c[kFaces - 1] == 0);
    case HandShape::four_of_a_kind:
      return s[0] >= 4;
    case HandShape::poker:
      return s[0] == kMaxPool;
  }
  return false;
}

}  // namespace

int best_hand(const BroadsideRules& r, const Counts& c) {
  for (size_t i = r.hands.size(); i-- > 0;)  // strongest first
    if (shows(r.hands[i].shape, c)) return static_cast<int>(i);
  return -1;
}

std::vector<double> hand_values(const BroadsideRules& r, const PlayRule& play, const std::vector<double>& casualty_value) {
  std::vector<double> v(r.hands.size() + 1, 0.0);  // v[0]: no hand
  for (size_t i = 0; i < r.hands.size(); ++i) {
    switch (play.objective) {
      // The structural column is a strict ladder (1, 2, 3, 6, 12, 18, 24 at long range) and the
      // short and point-blank columns are 2x and 3x it: one choice maximises all three.
      case Objective::structural: v[i + 1] = r.results[i].structural_long; break;
      case Objective::casualties: v[i + 1] = casualty_value.at(i); break;
      case Objective::rank: v[i + 1] = r.hands[i].rank; break;
      case Objective::at_least:
        v[i + 1] = play.at_least_hand && r.hands[i].rank >= r.hands[*play.at_least_hand].rank ? 1.0 : 0.0;
        break;
    }
  }
  return v;
}

namespace {
// The slot of a hand in hand_values(): 0 for no hand, then the hands weakest first.
size_t value_slot(int hand) { return hand < 0 ? 0 : static_cast<size_t>(hand) + 1; }
}  // namespace

HandOdds hand_odds(const BroadsideRules& r, int dice, int rerolls, RerollMode mode, const std::vector<double>& values) {
  HandOdds out;
  out.p.assign(r.hands.size(), 0.0);
  const int rounds = rerolls <= 0 ? 0 : (mode == RerollMode::once ? 1 : rerolls);
  const int per_throw = mode == RerollMode::once ? std::min(rerolls, dice) : dice;
  // The first throw's dice and each re-throw's (the chances of fewer are multiples of the same 1/6^n).
  out.denominator = fraction::power(kFaces, dice + rounds * per_throw);
  const auto& finals = outcomes(dice);

  // Value of a final multiset: the objective's value of its best hand.
  const size_t N = index().counts.size();
  std::vector<int> hand_of(N, -1);
  std::vector<double> v(N, 0.0);
  for (const auto& o : finals) {
    const size_t i = encode(o.counts);
    hand_of[i] = best_hand(r, o.counts);
    v[i] = values[value_slot(hand_of[i])];
  }
  // Backward induction: e[K] = expectation of keeping K and re-throwing the rest once with
  // `t - 1` re-throws still to come; v_t[M] = best e[K] over the sub-multisets K of M that leave
  // at most `per_throw` dice to re-throw. policy[t][M] is the K chosen (ties keep more dice).
  std::vector<std::vector<size_t>> policy(static_cast<size_t>(rounds + 1));
  std::vector<double> e(N, 0.0);
  for (int t = 1; t <= rounds; ++t) {
    for (int kept = dice - per_throw; kept <= dice; ++kept)
      for (const auto& k : outcomes(kept)) {
        double sum = 0;
        for (const auto& o : outcomes(dice - kept)) sum += o.p * v[encode(plus(k.counts, o.counts))];
        e[encode(k.counts)] = sum;
      }
    std::vector<double> next(N, 0.0);
    auto& pol = policy[static_cast<size_t>(t)];
    pol.assign(N, 0);
    for (const auto& m : finals) {
      double best = -1;
      int best_kept = -1;
      size_t choice = 0;
      for_each_sub(m.counts, [&](const Counts& k) {
        const int kept = size_of(k);
        if (dice - kept > per_throw) return;
        const double x = e[encode(k)];
        if (x > best + 1e-12 || (x > best - 1e-12 && kept > best_kept)) {
          best = std::max(best, x);
          best_kept = kept;
          choice = encode(k);
        }
      });
      next[encode(m.counts)] = best;
      pol[encode(m.counts)] = choice;
    }
    v.swap(next);
  }
  // Forward: the first throw, then each re-throw by the policy (t re-throws left).
  std::vector<double> dist(N, 0.0);
  for (const auto& o : finals) dist[encode(o.counts)] = o.p;
  const std::vector<Counts>& decode = index().counts;
  for (int t = rounds; t >= 1; --t) {
    std::vector<double> next(N, 0.0);
    const auto& pol = policy[static_cast<size_t>(t)];
    for (const auto& m : finals) {
      const double q = dist[encode(m.counts)];
      if (q == 0) continue;
      const Counts& k = decode[pol[encode(m.counts)]];
      for (const auto& o : outcomes(dice - size_of(k))) next[encode(plus(k, o.counts))] += q * o.p;
    }
    dist.swap(next);
  }
  for (const auto& o : finals) {
    const size_t i = encode(o.counts);
    const double q = dist[i];
    out.objective_value += q * values[value_slot(hand_of[i])];
    if (hand_of[i] < 0) out.p_none += q;
    else out.p[static_cast<size_t>(hand_of[i])] += q;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// A broadside

std::vector<int> groups(const BroadsideRules& r, int cannon) {
  // "If more than five guns of the same type are fired, they are split into groups of up to five.
  // E.g. seven guns would roll as five and two - not three and four."
  std::vector<int> g;
  while (cannon > 0) {
    g.push_back(std::min(cannon, r.max_group_size));
    cannon -= g.back();
  }
  return g;
}

Expected<Pool> pool_for(const BroadsideRules& r, const std::string& type, int cannon, int modifier, bool on_dice_only) {
  for (const auto& row : r.pools) {
    if (row.cannon_type != type || row.cannon_count != cannon) continue;
    Pool p;
    p.cannon = cannon;
    if (on_dice_only) {
      p.dice = std::min(r.max_dice, row.dice + modifier);
      p.rerolls = row.rerolls;
    } else {
      // Decision (docs/notes): the modifier acts on dice + re-rolls, which split again at five
      // ("up to five dice are rolled"; the rest are re-rolls): heavy x5 (5+4) with +1 -> 5+5.
      const int total = row.dice + row.rerolls + modifier;
      p.dice = std::min(r.max_dice, total);
      p.rerolls = std::max(0, total - r.max_dice);
    }
    if (p.dice < 1)
      return Expected<Pool>::failure("the modifiers leave " + std::to_string(cannon) + " " + type + " cannon with " +
                                     std::to_string(p.dice) + " dice to throw");
    return p;
  }
  return Expected<Pool>::failure("the dice table has no row for " + std::to_string(cannon) + " " + type + " cannon");
}

std::string effective_band(const BroadsideRules& r, const std::string& band, bool raking) {
  // Raking: "treat Long Range as Short Range and Short Range as Point-Blank".
  if (!raking) return band;
  const RangeBandRule* b = r.band(band);
  return b && b->raking_becomes ? *b->raking_becomes : band;
}

HandEffect hand_effect(const BroadsideRules& r, size_t hand, const BroadsideSetup& s) {
  HandEffect e;
  const FireResult& f = r.results[hand];
  const std::string band = effective_band(r, s.band, s.raking);
  const RangeBandRule* b = r.band(band);
  // "If firing at Point-Blank then add Long & Short Range damages."
  const bool L = b && b->uses_long, S = b && b->uses_short;
  // In double, saturated: house rules may make any of these figures as large as an int holds
  // (broadside_fire.cpp's hands() refuses a hand beyond kMaxHandFigure).
  const auto sum = [](bool with_long, int x, bool with_short, int y) {
    return rounding::saturated_int((with_long ? static_cast<double>(x) : 0.0) +
                                   (with_short ? static_cast<double>(y) : 0.0));
  };
  const auto times = [](int x, double m) { return rounding::saturated_int(std::round(x * m)); };
  int structural = sum(L, f.structural_long, S, f.structural_short);
  Casualty c{sum(L, f.k_long, S, f.k_short), sum(L, f.w_long, S, f.w_short)};
  // "If cannon are fired at short range into a Formed Up party, then figure casualties are doubled."
  if (s.formed_up && band == r.formed_up_band) {
    c.k = times(c.k, r.formed_up_multiplier);
    c.w = times(c.w, r.formed_up_multiplier);
  }
  if (const Ammunition* a = r.ammo(s.ammo)) {
    structural = times(structural, a->structural_multiplier);
    c.k = times(c.k, a->casualty_multiplier);
    c.w = times(c.w, a->casualty_multiplier);
  }
  e.structural_before_aim = structural;
  e.structural = structural;
  if (s.aiming_high) {
    // "Strength Point damage is halved and any Knockdowns are translated to Wounds and Wounds are ignored."
    const double x = structural * r.aim_structural_multiplier;
    e.structural = rounding::saturated_int(s.halve_up ? std::ceil(x - 1e-9) : std::floor(x + 1e-9));
    const int w = r.aim_knockdowns_become_wounds ? c.k : 0;
    c = Casualty{0, sum(!r.aim_wounds_ignored, c.w, true, w)};
  }
  e.cas = c;
  return e;
}

double save_chance_d6(const BroadsideRules& r, int min_roll, int modifier) {
  // "A natural six always succeeds and a natural one always fails, regardless of modifiers."
  int ok = 0;
  for (int n = 1; n <= r.save_die_sides; ++n) {
    if (n == r.save_natural_failure) continue;
    if (n == r.save_natural_success || n + modifier >= min_roll) ++ok;
  }
  return static_cast<double>(ok) / r.save_die_sides;
}

namespace {
std::vector<double> binomial(int n, double p) {
  std::vector<double> b{1.0};
  for (int i = 0; i < n; ++i) {
    std::vector<double> nb(b.size() + 1, 0.0);
    for (size_t j = 0; j < b.size(); ++j) {
      nb[j] += b[j] * (1 - p);
      nb[j + 1] += b[j] * p;
    }
    b.swap(nb);
  }
  return b;
}
}  // namespace

KWDist casualties_before_saves(const std::vector<Casualty>& per_hand, const HandOdds& h) {
  int kmax = 0, wmax = 0;
  for (const auto& c : per_hand) {
    kmax = std::max(kmax, c.k);
    wmax = std::max(wmax, c.w);
  }
  KWDist d(static_cast<size_t>(kmax + 1), std::vector<double>(static_cast<size_t>(wmax + 1), 0.0));
  d[0][0] += h.p_none;
  for (size_t i = 0; i < per_hand.size(); ++i) d[static_cast<size_t>(per_hand[i].k)][static_cast<size_t>(per_hand[i].w)] += h.p[i];
  return d;
}

KWDist casualties_after_saves(const std::vector<Casualty>& per_hand, const HandOdds& h, double p_save) {
  int kmax = 0, wmax = 0;
  for (const auto& c : per_hand) {
    kmax = std::max(kmax, c.k);
    wmax = std::max(wmax, c.k + c.w);
  }
  KWDist d(static_cast<size_t>(kmax + 1), std::vector<double>(static_cast<size_t>(wmax + 1), 0.0));
  d[0][0] += h.p_none;
  for (size_t i = 0; i < per_hand.size(); ++i) {
    const auto& c = per_hand[i];
    // "a six turns a wound into a 'mere scratch' and a knockdown to a ... wound".
    const auto kept_k = binomial(c.k, 1 - p_save);  // knockdowns not saved
    const auto kept_w = binomial(c.w, 1 - p_save);  // wounds not saved
    for (size_t k = 0; k < kept_k.size(); ++k)
      for (size_t w = 0; w < kept_w.size(); ++w) {
        const size_t wounds = static_cast<size_t>(c.k) - k + w;  // saved knockdowns become wounds
        d[k][wounds] += h.p[i] * kept_k[k] * kept_w[w];
      }
  }
  return d;
}

KWDist add(const KWDist& a, const KWDist& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  KWDist d(a.size() + b.size() - 1, std::vector<double>(a[0].size() + b[0].size() - 1, 0.0));
  for (size_t k1 = 0; k1 < a.size(); ++k1)
    for (size_t w1 = 0; w1 < a[k1].size(); ++w1) {
      if (a[k1][w1] == 0) continue;
      for (size_t k2 = 0; k2 < b.size(); ++k2)
        for (size_t w2 = 0; w2 < b[k2].size(); ++w2) d[k1 + k2][w1 + w2] += a[k1][w1] * b[k2][w2];
    }
  return d;
}

dice::Dist knockdowns(const KWDist& d) {
  std::vector<double> p(d.size(), 0.0);
  for (size_t k = 0; k < d.size(); ++k)
    for (double x : d[k]) p[k] += x;
  return dice::Dist(0, std::move(p));
}

dice::Dist wounds(const KWDist& d) {
  std::vector<double> p(d.empty() ? 1 : d[0].size(), 0.0);
  for (const auto& row : d)
    for (size_t w = 0; w < row.size(); ++w) p[w] += row[w];
  return dice::Dist(0, std::move(p));
}

double p_double(int n, int sides) {
  // P(at least two of n dice match) = 1 - P(all differ) = 1 - s!/(s-n)!/s^n; certain when there
  // are more dice than faces. Two d6: 6/36. (A product, not an enumeration of the s^n throws: a
  // house rule's trigger_dice is bounded only by the 1,000 dice of every dice count.)
  if (n < 2) return 0.0;
  if (n > sides) return 1.0;
  double all_differ = 1.0;
  for (int i = 1; i < n; ++i) all_differ *= static_cast<double>(sides - i) / sides;
  return 1.0 - all_differ;
}

dice::Dist fire_damage(const BroadsideRules& r) {
  // "d6/2 worth of damage": rounding not stated; rounded up, which makes it a d3 (decision).
  std::vector<double> p;
  for (int n = 1; n <= r.fire_damage_die_sides; ++n) {
    const int v = (n + r.fire_damage_divisor - 1) / r.fire_damage_divisor;
    if (static_cast<size_t>(v) >= p.size()) p.resize(static_cast<size_t>(v) + 1, 0.0);
    p[static_cast<size_t>(v)] += 1.0 / r.fire_damage_die_sides;
  }
  return dice::Dist(0, std::move(p)).exact_over(static_cast<std::uint64_t>(std::max(r.fire_damage_die_sides, 1)));
}

int cannon_lost(const BroadsideRules& r, int guns, double lost, double points) {
  // "A ship or structure that has lost half its points automatically loses 1/4 of its original
  // cannon. Half the original cannon are destroyed when three-quarters damage has been sustained,
  // rounded up." Rounding up applied at every step (decision, docs/notes).
  double fraction = 0;
  for (const auto& [damage, cannon] : r.cannon_loss)
    if (lost >= damage * points - 1e-9) fraction = std::max(fraction, cannon);
  return rounding::saturated_int(std::ceil(guns * fraction - 1e-9));
}

}  // namespace gunpowder::fire
