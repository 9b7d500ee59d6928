// run_files.cpp - unit-br FILE...: the [[unit]] tables of TOML files (or stdin), each rated and
// turned into its output as soon as it is read; every error of every unit is reported.
#include <array>
#include <memory>
#include <unordered_map>

#include "gunpowder/units/read_units.hpp"
#include "unit-br/modes.hpp"
#include "unit-br/unit_report.hpp"

namespace gunpowder::unit_app {

namespace {

// Units whose tables hold only name, troop, race, troops and veteran are rated from those alone
// (and the command-line readings, the same for every unit): units that agree on them share one
// rating and one output, but for the name. One memo per worker thread (input::for_each_chunk
// numbers them), kept across its pieces.
using Memo = std::unordered_map<std::string, UnitOutput>;

std::string memo_key(const units::Request& q) {
  std::string k;
  auto add = [&](std::string_view s) { k.append(std::to_string(s.size())).append(":").append(s); };
  if (q.troop) add(*q.troop);
  else k += '-';
  add(q.race);
  k += q.troops ? std::to_string(*q.troops) : std::string("-");
  k += q.veteran ? "|v" : "|-";
  k += q.name.empty() ? "|d" : "|n";
  return k;
}

// Rates one unit table into `part`; returns rate()'s errors (read_units places them). Once the
// part holds an error, units are still rated for their errors but give no output.
Diagnostics rate_unit(const units::Catalogue& cat, units::UnitTable& u, Part& part, Memo& memo,
                      const cli::CommonOptions& common) {
  const bool cacheable = !common.explain && u.identity_only;
  std::string key;
  if (cacheable) {
    key = memo_key(u.request);
    const auto it = memo.find(key);
    if (it != memo.end()) {
      if (part.errors.empty())
        add_output(part, it->second, u.request.name.empty() ? it->second.row.front() : u.request.name, common);
      return {};
    }
  }
  auto r = units::rate(cat, u.request);
  if (!r) return r.error();
  if (!part.errors.empty()) return {};
  auto out = add_rating(part, cat, std::move(*r), common, cacheable);
  if (out) memo.emplace(std::move(key), std::move(*out));
  return {};
}

}  // namespace

Expected<report::Report> run_files(const units::Catalogue& cat, const Options& opt, const cli::CommonOptions& common) {
  if (opt.race || opt.veteran || opt.troops || opt.name || !opt.reform_lost.empty())
    return cli::usage_error("", "--race, --veteran, --troops, --name and --reform-lost go with --troop; in a file, "
                                "give them as keys of each [[unit]]");
  const units::Request base = readings(opt, common.explain);
  // A large file is streamed in small pieces (input::for_each_chunk), read and rated on two
  // threads, each into its own Part; the parts are joined in input order, so the output and the
  // order of the errors do not depend on the split, and no more than a few pieces' parse trees
  // are in memory at once.
  std::array<Memo, 2> memos;
  auto process = [&](const input::Document& doc, Part& part, unsigned worker) {
    Memo& memo = memos.at(worker);
    units::read_units(doc, base, part.errors,
                      [&](units::UnitTable& u) { return rate_unit(cat, u, part, memo, common); });
  };
  std::vector<Part> parts;
  Diagnostics errors;
  for (const auto& path : common.inputs) {
    auto text = input::read_input(path);
    if (!text) return text.error();
    const std::string name = path == "-" ? "<stdin>" : path;
    auto shared = std::make_shared<const std::string>(std::move(*text));
    const size_t base_part = parts.size();
    const bool streamed = input::for_each_chunk(
        shared, name, "unit", 2, [&](size_t n) { parts.resize(base_part + n); },
        [&](size_t i, unsigned worker, const input::Document& doc) { process(doc, parts[base_part + i], worker); });
    if (streamed) continue;
    parts.resize(base_part);
    auto doc = input::parse(*shared, name);
    if (!doc) {
      errors.append(doc.error());
      continue;
    }
    parts.emplace_back();
    process(*doc, parts.back(), 0);
  }
  return units_report(cat, parts, std::move(errors), common);
}

}  // namespace gunpowder::unit_app
