// fire_app.cpp - fire-odds: the command line, scenarios from flags or TOML files, and the
// report (the five scenario kinds live in fire_app_*.cpp).
#include "fire-odds/fire_app.hpp"

#include <algorithm>
#include <ostream>

#include "gunpowder/fire/fire_common.hpp"
#include "gunpowder/core/fmtnum.hpp"

namespace gunpowder::fire_app {

const cli::ToolInfo kInfo{
    "fire-odds",
    "Exact odds of every firing rule in the seeds: gunpowder artillery attacks (direct hit, close hit, scatter, "
    "misfire, scatter distance, structural saves, shrapnel, damage to creatures, units and heroes; Guns of War, "
    "seed 000), character firearms (reload, misfire, hit chance, hits per minute; seed 000), poker-dice "
    "broadsides with the best re-rolls (seed 001), and Chainmail-style arquebus fire and the cannon dowel "
    "(seed 003). Give a subcommand and its options, or TOML files of [[artillery]], [[firearm]], [[broadside]], "
    "[[arquebus]] and [[dowel]] tables whose keys are the long options with '_' for '-'.",
    "Examples:\n"
    "  fire-odds artillery --type gun --shot 6 --range-yd 1000 --format json\n"
    "  fire-odds artillery --type cannon --shot 24 --range-yd 1000 --plunging\n"
    "  fire-odds artillery --type gun --shot 12 --range-yd 400 --bracket medium --target-ac 6 --save 17 --cover\n"
    "  fire-odds artillery --type mortar --shot 200 --range-yd 2000 --troops 120 --hd 1-1 --unit-save 17\n"
    "  fire-odds firearm --weapon \"matchlock musket\" --range-ft 150 --target-ac 6\n"
    "  fire-odds firearm --weapon \"flintlock pistol\" --range-ft 20 --target-ac 5 --training drilled --apostles\n"
    "  fire-odds firearm --catalogue\n"
    "  fire-odds broadside --cannon 3 --weight heavy --range short --format json\n"
    "  fire-odds broadside --dice 5 --rerolls 0\n"
    "  fire-odds broadside --cannon 7 --weight medium --range-in 10 --ammo canister --save-class officer\n"
    "  fire-odds arquebus --men 10 --range-in 8 --cover half\n"
    "  fire-odds arquebus --system attack-dice --men 10 --range-in 8 --ar 6\n"
    "  fire-odds dowel --gun heavy --call white --distance-in 26 --depth-in 8\n"
    "  fire-odds scenarios.toml                     every [[artillery]] ... [[dowel]] table of the file\n"};

Diagnostics field_error(const Origin& o, const std::string& field, const std::string& message) {
  Diagnostics d;
  if (o.doc && o.table) {
    std::string key = field;
    for (auto& c : key)
      if (c == '-') c = '_';
    const toml::node* node = o.table->get(key);
    const SourcePos pos = o.doc->pos(node ? *node : static_cast<const toml::node&>(*o.table));
    d.error(pos, (node ? "" : "'" + key + "': ") + message, o.doc->line(pos.line), ExitCode::data_error);
  } else {
    d.error(SourcePos{}, "--" + field + ": " + message, {}, ExitCode::usage);
  }
  return d;
}

std::string pct(double p) { return fmtnum::percent(p, p > 0 && p < 0.01 ? 4 : 2); }

json::Value dist_json(const dice::Dist& d, const std::string& value_key) {
  json::Value a = json::array();
  for (int v = d.min(); v <= d.max(); ++v) {
    if (d.p(v) <= 0) continue;
    json::Value o = json::object();
    o.set(value_key, v);
    o.set("p", fire::clean(d.p(v)));
    a.push(std::move(o));
  }
  return a;
}

report::Table dist_table(const dice::Dist& d, const std::string& title, const std::string& value_header) {
  report::Table t;
  t.title = title;
  t.add_column("value", value_header, report::Align::right)
      .add_column("p", "P", report::Align::right)
      .add_column("p_at_least", "P(at least)", report::Align::right);
  for (int v = d.min(); v <= d.max(); ++v) {
    if (d.p(v) <= 0) continue;
    t.add_row({std::to_string(v), pct(d.p(v)), pct(d.at_least(v))});
  }
  t.notes.push_back("mean " + fmtnum::trim(d.mean(), 4));
  return t;
}

void setup(CLI::App& app, Options& opt) {
  app.require_subcommand(0, 1);
  app.fallthrough();  // --format, --output and --explain may follow the subcommand
  opt.sub_artillery = app.add_subcommand("artillery", "odds of one gunpowder artillery shot (seed 000, p. 16-17, 37-40)");
  setup_artillery(*opt.sub_artillery, opt.artillery);
  opt.sub_firearm = app.add_subcommand("firearm", "a character's firearm: reload, misfire, hit chance, hits per minute (seed 000, p. 9-11)");
  setup_firearm(*opt.sub_firearm, opt.firearm);
  opt.sub_broadside = app.add_subcommand("broadside", "a poker-dice broadside: hands, damage, casualties (seed 001)");
  setup_broadside(*opt.sub_broadside, opt.broadside);
  opt.sub_arquebus = app.add_subcommand("arquebus", "Chainmail-style arquebus volley (seed 003)");
  setup_arquebus(*opt.sub_arquebus, opt.arquebus);
  opt.sub_dowel = app.add_subcommand("dowel", "Chainmail-style cannon shot with the coloured dowel (seed 003)");
  setup_dowel(*opt.sub_dowel, opt.dowel);
}

namespace {

const std::vector<std::string> kCommands = {"artillery", "firearm", "broadside", "arquebus", "dowel"};

// Runs one scenario and wraps its JSON: {"command", "name", ...the scenario's keys}.
Expected<Scenario> run_one(const std::string& command, const Options& opt, const Origin& o, bool explain,
                           const std::optional<std::string>& name) {
  Expected<Scenario> s = Scenario{};
  if (command == "artillery") s = run_artillery(opt.artillery, o, explain);
  else if (command == "firearm") s = run_firearm(opt.firearm, o, explain);
  else if (command == "broadside") s = run_broadside(opt.broadside, o, explain);
  else if (command == "arquebus") s = run_arquebus(opt.arquebus, o, explain);
  else s = run_dowel(opt.dowel, o, explain);
  if (!s) return s;
  json::Value j = json::object();
  j.set("command", command);
  j.set("name", name ? json::Value(*name) : json::Value());
  for (auto& m : s->json.object()) j.set(m.first, std::move(m.second));
  s->json = std::move(j);
  if (name)
    for (auto& t : s->tables) t.title = *name + ": " + t.title;
  return s;
}

void add_scenario(report::Report& rep, json::Value& list, Scenario&& s) {
  for (auto& t : s.tables) rep.tables.push_back(std::move(t));
  for (auto& l : s.explain) rep.explain.push_back(std::move(l));
  list.push(std::move(s.json));
}

}  // namespace

Expected<report::Report> run(const Options& opt, const cli::CommonOptions& common) {
  std::string command;
  for (const auto* sub : {opt.sub_artillery, opt.sub_firearm, opt.sub_broadside, opt.sub_arquebus, opt.sub_dowel})
    if (sub && sub->parsed()) command = sub->get_name();
  if (!command.empty() && !common.inputs.empty())
    return cli::usage_error("", "give either a subcommand with its options or input files, not both");
  if (command.empty() && common.inputs.empty())
    return cli::usage_error("", "nothing to do: give a subcommand (artillery, firearm, broadside, arquebus, dowel) "
                                "or TOML input files; see --help");
  report::Report rep;
  json::Value list = json::array();
  if (!command.empty()) {
    auto s = run_one(command, opt, Origin{}, common.explain, std::nullopt);
    if (!s) return s.error();
    add_scenario(rep, list, std::move(*s));
  } else {
    Diagnostics diags;
    std::vector<input::Document> docs;
    docs.reserve(common.inputs.size());
    for (const auto& path : common.inputs) {
      auto text = input::read_input(path);
      if (!text) return text.error();
      auto doc = input::parse(std::move(*text), path == "-" ? "<stdin>" : path);
      if (!doc) {
        diags.append(doc.error());
        continue;
      }
      docs.push_back(std::move(*doc));
    }
    // Read every table first so that all errors of every file are reported together.
    struct Pending {
      std::string command;
      Options opt;
      Origin origin;
      std::optional<std::string> name;
    };
    std::vector<Pending> pending;
    for (const auto& doc : docs) {
      input::check_top_level(doc, kCommands, diags);
      const size_t before = pending.size(), errors_before = diags.items().size();
      for (const auto& [key, node] : doc.root) {
        const std::string command_key(key.str());
        bool known = false;
        for (const auto& c : kCommands) known = known || c == command_key;
        if (!known) continue;
        for (const toml::table* t : input::tables_in(doc, node, command_key, diags)) {
          Diagnostics local;
          input::TableReader r(doc, *t, local, "[[" + command_key + "]]");
          Pending pe;
          pe.command = command_key;
          pe.origin = Origin{&doc, t};
          pe.name = r.string("name", input::Need::optional);
          if (command_key == "artillery") read_artillery(r, pe.opt.artillery);
          else if (command_key == "firearm") read_firearm(r, pe.opt.firearm);
          else if (command_key == "broadside") read_broadside(r, pe.opt.broadside);
          else if (command_key == "arquebus") read_arquebus(r, pe.opt.arquebus);
          else read_dowel(r, pe.opt.dowel);
          r.finish();
          if (!local.empty()) {
            diags.append(local);
            continue;
          }
          pending.push_back(std::move(pe));
        }
      }
      if (pending.size() == before && diags.items().size() == errors_before) {
        const SourcePos p{doc.name, 1, 1};
        diags.error(p, "no scenario in the file: add [[artillery]], [[firearm]], [[broadside]], [[arquebus]] or [[dowel]] tables",
                    doc.line(1));
      }
    }
    // In the order they are written (a TOML table iterates its keys alphabetically).
    std::stable_sort(pending.begin(), pending.end(), [](const Pending& a, const Pending& b) {
      if (a.origin.doc != b.origin.doc) return false;
      return a.origin.doc->pos(*a.origin.table).line < b.origin.doc->pos(*b.origin.table).line;
    });
    // Scenarios that read cleanly are still run, so that their rule errors join the reading errors.
    for (const auto& pe : pending) {
      auto s = run_one(pe.command, pe.opt, pe.origin, common.explain, pe.name);
      if (!s) {
        diags.append(s.error());
        continue;
      }
      add_scenario(rep, list, std::move(*s));
    }
    if (!diags.empty()) {
      // Report in the order of the files and, within a file, of the lines.
      std::vector<Diagnostic> items = diags.items();
      auto file_index = [&](const std::string& name) {
        for (size_t i = 0; i < docs.size(); ++i)
          if (docs[i].name == name) return i;
        return docs.size();
      };
      std::stable_sort(items.begin(), items.end(), [&](const Diagnostic& a, const Diagnostic& b) {
        const size_t fa = file_index(a.pos.file), fb = file_index(b.pos.file);
        if (fa != fb) return fa < fb;
        if (a.pos.line != b.pos.line) return a.pos.line < b.pos.line;
        return a.pos.column < b.pos.column;
      });
      Diagnostics sorted;
      for (auto& d : items) sorted.add(std::move(d));
      return sorted;
    }
  }
  rep.json.set("tool", kInfo.name);
  rep.json.set("scenarios", std::move(list));
  return rep;
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::fire_app
