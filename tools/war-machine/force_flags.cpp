// force_flags.cpp - forces given on the command line (--force NAME:TROOPS:ITEM,..., --situation ID):
// each becomes a [[force]] table of the battle-file format, read by the same reader as a file's,
// so a battle from flags has the odds of the equivalent file (ctest war-machine.force-flags).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <map>

#include "common/commands.hpp"
#include "common/flag_input.hpp"
#include "common/suggest.hpp"
#include "war-machine/commands.hpp"

namespace gunpowder::war_app {

namespace {

/// The short names a --force item may use for the battle file's keys (and '-' for '_' anywhere).
const std::map<std::string, std::string, std::less<>>& force_key_aliases() {
  static const std::map<std::string, std::string, std::less<>> m{
      {"mounted", "mounted_pct"}, {"missile", "missile_pct"}, {"missile_100ft", "missile_100ft_pct"},
      {"magical", "magical_pct"}, {"spells", "spells_pct"},   {"flying", "flying_pct"},
      {"movement", "movement_ft"}, {"class", "troop_class"}};
  return m;
}

/// Keys whose value is text even when it reads as a number, and keys whose value is a list.
bool text_key(std::string_view k) {
  return k == "side" || k == "role" || k == "tactic" || k == "fatigue" || k == "opponent" || k == "troop_class";
}
bool list_key(std::string_view k) { return k == "situation" || k == "split" || k == "statements"; }

std::string force_id(std::string s) {
  for (char& c : s) c = c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// A TOML basic string.
std::string toml_string(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7f) {
      static const char* hex = "0123456789ABCDEF";
      out += "\\u00";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out + '"';
}

bool integer_text(std::string_view v) {
  long long n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  return ec == std::errc() && end == v.data() + v.size();
}
bool number_text(std::string_view v) {
  if (v.empty() || !(std::isdigit(static_cast<unsigned char>(v.front())) || v.front() == '-' || v.front() == '+' ||
                     v.front() == '.'))
    return false;
  double x = 0;
  const auto [end, ec] = std::from_chars(v.data() + (v.front() == '+' ? 1 : 0), v.data() + v.size(), x);
  return ec == std::errc() && end == v.data() + v.size() && std::isfinite(x);
}

/// One value as TOML: a number or a boolean as such (unless the key is text), else a string.
std::string toml_value(std::string_view key, const std::string& v) {
  if (!text_key(key)) {
    if (v == "true" || v == "false") return v;
    if (integer_text(v)) return v.front() == '+' ? v.substr(1) : v;
    if (number_text(v)) return v.front() == '.' ? "0" + v : v.front() == '+' ? v.substr(1) : v;
  }
  return toml_string(v);
}

/// "2,000" or "2_000" -> "2000"; nullopt unless it is a whole number after that.
std::optional<std::string> troops_of(std::string t) {
  t.erase(std::remove_if(t.begin(), t.end(), [](char c) { return c == ',' || c == '_'; }), t.end());
  if (t.empty() || !std::all_of(t.begin(), t.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  return t;
}

std::vector<std::string> split_on(const std::string& s, const char* seps) {
  std::vector<std::string> out(1);
  for (const char c : s) {
    if (std::strchr(seps, c))
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

/// An error in one --force, placed on it as the reader's are (on_force_flags).
Diagnostics flag_error(const std::string& flag, const std::string& message) {
  Diagnostics d;
  d.error(SourcePos{flag, 0, 0}, message, {}, ExitCode::usage);
  return d;
}

/// The keys of one --force's [[force]] table, as TOML values, gathered item by item.
struct ForceTable {
  std::vector<std::pair<std::string, std::string>> keys;                          ///< in order
  std::map<std::string, std::vector<std::string>> lists;                          ///< situation, split, ...
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> tables;  ///< factors, quick
  std::vector<std::string> given;                                                  ///< every key named
  std::string class_id;                                                            ///< the troop class

  [[nodiscard]] bool has(std::string_view k) const { return std::find(given.begin(), given.end(), k) != given.end(); }

  /// A bare word: the troop class. Returns the error, if any.
  std::optional<std::string> add_class(const war::Rules& R, const std::string& item) {
    std::vector<std::string> ids;
    for (const auto& c : R.troop_classes) ids.push_back(c.id);
    const std::string id = force_id(item);
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
      std::string m = "'" + item + "' is not KEY=VALUE nor a troop class";
      if (auto near = cli::nearest(id, ids)) m.append("; did you mean '").append(*near).append("'?");
      return m;
    }
    return add_key("troop_class", id);
  }

  /// KEY=VALUE, KEY a [[force]] key, a short name of one, or factors.KEY / quick.KEY.
  std::optional<std::string> add_item(const std::string& item) {
    const auto eq = item.find('=');
    std::string key = item.substr(0, eq);
    const std::string value = item.substr(eq + 1);
    std::replace(key.begin(), key.end(), '-', '_');
    if (const auto dot = key.find('.'); dot != std::string::npos) {
      const std::string sub = key.substr(0, dot);
      key = key.substr(dot + 1);
      if (sub != "factors" && sub != "quick") return "'" + sub + ".' items: only factors.KEY=VALUE and quick.KEY=VALUE";
      if (key.empty() || value.empty()) return "'" + item + "': give KEY=VALUE";
      if (!has(sub)) given.push_back(sub);
      tables[sub].emplace_back(key, toml_value(key, value));
      return std::nullopt;
    }
    if (auto a = force_key_aliases().find(key); a != force_key_aliases().end()) key = a->second;
    if (key.empty() || value.empty()) return "'" + item + "': give KEY=VALUE";
    if (key == "name" || key == "troops") return "the name and troops are the first two parts (NAME:TROOPS:...)";
    if (list_key(key)) {
      given.push_back(key);
      for (const std::string& v : split_on(value, "+")) lists[key].push_back(toml_value(key, v));
      return std::nullopt;
    }
    return add_key(key, key == "troop_class" ? force_id(value) : value);
  }

  std::optional<std::string> add_key(const std::string& key, const std::string& value) {
    if (has(key)) return "'" + key + "' is given twice";
    given.push_back(key);
    if (key == "troop_class") class_id = value;
    keys.emplace_back(key, key == "troop_class" ? toml_string(value) : toml_value(key, value));
    return std::nullopt;
  }

  [[nodiscard]] std::string text(const std::string& name, const std::string& troops) const {
    std::string t = "[[force]]\nname = ";
    t.append(toml_string(name)).append("\ntroops = ").append(troops).append("\n");
    for (const auto& [k, v] : keys) t.append(k).append(" = ").append(v).append("\n");
    for (const auto& [k, vs] : lists) {
      t.append(k).append(" = [");
      for (size_t i = 0; i < vs.size(); ++i) t.append(i ? ", " : "").append(vs[i]);
      t.append("]\n");
    }
    for (const auto& [sub, kv] : tables) {
      t.append("\n[force.").append(sub).append("]\n");
      for (const auto& [k, v] : kv) t.append(k).append(" = ").append(v).append("\n");
    }
    return t;
  }
};

/// The [[force]] table of one --force, as TOML text.
Expected<std::string> force_toml(const war::Rules& R, const ForceFlag& f, std::optional<bool> first) {
  const std::string flag = "--force " + f.spec;
  const auto parts = split_on(f.spec, ":");
  if (parts.size() < 2 || parts[0].empty())
    return flag_error(flag, "give NAME:TROOPS, then the rating and other items (e.g. Elves:2000:bfr=96,mounted=20)");
  const auto troops = troops_of(parts[1]);
  if (!troops) return flag_error(flag, "the troops ('" + parts[1] + "') must be a whole number");
  ForceTable t;
  for (size_t i = 2; i < parts.size(); ++i) {
    for (const std::string& item : split_on(parts[i], ",")) {
      if (item.empty()) continue;
      const auto bad = item.find('=') == std::string::npos ? t.add_class(R, item) : t.add_item(item);
      if (bad) return flag_error(flag, *bad);
    }
  }
  for (const auto& s : f.situations) t.lists["situation"].push_back(toml_string(s));
  if (!t.has("role") && first) t.keys.emplace_back("role", toml_string(*first ? "attacker" : "defender"));
  // A troop class alone rates the force at the lowest BFR of its class (docs/rules-notes.md).
  if (!t.class_id.empty() && !t.has("br") && !t.has("bfr") && !t.has("factors") && !t.has("quick"))
    if (const auto* tc = R.troop_class(t.class_id)) t.keys.emplace_back("bfr", std::to_string(tc->bfr_min));
  return t.text(parts[0], *troops);
}

constexpr std::string_view kFlagDoc = "--force ";

}  // namespace

void add_force_options(CLI::App& cmd, Options& opt) {
  auto* force = cmd.add_option_function<std::string>(
      "--force", [&opt](const std::string& spec) { opt.force_flags.push_back({spec, {}}); },
      "a force without a file: NAME:TROOPS:ITEM,... (repeatable; the first attacks unless role= says "
      "otherwise). ITEM: br=N, bfr=N, a troop class (rated at its lowest BFR), mounted=, missile=, "
      "missile-100ft=, magical=, spells=, flying= (percent), movement= (feet), role=, side=, tactic=, "
      "fatigue=, opponent=, situation=ID, split=N+N, factors.KEY= or quick.KEY= (any [[force]] key of the "
      "file format)");
  force->type_name("SPEC")->trigger_on_parse()->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  auto* situation = cmd.add_option_function<std::string>(
      "--situation",
      [&opt](const std::string& id) {
        if (opt.force_flags.empty()) {
          if (opt.situation_without_force.empty()) opt.situation_without_force = id;
          return;
        }
        opt.force_flags.back().situations.push_back(id);
      },
      "a combat adjustment of the --force before it (repeatable), e.g. elves-woods");
  situation->type_name("ID")->trigger_on_parse()->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cli::completion_values(cmd, situation, [](const data::Tables& tables) {
    std::vector<std::string> ids;
    if (auto R = war::load_rules(tables))
      for (const auto& a : (**R).adjustments)
        if (!a.fatigue) ids.push_back(a.id);  // fatigue comes from fatigue=, not a situation
    return ids;
  });
}

Expected<std::vector<input::Document>> force_documents(const war::Rules& R, const Options& opt, bool roles) {
  if (!opt.situation_without_force.empty())
    return cli::usage_error("--situation", "'" + opt.situation_without_force +
                                               "' comes before any --force: it belongs to the --force before it");
  std::vector<input::Document> docs;
  for (size_t i = 0; i < opt.force_flags.size(); ++i) {
    auto text = force_toml(R, opt.force_flags[i], roles ? std::optional<bool>(i == 0) : std::nullopt);
    if (!text) return text.error();
    auto doc = input::parse(std::move(*text), std::string(kFlagDoc) + opt.force_flags[i].spec);
    if (!doc) return on_force_flags(doc.error());
    docs.push_back(std::move(*doc));
  }
  return docs;
}

Diagnostics on_force_flags(const Diagnostics& in) { return cli::placed_on_flag(in, kFlagDoc); }

}  // namespace gunpowder::war_app
