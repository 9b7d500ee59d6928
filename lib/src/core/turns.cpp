// turns.cpp - turns to a result, exactly: the moments by a backward recursion over the total dealt
// so far, the distribution by the number of turns that deal anything mixed with the turns that
// deal nothing.
#include "gunpowder/core/turns.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace gunpowder::dice {

namespace {

// What one turn deals above 0: each amount with its probability (of all turns), their total q,
// and the chance p0 that a turn deals nothing.
struct Positive {
  std::vector<long long> amount;  // ascending
  std::vector<double> p;
  double q = 0;
  double p0 = 0;
};

Positive positive_part(const Dist& x) {
  Positive out;
  const double total = x.total();
  const auto& ps = x.probabilities();
  for (size_t i = 0; i < ps.size(); ++i) {
    const long long v = x.min() + static_cast<long long>(i);
    if (v <= 0 || !(ps[i] > 0)) continue;
    out.amount.push_back(v);
    out.p.push_back(ps[i] / total);
    out.q += ps[i] / total;
  }
  out.p0 = std::max(0.0, 1.0 - out.q);
  return out;
}

// E[T] and sd(T) from every total s below the target: T_s = 1 + T_(s+X), so
// E1(s) q = 1 + sum p(d) E1(s+d) and E2(s) q = 1 + 2 (p0 E1(s) + sum p(d) E1(s+d)) + sum p(d) E2(s+d)
// over the amounts d > 0 with s + d below the target (a total at or past it needs no more turns).
void moments(const Positive& y, long long target, TurnsToReach& r) {
  const auto n = static_cast<size_t>(target);
  std::vector<double> e1(n, 0.0), e2(n, 0.0);
  for (long long s = target - 1; s >= 0; --s) {
    double a1 = 0, a2 = 0;
    for (size_t j = 0; j < y.amount.size() && s + y.amount[j] < target; ++j) {
      const auto t = static_cast<size_t>(s + y.amount[j]);
      a1 += y.p[j] * e1[t];
      a2 += y.p[j] * e2[t];
    }
    const auto i = static_cast<size_t>(s);
    e1[i] = (1 + a1) / y.q;
    e2[i] = (1 + 2 * (y.p0 * e1[i] + a1) + a2) / y.q;
  }
  r.mean = e1[0];
  r.sd = std::sqrt(std::max(0.0, e2[0] - e1[0] * e1[0]));
}

// P(N = n), n = 1 .. : N the number of turns that deal anything before the total reaches the
// target (each such turn deals amount j with p[j] / q). Empty when the work passes `bound`.
std::vector<double> dealing_turns(const Positive& y, long long target, std::uint64_t bound, std::uint64_t& work) {
  const auto n = static_cast<size_t>(target);
  std::vector<double> v(n, 0.0), w(n, 0.0), out;
  v[0] = 1;
  long long lo = 0, hi = 0;  // the totals that may hold mass
  const long long step_min = y.amount.front(), step_max = y.amount.back();
  double remaining = 1;
  while (lo <= hi && remaining > 1e-16) {
    work += static_cast<std::uint64_t>(hi - lo + 1) * y.amount.size();
    if (work > bound) return {};
    const long long nlo = lo + step_min, nhi = std::min(target - 1, hi + step_max);
    for (long long t = nlo; t <= nhi; ++t) w[static_cast<size_t>(t)] = 0;
    double done = 0;
    for (long long s = lo; s <= hi; ++s) {
      const double m = v[static_cast<size_t>(s)];
      if (m == 0) continue;
      for (size_t j = 0; j < y.amount.size(); ++j) {
        const double add = m * (y.p[j] / y.q);
        if (s + y.amount[j] >= target)
          done += add;
        else
          w[static_cast<size_t>(s + y.amount[j])] += add;
      }
    }
    out.push_back(done);
    remaining = 0;
    for (long long t = nlo; t <= nhi; ++t) remaining += w[static_cast<size_t>(t)];
    std::swap(v, w);
    lo = nlo;
    hi = nhi;
  }
  return out;
}

// The distribution of T from that of N when turns deal nothing with p0 > 0: P(T = k) =
// sum over n of P(N = n) C(k-1, n-1) q^n p0^(k-n), in logarithms (q^n underflows for large n).
bool mix_idle_turns(const Positive& y, const std::vector<double>& pn, std::uint64_t bound, TurnsToReach& r) {
  size_t nmin = 0;
  while (nmin < pn.size() && !(pn[nmin] > 0)) ++nmin;  // pn[i] is P(N = i + 1)
  const double lq = std::log(y.q), lp0 = std::log(y.p0);
  std::vector<double> lnb(pn.size(), 0.0);  // log C(k-1, n-1) q^n p0^(k-n) for the current k
  r.first = static_cast<long long>(nmin) + 1;
  double cum = 0;
  for (long long k = r.first; cum < 1 - kTurnsTail; ++k) {
    const auto top = std::min(pn.size(), static_cast<size_t>(k));
    r.work += top - nmin;
    if (r.work > bound) return false;
    double pk = 0;
    for (size_t i = nmin; i < top; ++i) {
      const auto nn = static_cast<long long>(i) + 1;
      if (nn == k)
        lnb[i] = static_cast<double>(nn) * lq;
      else  // from k - 1 to k: C(k-1, n-1) / C(k-2, n-1) = (k-1) / (k-n)
        lnb[i] += std::log(static_cast<double>(k - 1)) - std::log(static_cast<double>(k - nn)) + lp0;
      if (pn[i] > 0) pk += pn[i] * std::exp(lnb[i]);
    }
    r.p.push_back(pk);
    cum += pk;
  }
  r.tail = std::max(0.0, 1 - cum);
  return true;
}

}  // namespace

double TurnsToReach::done_by(long long k) const {
  if (k < first) return 0;
  if (k > last()) return 1 - tail;
  double s = 0;
  for (long long i = first; i <= k; ++i) s += p[static_cast<size_t>(i - first)];
  return s;
}

TurnsToReach turns_to_reach(const Dist& per_turn, long long target, std::uint64_t work_bound) {
  assert(per_turn.min() >= 0 && target >= 1 && target <= kTurnsMaxTarget);
  TurnsToReach r;
  r.target = target;
  const Positive y = positive_part(per_turn);
  if (y.amount.empty()) {
    r.never = true;
    return r;
  }
  moments(y, target, r);
  if (y.p0 == 0) r.certain_by = (target + y.amount.front() - 1) / y.amount.front();
  const std::vector<double> pn = dealing_turns(y, target, work_bound, r.work);
  if (pn.empty()) return r;
  if (y.p0 == 0) {
    // No idle turns: T is N. Listed up to the point where P(not done) < kTurnsTail.
    size_t i = 0;
    while (i < pn.size() && !(pn[i] > 0)) ++i;
    r.first = static_cast<long long>(i) + 1;
    double cum = 0;
    for (; i < pn.size() && cum < 1 - kTurnsTail; ++i) {
      r.p.push_back(pn[i]);
      cum += pn[i];
    }
    r.tail = std::max(0.0, 1 - cum);
    r.distribution_made = true;
    return r;
  }
  r.distribution_made = mix_idle_turns(y, pn, work_bound, r);
  if (!r.distribution_made) r.p.clear();
  return r;
}

}  // namespace gunpowder::dice
