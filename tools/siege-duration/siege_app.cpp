// siege_app.cpp - siege-duration: reads one siege description (siege::read_siege) and runs
// every method it allows (simplified siege, bombardment, artillery duel, seed 001 structures,
// the Siege Machine), or the one chosen; each method is in its own file (methods.hpp).
#include "siege-duration/siege_app.hpp"

#include <algorithm>

#include "gunpowder/input/document.hpp"

#include "common/provenance.hpp"
#include "siege-duration/fields.hpp"
#include "siege-duration/methods.hpp"
#include "siege-duration/ruled.hpp"
#include "siege-duration/tables.hpp"

namespace gunpowder::siege_app {

using report::Table;

namespace {

// The sides as read: their names and units, their artillery lines and their engines (programs).
void side_tables(const siege::Siege& sg, report::Report& rep) {
  Table sides = table_of(tables::sides()), art = table_of(tables::artillery()), eng = table_of(tables::engines());
  for (int d = 0; d < 2; ++d) {
    const siege::Side& s = d ? sg.defender : sg.besieger;
    const char* side = side_name(d == 1);
    sides.add_row({side, report::cell::text_or_none(s.name), report::cell::integer(s.units)});
    for (const auto& e : s.artillery)
      art.add_row({side, e.piece->name, report::cell::integer(e.count), report::cell::trimmed(e.range_yd),
                   artillery::to_string(e.carriage), report::cell::integer(e.spiked)});
    for (const auto& e : s.engines)
      eng.add_row({side, e.type, report::cell::integer(e.count),
                   report::cell::integer(e.bonus_units ? std::optional<long long>(*e.bonus_units) : std::nullopt)});
  }
  rep.tables.push_back(std::move(sides));
  rep.tables.push_back(std::move(art));
  rep.tables.push_back(std::move(eng));
}

// Spiking the Guns (p. 18): a spiked piece cannot fire until the spike is removed, a
// construction project of 1 gp needing Craft (Gunsmith).
void spiked_report(const data::Tables& run_tables, const siege::Rules& rules, const siege::Siege& sg,
                   report::Report& rep) {
  Table t = table_of(tables::spiked());
  t.title = "Spiked guns (" + rules.duel.spiking_source + ")";
  for (int d = 0; d < 2; ++d)
    for (const auto& e : (d ? sg.defender : sg.besieger).artillery) {
      if (!e.spiked) continue;
      const double cost = e.spiked * rules.duel.spike_removal_gp;
      t.add_row({side_name(d == 1), e.piece->name, report::cell::integer(e.spiked), gp_cell(cost)},
                source_of(cli::ruled(run_tables, "artillery", {"rules.spiking.removal_cost_gp"})));
    }
  if (t.rows.empty()) return;
  t.notes.push_back(
      "a spiked piece cannot fire and counts for nothing until its spike is removed: a construction "
      "project of " +
      gp(rules.duel.spike_removal_gp) + " gp each, Craft (Gunsmith)");
  rep.tables.push_back(std::move(t));
}

Table stronghold_table(const data::Tables& run_tables, const siege::Rules& rules, const siege::Stronghold& st) {
  Table t = table_of(tables::stronghold());
  int mult = 1;
  if (st.site)
    if (const auto* m = rules.duration.site(*st.site)) mult = m->multiplier;
  t.add_row(
      {report::cell::text_or_none(st.name), report::cell::trimmed(st.shp), st.shp_source, siege::to_string(st.material),
       st.site ? report::Cell(*st.site) : report::cell::none(), report::cell::integer(mult)},
      source_of(cli::either(shp_rule(run_tables, st),
                            st.site ? cli::ruled(run_tables, "siege_duration", {"site_multiplier"}) : std::nullopt)));
  return t;
}

/// The methods in report order, with their --method name.
struct Method {
  const char* option;
  bool needs_siege;  ///< runs on [stronghold], [besieger] and [defender]
  MethodResult (*run)(const Context&);
};
constexpr Method kMethods[] = {
    {"simplified", true, &run_simplified},  {"bombardment", true, &run_bombardment},      {"duel", true, &run_duel},
    {"structures", false, &run_structures}, {"siege-machine", false, &run_siege_machine},
};

// Runs every method asked for; each one run is a row of c.methods (a skipped one is, by skip()).
std::optional<Diagnostics> run_methods(const Context& c) {
  const bool any_siege_method =
      c.all() || c.opt.method == "simplified" || c.opt.method == "bombardment" || c.opt.method == "duel";
  if (any_siege_method && !c.in.siege) {
    if (!c.all())
      return cli::usage_error("--method", c.opt.method + " needs [stronghold], [besieger] and [defender] in the input");
    for (const char* m : {"simplified", "bombardment", "duel"}) c.skip(m, "no [stronghold], [besieger] and [defender]");
  }
  for (const auto& m : kMethods) {
    if (!c.all() && c.opt.method != m.option) continue;
    if (m.needs_siege && !c.in.siege) continue;
    auto r = m.run(c);
    if (!r) return r.error();
    if (*r) c.methods.add_row({m.option, report::cell::boolean(true), report::cell::none()});
  }
  return std::nullopt;
}

}  // namespace

Expected<report::Report> run(const data::Tables& run_tables, const Options& opt, const cli::CommonOptions& common) {
  auto rules_or = siege::load_rules(run_tables);
  if (!rules_or) return rules_or.error();
  auto cat_or = artillery::load_catalogue(run_tables);
  if (!cat_or) return cat_or.error();
  const siege::Rules& rules = **rules_or;

  const bool flags = has_siege_flags(opt);
  if (flags && !common.inputs.empty())
    return cli::usage_error("", "give an input file or the siege as flags (--shp, --besieger-units, ...), not both");
  if (!flags && common.inputs.size() != 1 && !cli::read_standard_input(common))
    return cli::usage_error("", "give exactly one input file (or - for standard input), or the siege as flags");
  if (opt.method != "all")
    for (const MethodOption& m : method_options())
      if (std::find(opt.method_options_given.begin(), opt.method_options_given.end(), m.name) !=
              opt.method_options_given.end() &&
          std::find(m.methods.begin(), m.methods.end(), opt.method) == m.methods.end()) {
        std::string which;
        for (size_t i = 0; i < m.methods.size(); ++i)
          which += (i == 0 ? "" : i + 1 == m.methods.size() ? " and " : ", ") + m.methods[i];
        return cli::usage_error(m.name, "applies to --method " + which + ", not " + opt.method);
      }
  const std::string path = flags ? std::string(kFlagsName) : common.inputs.front();
  // A batch of [[structure]] tables is written as it is made (structures_stream.cpp); else, or when
  // it cannot be, the input is read whole (standard input is read once, by the Source).
  const input::Source source = input::Source::file(flags ? std::string() : path);
  if (!flags)
    if (auto streamed = run_structures_streamed(run_tables, rules, **cat_or, opt, common, source))
      return std::move(*streamed);
  auto text = flags ? siege_flags_toml(opt) : source.whole();
  if (!text) return text.error();
  const std::string made = flags ? *text : std::string();  // the description the flags made
  auto doc = input::parse(std::move(*text), path == "-" ? "<stdin>" : path);
  if (!doc) return flags ? on_siege_flags(doc.error(), made) : doc.error();
  auto in = siege::read_siege(run_tables, *doc, rules, **cat_or, opt.pi);
  if (!in) return flags ? on_siege_flags(in.error(), made) : in.error();
  // A battery with nothing to fire at would change nothing and say nothing.
  if (opt.battery && in->structures.empty())
    return cli::usage_error("--battery", "the input has no [[structure]] tables for the battery to fire at");

  report::Report rep;
  rep.document = &tables::document();
  Table methods = table_of(tables::methods());
  const Context c{run_tables, opt, rules, **cat_or, *doc, *in, rep, methods, common.explain, common.table};
  if (in->siege) spiked_report(run_tables, rules, *in->siege, rep);
  if (auto error = run_methods(c)) return flags ? on_siege_flags(*error, made) : *error;

  // What was read, for programs: after the tables people see (csv's main table stays the first).
  Table run_t = table_of(tables::run());
  run_t.add_row({doc->name, opt.method});
  rep.tables.push_back(std::move(run_t));
  rep.tables.push_back(std::move(methods));
  if (in->siege) {
    rep.tables.push_back(stronghold_table(run_tables, rules, in->siege->stronghold));
    side_tables(*in->siege, rep);
  }
  return rep;
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::siege_app
