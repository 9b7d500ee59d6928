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

/// The [[force]] table of one --force, as TOML text.
Expected<std::string> force_toml(const war::Rules& R, const ForceFlag& f, std::optional<bool> first) {
  const std::string flag = "--force " + f.spec;
  const auto parts = split_on(f.spec, ":");
  if (parts.size() < 2 || parts[0].empty())
    return flag_error(flag, "give NAME:TROOPS, then the rating and other items (e.g. Elves:2000:bfr=96,mounted=20)");
  const auto troops = troops_of(parts[1]);
  if (!troops) return flag_error(flag, "the troops ('" + parts[1] + "') must be a whole number");
  std::vector<std::pair<std::string, std::string>> keys;    // top-level key -> TOML value, in order
  std::map<std::string, std::vector<std::string>> lists;     // list key -> TOML values
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> tables;  // factors, quick
  std::vector<std::string> given;
  auto has = [&](std::string_view k) { return std::find(given.begin(), given.end(), k) != given.end(); };
  std::vector<std::string> class_ids;
  for (const auto& c : R.troop_classes) class_ids.push_back(c.id);
  for (size_t i = 2; i < parts.size(); ++i) {
    for (const std::string& item : split_on(parts[i], ",")) {
      if (item.empty()) continue;
      const auto eq = item.find('=');
      if (eq == std::string::npos) {
        // A bare word is the troop class.
        const std::string id = force_id(item);
        if (std::find(class_ids.begin(), class_ids.end(), id) == class_ids.end()) {
          std::string m = "'" + item + "' is not KEY=VALUE nor a troop class";
          if (auto near = cli::nearest(id, class_ids)) m += "; did you mean '" + *near + "'?";
          return flag_error(flag, m);
        }
        if (has("troop_class")) return flag_error(flag, "the troop class is given twice");
        given.emplace_back("troop_class");
        keys.emplace_back("troop_class", toml_string(id));
        continue;
      }
      std::string key = item.substr(0, eq);
      const std::string value = item.substr(eq + 1);
      std::replace(key.begin(), key.end(), '-', '_');
      std::string sub;
      if (const auto dot = key.find('.'); dot != std::string::npos) {
        sub = key.substr(0, dot);
        key = key.substr(dot + 1);
        if (sub != "factors" && sub != "quick")
          return flag_error(flag, "'" + sub + ".' items: only factors.KEY=VALUE and quick.KEY=VALUE");
      } else if (auto a = force_key_aliases().find(key); a != force_key_aliases().end()) {
        key = a->second;
      }
      if (key.empty() || value.empty()) return flag_error(flag, "'" + item + "': give KEY=VALUE");
      if (key == "name" || key == "troops")
        return flag_error(flag, "the name and troops are the first two parts (NAME:TROOPS:...)");
      if (!sub.empty()) {
        if (!has(sub)) given.push_back(sub);
        tables[sub].emplace_back(key, toml_value(key, value));
        continue;
      }
      if (list_key(key)) {
        given.push_back(key);
        for (const std::string& v : split_on(value, "+")) lists[key].push_back(toml_value(key, v));
        continue;
      }
      if (has(key)) return flag_error(flag, "'" + key + "' is given twice");
      given.push_back(key);
      if (key == "troop_class") {
        keys.emplace_back(key, toml_string(force_id(value)));
        continue;
      }
      keys.emplace_back(key, toml_value(key, value));
    }
  }
  for (const auto& s : f.situations) lists["situation"].push_back(toml_string(s));
  if (!has("role") && first) keys.emplace_back("role", toml_string(*first ? "attacker" : "defender"));
  // A troop class alone rates the force at the lowest BFR of its class (docs/rules-notes.md).
  if (has("troop_class") && !has("br") && !has("bfr") && !has("factors") && !has("quick")) {
    std::string id;
    for (const auto& [k, v] : keys)
      if (k == "troop_class") id = v.substr(1, v.size() - 2);
    if (const auto* tc = R.troop_class(id)) keys.emplace_back("bfr", std::to_string(tc->bfr_min));
  }
  std::string t = "[[force]]\nname = " + toml_string(parts[0]) + "\ntroops = " + *troops + "\n";
  for (const auto& [k, v] : keys) t += k + " = " + v + "\n";
  for (const auto& [k, vs] : lists) {
    t += k + " = [";
    for (size_t i = 0; i < vs.size(); ++i) t += (i ? ", " : "") + vs[i];
    t += "]\n";
  }
  for (const auto& [sub, kv] : tables) {
    t += "\n[force." + sub + "]\n";
    for (const auto& [k, v] : kv) t += k + " = " + v + "\n";
  }
  return t;
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
  cli::completion_values(cmd, situation, [] {
    std::vector<std::string> ids;
    if (auto R = war::load_rules())
      for (const auto& a : (**R).adjustments)
        if (a.group != "fatigue") ids.push_back(a.id);  // fatigue comes from fatigue=, not a situation
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
