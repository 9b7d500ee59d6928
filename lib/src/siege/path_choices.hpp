// path_choices.hpp - the walk over every sequence of dice outcomes that the exact chains of the
// siege library share (siege_duel_exact.cpp, siege_machine_exact.cpp). Internal to the library.
//
// A play throws dice; each throw is a choice among its outcomes of non-zero probability. The
// choices made so far are kept; next() moves to the next sequence (the last throw with an
// outcome left takes it; the throws after it are new), so all sequences are visited depth first.
// The dice classes derive from this, call choose() at each throw and multiply p_ by the outcome's
// probability.
#pragma once

#include <cstddef>
#include <vector>

namespace gunpowder::siege::detail {

class PathChoices {
 public:
  /// Before each play.
  void start() {
    depth_ = 0;
    p_ = 1;
  }
  /// The next sequence after the one just played; false when every sequence has been played.
  bool next() {
    calls_.resize(depth_);
    while (!calls_.empty() && calls_.back().choice + 1 >= calls_.back().outcomes) calls_.pop_back();
    if (calls_.empty()) return false;
    ++calls_.back().choice;
    return true;
  }
  /// The probability of the sequence just played.
  [[nodiscard]] double p() const { return p_; }

 protected:
  /// The outcome (0 .. outcomes - 1) this play takes at its next throw.
  int choose(int outcomes) {
    if (depth_ == calls_.size()) calls_.push_back({0, outcomes});
    return calls_[depth_++].choice;
  }
  double p_ = 1;  ///< the probability of the outcomes chosen so far in this play

 private:
  struct Call {
    int choice = 0, outcomes = 0;
  };
  std::vector<Call> calls_;
  std::size_t depth_ = 0;
};

}  // namespace gunpowder::siege::detail
