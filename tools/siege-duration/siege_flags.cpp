// siege_flags.cpp - a common siege from flags alone: the stronghold (--shp, --value-gp or
// --structure, --material, --site), the sides' units and their pieces as "4x24-pdr-cannon"
// (--besieger-artillery, --defender-artillery, at "@800" yards). The flags become the text of a
// siege description read by the file's reader, so a siege from flags has the figures of the
// equivalent file (ctest siege-duration.siege-flags).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <initializer_list>
#include <string>
#include <utility>

#include "common/bounds.hpp"
#include "common/commands.hpp"
#include "common/flag_input.hpp"
#include "siege-duration/siege_app.hpp"

namespace gunpowder::siege_app {

namespace {

std::string siege_flag_lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// A whole number of the whole text.
std::optional<long long> siege_flag_number(std::string_view t) {
  long long n = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
  if (ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
  return n;
}

/// "[Nx]REST" -> (N, REST), N 1 when absent.
std::pair<std::optional<long long>, std::string> siege_flag_count(const std::string& spec) {
  const auto x = spec.find_first_of("xX*");
  if (x != std::string::npos && x > 0) {
    if (auto n = siege_flag_number(std::string_view(spec).substr(0, x))) return {n, spec.substr(x + 1)};
  }
  return {1, spec};
}

/// One piece entry: "[Nx]SHOT-pdr-TYPE[@YARDS]", e.g. "4x24-pdr-cannon@800".
Expected<std::string> piece_entry(const std::string& flag, const std::string& spec, bool besieger) {
  const std::string bad = "'" + spec + "': give [Nx]SHOT-pdr-TYPE[@YARDS], e.g. 4x24-pdr-cannon or 2x90-pdr-mortar@2500";
  auto [count, rest] = siege_flag_count(spec);
  if (!count || *count < 1) return cli::usage_error(flag, bad);
  std::optional<long long> yards;
  if (const auto at = rest.find('@'); at != std::string::npos) {
    std::string y = rest.substr(at + 1);
    if (y.size() > 2 && siege_flag_lower(y.substr(y.size() - 2)) == "yd") y.resize(y.size() - 2);
    yards = siege_flag_number(y);
    if (!yards || *yards < 1) return cli::usage_error(flag, bad);
    if (!besieger) return cli::usage_error(flag, "'" + spec + "': only the besieger's pieces stand at a range");
    rest.resize(at);
  }
  rest = siege_flag_lower(rest);
  std::replace(rest.begin(), rest.end(), ' ', '-');
  const auto pdr = rest.find("pdr");
  if (pdr == std::string::npos || pdr == 0) return cli::usage_error(flag, bad);
  std::string shot = rest.substr(0, pdr);
  if (!shot.empty() && shot.back() == '-') shot.pop_back();
  std::string type = rest.substr(pdr + 3);
  if (!type.empty() && type.front() == '-') type.erase(0, 1);
  const auto shot_lb = siege_flag_number(shot);
  if (!shot_lb || *shot_lb < 1) return cli::usage_error(flag, bad);
  if (type.empty()) return cli::usage_error(flag, bad);
  // The type itself is checked by the siege reader, against the artillery table's types.
  std::string e = "{ type = \"" + type + "\", shot_lb = " + std::to_string(*shot_lb) +
                  ", count = " + std::to_string(*count);
  if (yards) e += ", range_yd = " + std::to_string(*yards);
  return e + " }";
}

Expected<std::string> side_table(const char* name, const char* flag_pieces,
                                 const std::optional<long long>& units, const std::vector<std::string>& pieces,
                                 bool besieger) {
  std::string t = std::string("\n[") + name + "]\nname = \"" + (besieger ? "Besieger" : "Defender") + "\"\n";
  t += "units = " + std::to_string(units.value_or(0)) + "\n";
  if (!pieces.empty()) {
    t += "artillery = [\n";
    for (const auto& p : pieces) {
      auto e = piece_entry(flag_pieces, p, besieger);
      if (!e) return e.error();
      t += "  " + *e + ",\n";
    }
    t += "]\n";
  }
  return t;
}

}  // namespace

bool has_siege_flags(const Options& o) {
  return o.shp || o.value_gp || !o.structures.empty() || o.material || o.site || o.besieger_units ||
         o.defender_units || !o.besieger_artillery.empty() || !o.defender_artillery.empty();
}

Expected<std::string> siege_flags_toml(const Options& o) {
  const int ways = (o.shp ? 1 : 0) + (o.value_gp ? 1 : 0) + (o.structures.empty() ? 0 : 1);
  if (ways != 1)
    return cli::usage_error("--shp", "give the stronghold as one of --shp, --value-gp or --structure");
  if (!o.besieger_units) return cli::usage_error("--besieger-units", "required with the siege flags: the besieger's units");
  if (!o.defender_units) return cli::usage_error("--defender-units", "required with the siege flags: the garrison's units");
  std::string t = "[stronghold]\nname = \"Stronghold\"\nmaterial = \"" + siege_flag_lower(o.material.value_or("stone")) +
                  "\"\n";
  if (o.site) t += "site = \"" + siege_flag_lower(*o.site) + "\"\n";
  if (o.shp) t += "shp = " + std::to_string(*o.shp) + "\n";
  if (o.value_gp) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, *o.value_gp);
    t += "value_gp = " + std::string(buf, r.ptr) + "\n";
  }
  if (!o.structures.empty()) {
    t += "structures = [\n";
    for (const auto& s : o.structures) {
      auto [count, key] = siege_flag_count(s);
      if (!count || *count < 1 || key.empty())
        return cli::usage_error("--structure", "'" + s + "': give [Nx]KEY, e.g. keep_square or 4xtower_round_small");
      key = siege_flag_lower(key);
      std::replace(key.begin(), key.end(), '-', '_');
      t += "  { key = \"" + key + "\", count = " + std::to_string(*count) + " },\n";
    }
    t += "]\n";
  }
  auto b = side_table("besieger", "--besieger-artillery", o.besieger_units, o.besieger_artillery, true);
  if (!b) return b.error();
  auto d = side_table("defender", "--defender-artillery", o.defender_units, o.defender_artillery, false);
  if (!d) return d.error();
  return t + *b + *d;
}

void add_siege_flags(CLI::App& app, Options& opt) {
  app.add_option("--shp", opt.shp, "the stronghold's structural points")->check(cli::bounded({1, 100000000, true, false, "", "INT in [1 - 100000000]"}))
      ->type_name("N");
  app.add_option("--value-gp", opt.value_gp, "the stronghold's value in gp (stone: shp = value / 8)")
      ->check(cli::bounded({0, 100000000, false, true, "gp", "POSITIVE"}))
      ->type_name("GP");
  app.add_option("--structure", opt.structures,
                 "a structure of the stronghold, [Nx]KEY (repeatable), e.g. keep_square, 4xtower_round_small")
      ->type_name("SPEC")
      ->allow_extra_args(false);
  cli::choices(app, app.add_option("--material", opt.material, "the stronghold's material: stone (default) or wood"),
               {"stone", "wood"})
      ->type_name("MATERIAL");
  cli::choices(app, app.add_option("--site", opt.site, "mountain, island, peninsula or riverbank (default: none)"),
               {"mountain", "island", "peninsula", "riverbank"})
      ->type_name("SITE");
  app.add_option("--besieger-units", opt.besieger_units, "the besieger's units")
      ->check(cli::bounded({0, 1000000, true, false, "", "INT in [0 - 1000000]"}))
      ->type_name("N");
  app.add_option("--defender-units", opt.defender_units, "the garrison's units")
      ->check(cli::bounded({0, 1000000, true, false, "", "INT in [0 - 1000000]"}))
      ->type_name("N");
  app.add_option("--besieger-artillery", opt.besieger_artillery,
                 "the besieger's pieces, [Nx]SHOT-pdr-TYPE[@YARDS] (repeatable), e.g. 4x24-pdr-cannon@800")
      ->type_name("SPEC")
      ->allow_extra_args(false);
  app.add_option("--defender-artillery", opt.defender_artillery,
                 "the garrison's pieces, [Nx]SHOT-pdr-TYPE (repeatable), e.g. 4x12-pdr-gun")
      ->type_name("SPEC")
      ->allow_extra_args(false);
}

namespace {
// The flag behind line `line` of the description the flags made (`made`): the table it falls in
// ([stronghold], [besieger], [defender]) and what the line gives; empty when not known.
std::string flag_at(const std::string& made, int line) {
  std::string section, text;
  int n = 0;
  size_t at = 0;
  while (at <= made.size() && n < line) {
    const size_t end = std::min(made.find('\n', at), made.size());
    text = made.substr(at, end - at);
    ++n;
    if (!text.empty() && text.front() == '[') section = text;
    at = end + 1;
  }
  if (n != line) return {};
  // A side's table: its units' line, else its artillery (the array's opening line or a piece's).
  const bool units = text.rfind("units = ", 0) == 0;
  if (text.rfind("name = ", 0) == 0) return {};
  if (section == "[besieger]") return units ? "--besieger-units" : "--besieger-artillery";
  if (section == "[defender]") return units ? "--defender-units" : "--defender-artillery";
  if (section != "[stronghold]") return {};
  for (const auto& [key, flag] : std::initializer_list<std::pair<const char*, const char*>>{
           {"key = ", "--structure"}, {"shp = ", "--shp"}, {"value_gp = ", "--value-gp"}, {"site = ", "--site"},
           {"material = ", "--material"}})
    if (text.find(key) != std::string::npos) return flag;
  return {};
}
}  // namespace

Diagnostics on_siege_flags(const Diagnostics& in, const std::string& made) {
  Diagnostics named;
  for (auto item : in.items()) {
    if (item.pos.file == kFlagsName && item.pos.line > 0)
      if (const std::string flag = flag_at(made, item.pos.line); !flag.empty()) {
        item.message = flag + ": " + item.message;
        item.pos = SourcePos{};
        item.source_line.clear();  // a line the user never wrote
        item.code = ExitCode::usage;
      }
    named.add(std::move(item));
  }
  return cli::placed_on_flag(named, kFlagsName);
}

}  // namespace gunpowder::siege_app
