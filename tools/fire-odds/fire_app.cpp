// fire_app.cpp - fire-odds: the command line, scenarios from flags or TOML files, the placing
// of their errors, and the report (the five scenario kinds live in artillery.cpp, firearm.cpp,
// broadside.cpp and chainmail.cpp).
#include "fire-odds/fire_app.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>

#include "common/commands.hpp"
#include "common/fractions.hpp"
#include "common/width.hpp"
#include "fire-odds/fields.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/fire/read_scenarios.hpp"
#include "gunpowder/input/document.hpp"

namespace gunpowder::fire_app {

const cli::ToolInfo kInfo{
    "fire-odds",
    "Exact odds of every firing rule in the books: gunpowder artillery attacks (direct hit, close hit, scatter, "
    "misfire, scatter distance, structural saves, shrapnel, damage to creatures, units and heroes; Guns of "
    "War), character firearms (reload, misfire, hit chance, hits per minute; Guns of War), poker-dice "
    "broadsides with the best re-rolls (Baggins Wood Cannons), and Chainmail-style arquebus fire and the "
    "cannon dowel "
    "(Chainmail Gunpowder). Give a subcommand and its options, or TOML files of [[artillery]], [[firearm]], "
    "[[broadside]], "
    "[[arquebus]] and [[dowel]] tables whose keys are the long options with '_' for '-'.",
    "Examples (their files are in the examples folder, installed as share/doc/gunpowder/examples):\n"
    "  fire-odds artillery --type gun --shot-lb 6 --range-yd 1000 --format json\n"
    "  fire-odds artillery --type cannon --shot-lb 24 --range-yd 1000 --plunging\n"
    "  # a hero behind hard cover\n"
    "  fire-odds artillery --type gun --shot-lb 12 --range-yd 400 \\\n"
    "      --range-band medium --target-ac 6 --save 17 --cover hard\n"
    "  # a unit of 120 in the area\n"
    "  fire-odds artillery --type mortar --shot-lb 200 --range-yd 2000 --troops 120 \\\n"
    "      --hd 1-1 --unit-save 17\n"
    "  fire-odds firearm --weapon \"matchlock musket\" --range-ft 150 --target-ac 6\n"
    "  fire-odds firearm --weapon \"flintlock pistol\" --range-ft 20 --target-ac 5 \\\n"
    "      --training drilled --apostles\n"
    "  fire-odds firearm --catalogue\n"
    "  fire-odds broadside --cannon 3 --weight heavy --range-band short --format json\n"
    "  # the poker-dice hands of five dice\n"
    "  fire-odds broadside --dice 5 --rerolls 0\n"
    "  fire-odds broadside --cannon 7 --weight medium --range-in 10 --ammo canister \\\n"
    "      --save-class officer\n"
    "  fire-odds arquebus --men 10 --range-in 8 --cover half\n"
    "  fire-odds arquebus --system attack-dice --men 10 --range-in 8 --ar 6\n"
    "  fire-odds dowel --gun heavy --call white --range-in 26 --depth-in 8\n"
    "  # every [[artillery]] ... [[dowel]] table of the file\n"
    "  fire-odds fire-odds.toml\n",
    &documents};

std::string pct(double p) { return fmtnum::percent(p, p > 0 && p < 0.01 ? 4 : 2); }

std::string signed_str(int v) { return v >= 0 ? "+" + std::to_string(v) : std::to_string(v); }

std::string dice_text(int n, int sides) { return std::to_string(n) + "d" + std::to_string(sides); }

report::Cell pct_cell(double p, std::uint64_t denominator) {
  return report::cell::exact_over(report::cell::shown_as(pct(p), p), p, denominator);
}

const char* const kInexactNote =
    "--fractions: a chance still shown as a percentage has no fraction here: it is not carried as a count over the "
    "dice it is thrown with (a chance given only if the piece fires, one of dice thrown after others, a "
    "distribution cut where its tail falls under 1e-9), or those dice pass 2^40 throws";

report::TableSpec scenario_spec(std::string_view name, std::string_view title, std::string_view description,
                                std::vector<report::FieldUse> fields, std::vector<report::FieldUse> context) {
  std::vector<report::FieldUse> all{fields::kScenario, fields::kName};
  all.insert(all.end(), context.begin(), context.end());
  return report::TableSpec(name, title, description, std::move(fields)).with_context(std::move(all));
}

report::DistributionSpec dist_spec(std::string_view name, std::string_view title, const report::Field& value,
                                   std::vector<report::FieldUse> context, bool always) {
  std::vector<report::FieldUse> all{fields::kScenario, fields::kName};
  all.insert(all.end(), context.begin(), context.end());
  return report::DistributionSpec(name, title, value, std::move(all), {always});
}

void align(report::Table& t, const report::Field& f, report::Align a) {
  for (auto& c : t.columns)
    if (c.field == &f) c.align = a;
}

void program_figure(report::Table& t, const report::Field& f, report::Cell value, std::string source) {
  t.add_figure(f, std::move(value), std::move(source));
  t.figures.back().shown = report::Shown::programs;
}

report::DistributionTables dist_tables(const report::DistributionSpec& spec, const dice::Dist& d, std::string title) {
  return report::distribution_tables(spec, report::Distribution::of(d), std::move(title));
}

namespace {
// The values a chart draws: from the first to the last that some series gives at least kChartTail
// (every value with a chance when none does), those that some series gives a chance.
std::vector<int> chart_values(const std::vector<NamedDist>& series, bool& cut) {
  int lo = std::numeric_limits<int>::max(), hi = std::numeric_limits<int>::min();
  for (double floor : {kChartTail, 0.0}) {
    for (const auto& s : series)
      for (int v = s.dist->min(); v <= s.dist->max(); ++v)
        if (s.dist->p(v) > 0 && s.dist->p(v) >= floor) {
          lo = std::min(lo, v);
          hi = std::max(hi, v);
        }
    if (lo <= hi) break;
  }
  std::vector<int> shown;
  cut = false;
  for (const auto& s : series)
    for (int v = s.dist->min(); v <= s.dist->max(); ++v)
      if (s.dist->p(v) > 0 && (v < lo || v > hi)) cut = true;
  for (int v = lo; v <= hi; ++v)
    if (std::any_of(series.begin(), series.end(), [v](const NamedDist& s) { return s.dist->p(v) > 0; }))
      shown.push_back(v);
  return shown;
}
}  // namespace

report::Chart dist_chart(std::string title, std::string label_axis, const std::vector<NamedDist>& series) {
  report::Chart c;
  c.title = std::move(title);
  c.label_axis = std::move(label_axis);
  bool cut = false;
  const std::vector<int> shown = chart_values(series, cut);
  if (cut) {
    // "Wounds (short column)" becomes "Wounds (short column; chances under 0.01% not drawn)".
    const std::string note = "chances under " + fmtnum::percent(kChartTail, 2) + " not drawn";
    if (!c.title.empty() && c.title.back() == ')')
      c.title.insert(c.title.size() - 1, "; " + note);
    else
      c.title += " (" + note + ")";
  }
  for (const auto& s : series) c.add_series(s.name, {});
  if (shown.empty()) return c;
  // Bands of equal width when there are too many values for bars of their own.
  const int lo = shown.front(), hi = shown.back();
  const int width = shown.size() <= static_cast<size_t>(kChartBars) ? 1 : (hi - lo) / kChartBars + 1;
  for (int v : shown) {
    const int from = lo + (v - lo) / width * width;
    const int to = std::min(from + width - 1, hi);
    const std::string label = from == to ? std::to_string(from) : std::to_string(from) + "-" + std::to_string(to);
    if (c.labels.empty() || c.labels.back() != label) {
      c.labels.push_back(label);
      for (auto& se : c.series) se.values.emplace_back(0.0);
    }
    for (size_t k = 0; k < series.size(); ++k) *c.series[k].values.back() += series[k].dist->p(v);
  }
  return c;
}

namespace {
// Every scenario of the run, in order: what kind it is (which tables hold its figures).
const report::TableSpec& scenarios_spec() {
  static const report::TableSpec s =
      scenario_spec("scenarios", "Scenarios", "one scenario of the run, in order", {fields::kCommand})
          .only_for(report::Shown::programs);
  return s;
}
}  // namespace

const report::DocumentSpec& scenarios_doc() {
  static const report::DocumentSpec d = [] {
    std::vector<const report::TableSpec*> specs{&scenarios_spec()};
    for (const FireCommand& c : commands())
      for (const report::TableSpec* t : c.specs()) specs.push_back(t);
    // version 3: one array per table of each kind of scenario, rows named by scenario and name;
    // version 6: every distribution's p_at_most and summary (mean, sd, quantiles), and the long
    // distributions value by value with --distributions (issue 27); version 7: shots and broadsides
    // until a target's points are gone (shots_to_destroy, broadsides_to_target and their distributions);
    // version 8: "fractions" with --fractions (each exact probability as a reduced fraction), the shots
    // until a hero's hit points are gone and the volleys until a unit's figures are down
    // (shots_to_bring_down_hero, volleys_to_bring_down and their distributions)
    return report::DocumentSpec(
        "fire-odds", "scenarios", 8,
        "The scenarios of a fire-odds run (a subcommand, or every scenario of the input files): one array per "
        "table, each row or record naming its scenario (its place in the run, from 1) and name.",
        std::move(specs))
        .with_fractions();
  }();
  return d;
}

std::vector<const report::DocumentSpec*> documents() { return {&scenarios_doc()}; }

const std::vector<FireCommand>& commands() {
  static const std::vector<FireCommand> table{
      {"artillery", "odds of one gunpowder artillery shot (Guns of War, p. 16-17, 37-40)",
       [](CLI::App& sub, Options& o) {
         setup_artillery(sub, o.artillery);
         sub.add_option("--range-step-yd", o.range_step_yd,
                        "add a chart of the attack throw's results at every YD yards out to the piece's long range")
             ->type_name("YD");
       },
       [](const data::Tables& t, const Options& o, bool explain) -> Expected<Scenario> {
         auto s = run_artillery(t, o.artillery, explain);
         if (!s || !o.range_step_yd) return s;
         auto by_range = artillery_range_chart(t, o.artillery, *o.range_step_yd);
         if (!by_range) return by_range.error();
         s->charts.push_back(std::move(*by_range));
         return s;
       },
       [](input::TableReader& r, Options& o) {
         fire::read_artillery(r, o.artillery);
         o.range_step_yd = r.number("range_step_yd", input::Need::optional);
       },
       &artillery_specs},
      {"firearm", "a character's firearm: reload, misfire, hit chance, hits per minute (Guns of War, p. 9-11)",
       [](CLI::App& sub, Options& o) { setup_firearm(sub, o.firearm); },
       [](const data::Tables& t, const Options& o, bool explain) { return run_firearm(t, o.firearm, explain); },
       [](input::TableReader& r, Options& o) { fire::read_firearm(r, o.firearm); }, &firearm_specs},
      {"broadside", "a poker-dice broadside: hands, damage, casualties (Baggins Wood Cannons)",
       [](CLI::App& sub, Options& o) { setup_broadside(sub, o.broadside); },
       [](const data::Tables& t, const Options& o, bool explain) { return run_broadside(t, o.broadside, explain); },
       [](input::TableReader& r, Options& o) { fire::read_broadside(r, o.broadside); }, &broadside_specs},
      {"arquebus", "Chainmail-style arquebus volley (Chainmail Gunpowder)",
       [](CLI::App& sub, Options& o) { setup_arquebus(sub, o.arquebus); },
       [](const data::Tables& t, const Options& o, bool explain) { return run_arquebus(t, o.arquebus, explain); },
       [](input::TableReader& r, Options& o) { fire::read_arquebus(r, o.arquebus); }, &arquebus_specs},
      {"dowel", "Chainmail-style cannon shot with the coloured dowel (Chainmail Gunpowder)",
       [](CLI::App& sub, Options& o) { setup_dowel(sub, o.dowel); },
       [](const data::Tables& t, const Options& o, bool explain) { return run_dowel(t, o.dowel, explain); },
       [](input::TableReader& r, Options& o) { fire::read_dowel(r, o.dowel); }, &dowel_specs},
  };
  return table;
}

void setup(CLI::App& app, Options& opt) {
  std::vector<cli::Subcommand> table;
  for (const FireCommand& c : commands())
    table.push_back({c.name, c.description, [&opt, &c](CLI::App& sub) {
                       sub.callback([&opt, &c] { opt.command = c.name; });
                       c.setup(sub, opt);
                     }});
  cli::add_subcommands(app, table, false);
  cli::add_fractions_flag(app, opt.fractions);
  // Without a subcommand, the scenarios are the input files' (standard input when none is named).
  cli::reads_input(app);
}

namespace {

// The subcommands' names, as the scenario tables of a file are named.
std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const FireCommand& c : commands()) names.emplace_back(c.name);
  return names;
}

// "artillery, firearm, broadside, arquebus, dowel"
std::string names_text() {
  std::string out;
  for (const FireCommand& c : commands()) out += std::string(out.empty() ? "" : ", ") + c.name;
  return out;
}

// "[[artillery]], [[firearm]], [[broadside]], [[arquebus]] or [[dowel]]"
std::string table_list() {
  std::string out;
  const auto& all = commands();
  for (size_t i = 0; i < all.size(); ++i)
    out += std::string(i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + "[[" + all[i].name + "]]";
  return out;
}

const FireCommand& command_named(const std::string& name) {
  for (const FireCommand& c : commands())
    if (name == c.name) return c;
  return commands().front();  // not reached: every name comes from the table
}

/// Where a scenario's values came from: a TOML table, or the command line (no document).
struct Origin {
  const input::Document* doc = nullptr;
  const toml::table* table = nullptr;
};

// A scenario's errors name their field (the TOML key): placed at that key of the scenario's table
// (exit 65; a key the table lacks: at the table, the message naming the key), or on the flag of
// the same name (exit 64).
Diagnostics place_errors(const Diagnostics& errors, const Origin& o) {
  if (!o.doc) return cli::place_on_flags(errors);
  Diagnostics named;
  for (auto item : errors.items()) {
    if (!item.field.empty() && !input::has_key(*o.table, item.field))
      item.message = "'" + item.field + "': " + item.message;
    named.add(std::move(item));
  }
  return input::place_fields(named, *o.doc, *o.table);
}

// Runs one scenario (the `index`-th of the run, from 1) and names it in every table's context and
// every step of its derivation.
// --fractions (`fractions`): its exact probabilities shown as fractions.
Expected<Scenario> run_one(const data::Tables& tables, const std::string& command, const Options& opt, const Origin& o,
                           bool explain, const std::optional<std::string>& name, int index, bool fractions) {
  Expected<Scenario> s = command_named(command).run(tables, opt, explain);
  if (!s) return place_errors(s.error(), o);
  if (fractions) report::show_fractions(s->tables, kInexactNote);
  report::Table listed(scenarios_spec());
  listed.add_row({command});
  s->tables.push_back(std::move(listed));
  for (auto& t : s->tables) {
    t.set_context(fields::kScenario, std::to_string(index));
    t.set_context(fields::kName, name.value_or(""));
    if (name) t.title = *name + ": " + t.title;
  }
  if (name)
    for (auto& c : s->charts) c.title = *name + ": " + c.title;
  // The steps of a scenario of a file are about it: its name, else its place in the run.
  if (name)
    report::with_subject(s->explain, *name);
  else if (o.doc)
    report::with_subject(s->explain, "scenario " + std::to_string(index));
  return s;
}

void add_scenario(report::Report& rep, Scenario&& s) {
  for (auto& t : s.tables) rep.tables.push_back(std::move(t));
  for (auto& l : s.explain) rep.explain.push_back(std::move(l));
  for (auto& c : s.charts) rep.charts.push_back(std::move(c));
}

// One scenario table of a file, read and waiting to run.
struct Pending {
  std::string command;
  Options opt;
  Origin origin;
  std::optional<std::string> name;
};

// Parses every input; a file that cannot be read stops the run (exit 66), a syntax error is
// collected with the others.
Expected<std::vector<input::Document>> parse_inputs(const std::vector<std::string>& inputs, Diagnostics& diags) {
  std::vector<input::Document> docs;
  docs.reserve(inputs.size());
  for (const auto& path : inputs) {
    auto text = input::read_input(path);
    if (!text) return text.error();
    auto doc = input::parse(std::move(*text), path == "-" ? "<stdin>" : path);
    if (!doc) {
      diags.append(doc.error());
      continue;
    }
    docs.push_back(std::move(*doc));
  }
  return docs;
}

// Reads one [[<command>]] table into its request; nothing when it has an error (in `diags`).
std::optional<Pending> read_scenario(const input::Document& doc, const toml::table& t, const std::string& command,
                                     Diagnostics& diags) {
  Diagnostics local;
  input::TableReader r(doc, t, local, "[[" + command + "]]");
  Pending pe;
  pe.command = command;
  pe.origin = Origin{&doc, &t};
  pe.name = r.string("name", input::Need::optional);
  command_named(command).read(r, pe.opt);
  r.finish();
  if (!local.empty()) {
    diags.append(local);
    return std::nullopt;
  }
  return pe;
}

// Reads the scenario tables of `doc` in the order they are written (a TOML table iterates its keys
// alphabetically: the arrays of each kind are merged by line; tables on one line keep the order of
// their kinds' names, then of their arrays), each into its request handed to `use` one at a time
// (none is kept here); the reading errors go to `diags`. `use` returns false to stop. Returns
// false when it did.
template <class Use>
bool visit_scenarios(const input::Document& doc, Diagnostics& diags, Use use) {
  const std::vector<std::string> names = command_names();
  input::check_top_level(doc, names, diags);
  const size_t errors_before = diags.items().size();
  struct Kind {
    std::string command;
    std::vector<const toml::table*> tables;
    size_t next = 0;
  };
  std::vector<Kind> kinds;
  for (const auto& [key, node] : input::entries(doc.root)) {
    std::string command(key);
    if (std::find(names.begin(), names.end(), command) == names.end()) continue;
    auto found = input::tables_in(doc, *node, command, diags);
    kinds.push_back({std::move(command), std::move(found)});
  }
  bool any = false;
  for (;;) {
    Kind* first = nullptr;
    size_t first_line = 0;
    for (auto& k : kinds) {
      if (k.next == k.tables.size()) continue;
      const size_t line = doc.pos(*k.tables[k.next]).line;
      if (first == nullptr || line < first_line) {
        first = &k;
        first_line = line;
      }
    }
    if (first == nullptr) break;
    auto pe = read_scenario(doc, *first->tables[first->next++], first->command, diags);
    if (!pe) continue;
    any = true;
    if (!use(std::move(*pe))) return false;
  }
  if (!any && diags.items().size() == errors_before) {
    const SourcePos p{doc.name, 1, 1};
    diags.error(p, "no scenario in the file: add " + table_list() + " tables", doc.line(1));
  }
  return true;
}

// Reads every scenario table of every file first, so that all errors are reported together; in
// the order they are written.
std::vector<Pending> read_scenarios(const std::vector<input::Document>& docs, Diagnostics& diags) {
  std::vector<Pending> pending;
  for (const auto& doc : docs)
    visit_scenarios(doc, diags, [&](Pending&& pe) {
      pending.push_back(std::move(pe));
      return true;
    });
  return pending;
}

// The diagnostics in the order of the files and, within a file, of the lines. Every diagnostic
// is placed by now: its file is an input's name.
Diagnostics in_file_order(const Diagnostics& diags, const std::vector<input::Document>& docs) {
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

// Every scenario of the input files. Scenarios that read cleanly are still run, so that their rule
// errors join the reading errors.
// `diags`: the syntax errors of the inputs, `docs` those that parsed.
Expected<bool> run_files(const data::Tables& tables, const cli::CommonOptions& common, bool fractions,
                         const std::vector<input::Document>& docs, Diagnostics diags, report::Report& rep) {
  int index = 0;
  for (const auto& pe : read_scenarios(docs, diags)) {
    auto s = run_one(tables, pe.command, pe.opt, pe.origin, common.explain, pe.name, ++index, fractions);
    if (!s) {
      diags.append(s.error());
      continue;
    }
    add_scenario(rep, std::move(*s));
  }
  if (!diags.empty()) return in_file_order(diags, docs);
  return true;
}

// --- a batch written as it is made ----------------------------------------------------------------
//
// The scenarios of the input files, every format but with --explain, --chart, --svg, --table or
// house rules, are not held: a first pass runs each for its errors (and the tables it makes), a
// second runs each again and writes it (text and markdown: its tables, as render_text and
// render_markdown lay out each table by itself; csv: the main table's rows), and JSON runs them
// once more for each array that has rows. Each pass reads the scenario tables again from the parsed
// documents (visit_scenarios), one at a time: so memory holds the documents (parsed whole) and one
// scenario, whatever the number of scenarios.

// The inputs of a streamed batch: the documents (kept: each pass reads its scenarios from them).
struct Batch {
  std::vector<input::Document> docs;
  size_t count = 0;            ///< the scenarios read
  bool distributions = false;  ///< --distributions: the tables declared on_request kept
  bool fractions = false;      ///< --fractions
  report::Format format = report::Format::text;
  std::vector<const report::TableSpec*> filled;  ///< the JSON arrays with rows, in the document's order
  std::string main_table;                        ///< the table csv writes (the first scenario's first)
  bool hold = false;  ///< a figure out of range: the report is held, and the error reported as for any
};

// Runs the `index`-th scenario of the batch (from 0), `pe`, and drops the tables the output leaves
// out (those on request, without --distributions), as run_and_write does for a report held.
Expected<Scenario> run_batch_one(const data::Tables& tables, const Batch& b, const Pending& pe, size_t index) {
  auto s = run_one(tables, pe.command, pe.opt, pe.origin, false, pe.name, static_cast<int>(index) + 1, b.fractions);
  if (s && !b.distributions)
    std::erase_if(s->tables, [](const report::Table& t) { return t.spec != nullptr && t.spec->on_request; });
  return s;
}

// One pass over the scenarios of the batch, read again from its documents: `use(scenario)` for each
// one run, in order; the pass stops at the first error `use` returns (or a scenario's error:
// the first pass found none).
template <class Use>
Diagnostics batch_pass(const data::Tables& tables, const Batch& b, Use use) {
  Diagnostics stop, unused;  // the reading errors were reported by the first pass
  size_t index = 0;
  for (const auto& doc : b.docs) {
    const bool went_on = visit_scenarios(doc, unused, [&](Pending&& pe) {
      auto s = run_batch_one(tables, b, pe, index++);
      stop = s ? use(*s) : s.error();
      return stop.empty();
    });
    if (!went_on) break;
  }
  return stop;
}

// Text or markdown: each scenario's tables as the renderer lays them out, a blank line between
// tables (render_text and render_markdown lay out each table by itself).
Diagnostics write_people(std::ostream& os, const data::Tables& tables, const Batch& b) {
  const size_t width = cli::output_width(&os);
  bool first = true;
  return batch_pass(tables, b, [&](Scenario& s) {
    std::vector<report::Table> scratch;
    if (report::shown_to(s.tables, report::Shown::people, scratch).empty()) return Diagnostics{};
    if (!first) os << '\n';
    first = false;
    os << (b.format == report::Format::text ? report::render_text(s.tables, width) : report::render_markdown(s.tables));
    return Diagnostics{};
  });
}

// csv: the main table's rows of every scenario under one header (tables of one name have one shape).
Diagnostics write_csv(std::ostream& os, const data::Tables& tables, const Batch& b, report::CsvFormulas formulas) {
  bool first = true;
  return batch_pass(tables, b, [&](Scenario& s) {
    std::vector<report::Table> named;
    for (auto& t : s.tables)
      if (report::table_name(t) == b.main_table) named.push_back(std::move(t));
    if (named.empty()) return Diagnostics{};
    const std::string text = report::render_csv(named, formulas);
    const size_t skip = first ? 0 : text.find("\r\n") + 2;  // the header row, written once
    first = false;
    os.write(text.data() + skip, static_cast<std::streamsize>(text.size() - skip));
    return Diagnostics{};
  });
}

// The JSON objects of the tables of `s` of `spec`, each after `before` (",\n    " after the first).
void append_objects(std::string& text, const Scenario& s, const report::TableSpec* spec, const char*& before) {
  for (const auto& t : s.tables) {
    if (t.spec != spec) continue;
    if (spec->layout == report::Layout::record) {
      text += before;
      before = ",\n    ";
      report::append_json_record(text, t, 2);
      continue;
    }
    const report::JsonRows rows(t, 2);
    for (const auto& row : t.rows) {
      text += before;
      before = ",\n    ";
      rows.append(text, row);
    }
  }
}

// JSON: the document as render_json writes it with no table (every array empty), each array with
// rows filled by a pass over the scenarios that writes the objects of its tables.
Diagnostics write_json(std::ostream& os, const data::Tables& tables, const Batch& b) {
  report::Report empty;
  empty.document = &scenarios_doc();
  const std::string frame = json::dump(report::render_json(empty, false));
  size_t at = 0;
  for (const report::TableSpec* spec : b.filled) {
    const std::string key = "\"" + report::json_key(spec->name) + "\": [";
    const size_t open = frame.find(key, at) + key.size();
    os.write(frame.data() + at, static_cast<std::streamsize>(open - at));
    at = open;
    std::string text;
    const char* before = "\n    ";
    auto d = batch_pass(tables, b, [&](const Scenario& s) {
      text.clear();
      append_objects(text, s, spec, before);
      os << text;
      return Diagnostics{};
    });
    if (!d.empty()) return d;
    os << "\n  ";
  }
  os.write(frame.data() + at, static_cast<std::streamsize>(frame.size() - at));
  return {};
}

// Whether the batch can be streamed: files (not a subcommand), no --explain, --chart, --svg or
// --table (each needs the whole report), no house rules (their report is checked whole), and a
// caller that does not keep the report (cli::CommonOptions::hold).
bool streamable(const data::Tables& tables, const cli::CommonOptions& common) {
  return !common.inputs.empty() && !common.hold && !common.explain && !common.chart && common.svg.empty() &&
         common.table.empty() && !tables.house_rules_in_effect() && report::parse_format(common.format).has_value();
}

// The first pass: every scenario read and run for its errors, its figures checked
// (report::figure_out_of_range) and the arrays it fills noted. Returns the errors of the input
// (none: the batch can be written).
Diagnostics check_batch(const data::Tables& tables, Batch& b) {
  Diagnostics diags;
  std::vector<bool> filled(scenarios_doc().tables.size(), false);
  for (const auto& doc : b.docs)
    visit_scenarios(doc, diags, [&](Pending&& pe) {
      auto s = run_batch_one(tables, b, pe, b.count++);
      if (!s) {
        diags.append(s.error());
        return true;
      }
      report::Report one;
      one.tables = std::move(s->tables);
      if (report::figure_out_of_range(one)) b.hold = true;
      if (!diags.empty() || b.hold) return true;
      if (b.main_table.empty()) b.main_table = report::main_table_name(one);
      for (size_t k = 0; k < filled.size(); ++k)
        for (const auto& t : one.tables) filled[k] = filled[k] || t.spec == scenarios_doc().tables[k];
      return true;
    });
  if (!diags.empty()) return in_file_order(diags, b.docs);
  for (size_t k = 0; k < filled.size(); ++k)
    if (filled[k] && scenarios_doc().tables[k]->shown != report::Shown::people)
      b.filled.push_back(scenarios_doc().tables[k]);
  return {};
}

// The scenarios of the input files: streamed (see above) when they can be, else held in `rep`.
// The inputs are parsed once (standard input cannot be read twice).
Expected<bool> run_inputs(const data::Tables& tables, const cli::CommonOptions& common, bool fractions,
                          report::Report& rep) {
  auto b = std::make_shared<Batch>();
  Diagnostics diags;
  auto docs = parse_inputs(common.inputs, diags);
  if (!docs) return docs.error();
  b->docs = std::move(*docs);
  // A syntax error is reported with the others, as for a report held.
  if (!streamable(tables, common) || !diags.empty()) return run_files(tables, common, fractions, b->docs, diags, rep);
  b->distributions = common.distributions;
  b->fractions = fractions;
  b->format = *report::parse_format(common.format);
  if (auto errors = check_batch(tables, *b); !errors.empty()) return errors;
  if (b->count < 2 || b->hold || b->main_table.empty())
    return run_files(tables, common, fractions, b->docs, diags, rep);
  const auto formulas = common.csv_formulas ? report::CsvFormulas::keep : report::CsvFormulas::guard;
  rep.write = [&tables, b, formulas](std::ostream& os) {
    switch (b->format) {
      case report::Format::csv:
        return write_csv(os, tables, *b, formulas);
      case report::Format::json:
        return write_json(os, tables, *b);
      default:
        return write_people(os, tables, *b);
    }
  };
  return true;
}

}  // namespace

Expected<report::Report> run(const data::Tables& tables, const Options& opt, const cli::CommonOptions& common) {
  const std::string& command = opt.command;
  if (!command.empty() && !common.inputs.empty())
    return cli::usage_error("", "give either a subcommand with its options or input files, not both");
  if (command.empty() && common.inputs.empty() && !cli::read_standard_input(common))
    return cli::usage_error("",
                            "nothing to do: give a subcommand (" + names_text() + ") or TOML input files; see --help");
  if (auto refused = cli::refuse_fractions_in_csv(opt.fractions, common)) return *refused;
  report::Report rep;
  rep.document = &scenarios_doc();
  // Why --chart and --svg have nothing to draw, when no scenario has a distribution.
  std::string no_chart = "no scenario of the input files has a distribution to chart";
  if (!command.empty()) {
    auto s = run_one(tables, command, opt, Origin{}, common.explain, std::nullopt, 1, opt.fractions);
    if (!s) return s.error();
    no_chart = s->no_chart;
    add_scenario(rep, std::move(*s));
  } else if (auto ran = run_inputs(tables, common, opt.fractions, rep); !ran) {
    return ran.error();
  }
  if ((common.chart || !common.svg.empty()) && rep.charts.empty())
    return cli::usage_error(common.chart ? "--chart" : "--svg", no_chart);
  return rep;
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::fire_app
