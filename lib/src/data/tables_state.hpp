// tables_state.hpp - what a data::Tables holds (private to lib/src/data): the house rules in effect
// and the tables each module's Producer made for it.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "gunpowder/data/data.hpp"

namespace gunpowder::data {

/// The house-rules files of one Tables, read, checked and merged (rules.cpp).
struct HouseRules {
  std::vector<RulesFile> files;
  std::vector<RuleChange> changes;
  std::vector<input::Document> docs;                           ///< the rules files, parsed, their [house_rules] removed
  std::map<std::string, input::Document, std::less<>> merged;  ///< by table, until its loader takes it
};

/// Keeps `kept` allocated until the process ends, deliberately (LeakSanitizer is told so).
void never_free(const void* kept);

/// Reads, checks and merges the house-rules files `paths` over the built-in tables; every error of
/// every file (rules.cpp).
Expected<HouseRules> read_house_rules(const std::vector<std::string>& paths);

struct Tables::State {
  State() = default;
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  ~State();  ///< destroys what the producers made

  Source source = Source::snapshot_if_linked;
  HouseRules rules;
  std::mutex rules_mutex;  ///< guards rules.merged, which load() takes documents out of

  /// What one producer made, once.
  struct Made {
    std::once_flag once;
    void* value = nullptr;
  };
  std::mutex made_mutex;  ///< guards the map (not the making: a producer may ask for another's tables)
  std::unordered_map<const Producer*, std::unique_ptr<Made>> made;

  std::mutex retired_mutex;
  std::vector<input::Document> retired;  ///< the documents the loaders read (data::retire)
};

}  // namespace gunpowder::data
