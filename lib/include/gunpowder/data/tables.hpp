// tables.hpp - the tables of one run: the built-in tables (from the program's snapshot, or from the
// embedded TOML), or those with house-rules files merged over them, and every module's tables built
// from them. One object, made by the tool (tools/common's run flow) and passed by const& to whatever
// needs a table: no rule table, house rule or anything derived from them is process-global state, and
// no order of loads matters (a module's tables are built on first request, from this object).
// Without toml++ (the tools include it; ctest build.includes).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/core/error.hpp"
#include "gunpowder/data/house_rules.hpp"

namespace gunpowder::data {

class Tables;

/// How a module's tables are made: one per snapshot section, defined at namespace scope in the
/// module's loader (`*_data.cpp`) as a data::snapshot::Section (snapshot.hpp), which registers it.
/// It holds no tables: they live in each Tables object that asks for them.
class Producer {
 public:
  explicit Producer(std::string_view name);  ///< registers the producer (see producers())
  Producer(const Producer&) = delete;
  Producer& operator=(const Producer&) = delete;
  virtual ~Producer() = default;

  /// The snapshot section's name, e.g. "war", "fire.broadside".
  [[nodiscard]] std::string_view name() const { return name_; }
  /// A new Expected<T> of the module's tables for `tables`: decoded from the program's snapshot
  /// when it has one and no house rules are in effect, else built from the TOML.
  [[nodiscard]] virtual void* make(const Tables& tables) const = 0;
  /// Destroys what make() returned.
  virtual void destroy(void* made) const = 0;
  /// The section's bytes built from the TOML of `tables` (for the generator and the snapshot test),
  /// or the TOML's errors.
  [[nodiscard]] virtual Expected<std::string> encode(const Tables& tables) const = 0;

 private:
  std::string_view name_;
};

/// Every producer linked into the program, by name: the generator (lib/snapshot) writes a section
/// for each. A module's loader file registers its own (see DEVELOPING.md, "How the tables reach the
/// binary", for how the generator's link keeps every one).
std::vector<const Producer*> producers();

class Tables {
 public:
  /// Where the built-in tables come from.
  enum class Source {
    snapshot_if_linked,  ///< the program's snapshot when it links one (the tools), else the TOML
    toml,                ///< always the embedded TOML (the generator and the snapshot test compare the two)
  };

  /// The built-in tables, without house rules.
  explicit Tables(Source source = Source::snapshot_if_linked);
  /// The built-in tables with the house-rules files `paths` read, checked and merged over them, in
  /// order (a later file overrides an earlier one); without files, the built-in tables. Errors: a
  /// missing file (66), bad TOML, an unknown table, key or row, a value of the wrong type (65) —
  /// every error of every file.
  static Expected<Tables> with_house_rules(const std::vector<std::string>& paths);

  Tables(Tables&& other) noexcept;
  Tables& operator=(Tables&& other) noexcept;
  Tables(const Tables&) = delete;
  Tables& operator=(const Tables&) = delete;
  ~Tables();

  /// Lets `tables` live until the process ends, never destroyed: freeing the tables' thousands of
  /// strings and nodes at exit cost a one-liner about 5% of its run (issue 15). The tool's run flow
  /// calls it for the program's own run (cli::run_tool); an in-process test's tables are destroyed.
  static void keep_until_exit(Tables&& tables);

  /// Where this object's built-in tables come from.
  [[nodiscard]] Source source() const;
  /// True when house-rules files change the built-in tables of this object.
  [[nodiscard]] bool house_rules_in_effect() const;
  /// The house-rules files in effect, in order, and every figure or row they changed.
  [[nodiscard]] const std::vector<RulesFile>& house_rules_files() const;
  [[nodiscard]] const std::vector<RuleChange>& house_rule_changes() const;
  /// Where a figure of a built-in table came from when a house rule changed it: "house rule (FILE)"
  /// (the last file, by its last path component) when a change of `table` is at `path`, inside it
  /// (a key of the row `path` names) or around it (the row, or a list, holding it); nullopt when no
  /// house rule touched it. `path` is spelled as RuleChange::path is: `piece[name = "18-pdr Gun"].damage_dice`.
  [[nodiscard]] std::optional<std::string> house_rule_source(std::string_view table, std::string_view path) const;

  /// What `producer` made for this object: made on the first request (thread-safe: one thread
  /// makes it, the others wait), then kept as long as the object. A module reaches its tables
  /// through its accessor (`war::load_rules(tables)`), which calls this through its Section.
  [[nodiscard]] const void* made_by(const Producer& producer) const;

  /// The data layer's own state (lib/src/data/tables_state.hpp): the house rules and the tables made.
  struct State;
  [[nodiscard]] State& state() const { return *state_; }

 private:
  explicit Tables(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace gunpowder::data
