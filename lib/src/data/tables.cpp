// tables.cpp - data::Tables: the tables of one run, each module's made on first request and kept.
#include "gunpowder/data/tables.hpp"

#include <algorithm>

#include "tables_state.hpp"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GUNPOWDER_LSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define GUNPOWDER_LSAN 1
#endif
#if defined(GUNPOWDER_LSAN)
#include <sanitizer/lsan_interface.h>
#endif

namespace gunpowder::data {

namespace {

/// The producers linked into the program, registered before main by their Sections (each holds
/// how to make a module's tables, no tables).
std::vector<const Producer*>& registry() {
  static std::vector<const Producer*> list;
  return list;
}

}  // namespace

void never_free(const void* kept) {
#if defined(GUNPOWDER_LSAN)
  __lsan_ignore_object(kept);  // deliberately kept: not a leak (nor is what it points to)
#else
  (void)kept;
#endif
}

void retire(input::Document&& doc) {
  never_free(new input::Document(std::move(doc)));  // NOLINT(cppcoreguidelines-owning-memory): never freed
}

Producer::Producer(std::string_view name) : name_(name) { registry().push_back(this); }

std::vector<const Producer*> producers() {
  std::vector<const Producer*> out = registry();
  std::sort(out.begin(), out.end(), [](const Producer* a, const Producer* b) { return a->name() < b->name(); });
  return out;
}

Tables::State::~State() {
  for (auto& [producer, slot] : made)
    if (slot->value) producer->destroy(slot->value);
}

Tables::Tables(Source source) : state_(std::make_unique<State>()) { state_->source = source; }

Tables::Tables(std::unique_ptr<State> state) : state_(std::move(state)) {}

Expected<Tables> Tables::with_house_rules(const std::vector<std::string>& paths) {
  auto state = std::make_unique<State>();
  if (!paths.empty()) {
    auto rules = read_house_rules(paths);
    if (!rules) return rules.error();
    state->rules = std::move(*rules);
  }
  return Tables(std::move(state));
}

Tables::Tables(Tables&& other) noexcept = default;
Tables& Tables::operator=(Tables&& other) noexcept = default;
Tables::~Tables() = default;

void Tables::keep_until_exit(Tables&& tables) { never_free(tables.state_.release()); }

Tables::Source Tables::source() const { return state_->source; }

bool Tables::house_rules_in_effect() const { return !state_->rules.files.empty(); }
const std::vector<RulesFile>& Tables::house_rules_files() const { return state_->rules.files; }
const std::vector<RuleChange>& Tables::house_rule_changes() const { return state_->rules.changes; }

namespace {
// `inner` is `outer` or lies inside it: "piece[name = \"X\"].crew" inside "piece[name = \"X\"]".
bool within(std::string_view inner, std::string_view outer) {
  if (inner.size() < outer.size() || inner.substr(0, outer.size()) != outer) return false;
  return inner.size() == outer.size() || inner[outer.size()] == '.' || inner[outer.size()] == '[';
}
}  // namespace

std::optional<std::string> Tables::house_rule_source(std::string_view table, std::string_view path) const {
  const RuleChange* last = nullptr;
  for (const auto& c : state_->rules.changes)
    if (c.table == table && (within(path, c.path) || within(c.path, path))) last = &c;
  if (!last) return std::nullopt;
  const size_t slash = last->file.find_last_of('/');
  return "house rule (" + (slash == std::string::npos ? last->file : last->file.substr(slash + 1)) + ")";
}

const void* Tables::made_by(const Producer& producer) const {
  State& s = *state_;
  State::Made* made = nullptr;
  {
    const std::lock_guard<std::mutex> lock(s.made_mutex);
    auto& slot = s.made[&producer];
    if (!slot) slot = std::make_unique<State::Made>();
    made = slot.get();
  }
  // Outside the lock: making siege's tables asks for artillery's, on this thread.
  std::call_once(made->once, [&] { made->value = producer.make(*this); });
  return made->value;
}

void retire(const Tables& tables, input::Document&& doc) {
  Tables::State& s = tables.state();
  const std::lock_guard<std::mutex> lock(s.retired_mutex);
  s.retired.push_back(std::move(doc));
}

}  // namespace gunpowder::data
