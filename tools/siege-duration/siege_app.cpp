// siege_app.cpp - siege-duration: reads one siege description (siege::read_siege) and runs
// every method it allows (simplified siege, bombardment, artillery duel, seed 001 structures,
// the Siege Machine), or the one chosen; each method is in its own file (methods.hpp).
#include "siege-duration/siege_app.hpp"

#include "siege-duration/methods.hpp"

namespace gunpowder::siege_app {

using report::Align;
using report::Table;

namespace {

json::Value side_json(const siege::Side& s) {
  json::Value o = json::object();
  o.set("name", s.name.empty() ? json::Value() : json::Value(s.name));
  o.set("units", s.units);
  json::Value a = json::array();
  for (const auto& e : s.artillery) {
    json::Value p = json::object();
    p.set("piece", e.piece->name);
    p.set("count", e.count);
    p.set("range_yd", opt_num(e.range_yd));
    p.set("carriage", artillery::to_string(e.carriage));
    p.set("spiked", e.spiked);
    a.push(std::move(p));
  }
  o.set("artillery", std::move(a));
  json::Value g = json::array();
  for (const auto& e : s.engines) {
    json::Value p = json::object();
    p.set("type", e.type);
    p.set("count", e.count);
    p.set("bonus_units", opt_int(e.bonus_units));
    g.push(std::move(p));
  }
  o.set("engines", std::move(g));
  return o;
}

// Spiking the Guns (p. 18): a spiked piece cannot fire until the spike is removed, a
// construction project of 1 gp needing Craft (Gunsmith).
json::Value spiked_report(const siege::Rules& rules, const siege::Siege& sg, report::Report& rep) {
  json::Value out = json::array();
  Table t;
  t.title = "Spiked guns (" + rules.duel.spiking_source + ")";
  t.add_column("side", "Side")
      .add_column("piece", "Piece")
      .add_column("spiked", "Spiked", Align::right)
      .add_column("removal_gp", "Removal gp", Align::right);
  for (int d = 0; d < 2; ++d)
    for (const auto& e : (d ? sg.defender : sg.besieger).artillery) {
      if (!e.spiked) continue;
      const double cost = e.spiked * rules.duel.spike_removal_gp;
      t.add_row({d ? "defender" : "besieger", e.piece->name, report::cell::integer(e.spiked), gp_cell(cost)});
      json::Value o = json::object();
      o.set("side", d ? "defender" : "besieger");
      o.set("piece", e.piece->name);
      o.set("spiked", e.spiked);
      o.set("removal_gp", cost);
      out.push(std::move(o));
    }
  if (!t.rows.empty()) {
    t.notes.push_back(
        "a spiked piece cannot fire and counts for nothing until its spike is removed: a construction "
        "project of " +
        gp(rules.duel.spike_removal_gp) + " gp each, Craft (Gunsmith); spiking takes " +
        std::to_string(rules.duel.spike_rounds) + " stationary round adjacent to the piece");
    rep.tables.push_back(std::move(t));
  }
  return out;
}

json::Value stronghold_json(const siege::Rules& rules, const siege::Stronghold& st) {
  json::Value s = json::object();
  s.set("name", st.name.empty() ? json::Value() : json::Value(st.name));
  s.set("shp", st.shp);
  s.set("shp_source", st.shp_source);
  s.set("material", siege::to_string(st.material));
  s.set("site", st.site ? json::Value(*st.site) : json::Value());
  int mult = 1;
  if (st.site)
    if (const auto* m = rules.duration.site(*st.site)) mult = m->multiplier;
  s.set("site_multiplier", mult);
  return s;
}

/// The methods in report order, with their --method name and their JSON key.
struct Method {
  const char* option;
  const char* key;
  bool needs_siege;  ///< runs on [stronghold], [besieger] and [defender]
  MethodResult (*run)(const Context&);
};
constexpr Method kMethods[] = {
    {"simplified", "simplified", true, &run_simplified},
    {"bombardment", "bombardment", true, &run_bombardment},
    {"duel", "duel", true, &run_duel},
    {"structures", "structures", false, &run_structures},
    {"siege-machine", "siege_machine", false, &run_siege_machine},
};

// Runs every method asked for; `results` gets each one's JSON (null when not run).
std::optional<Diagnostics> run_methods(const Context& c, json::Value& methods, std::vector<json::Value>& results) {
  const bool any_siege_method =
      c.all() || c.opt.method == "simplified" || c.opt.method == "bombardment" || c.opt.method == "duel";
  if (any_siege_method && !c.in.siege) {
    if (!c.all())
      return cli::usage_error("--method", c.opt.method + " needs [stronghold], [besieger] and [defender] in the input");
    for (const char* m : {"simplified", "bombardment", "duel"}) c.skip(m, "no [stronghold], [besieger] and [defender]");
  }
  for (const auto& m : kMethods) {
    results.emplace_back();
    if (!c.all() && c.opt.method != m.option) continue;
    if (m.needs_siege && !c.in.siege) continue;
    auto r = m.run(c);
    if (!r) return r.error();
    if (r->is_null()) continue;
    methods.push(m.option);
    results.back() = std::move(*r);
  }
  return std::nullopt;
}

}  // namespace

Expected<report::Report> run(const Options& opt, const cli::CommonOptions& common) {
  auto rules_or = siege::load_rules();
  if (!rules_or) return rules_or.error();
  auto cat_or = artillery::load_catalogue();
  if (!cat_or) return cat_or.error();
  const siege::Rules& rules = **rules_or;

  if (common.inputs.size() != 1) return cli::usage_error("", "give exactly one input file (or - for standard input)");
  const std::string& path = common.inputs.front();
  auto text = input::read_input(path);
  if (!text) return text.error();
  auto doc = input::parse(std::move(*text), path == "-" ? "<stdin>" : path);
  if (!doc) return doc.error();
  auto in = siege::read_siege(*doc, rules, **cat_or, opt.pi);
  if (!in) return in.error();

  report::Report rep;
  json::Value skipped = json::array();
  const Context c{opt, rules, **cat_or, *doc, *in, rep, skipped};
  json::Value spiked = in->siege ? spiked_report(rules, *in->siege, rep) : json::array();
  json::Value methods = json::array();
  std::vector<json::Value> results;
  if (auto error = run_methods(c, methods, results)) return *error;

  json::Value& j = rep.json;
  j = json::document(kInfo.name, "siege", 2);
  j.set("tool", kInfo.name);
  j.set("input", doc->name);
  j.set("method", opt.method);
  j.set("stronghold", in->siege ? stronghold_json(rules, in->siege->stronghold) : json::Value());
  j.set("besieger", in->siege ? side_json(in->siege->besieger) : json::Value());
  j.set("defender", in->siege ? side_json(in->siege->defender) : json::Value());
  j.set("spiked", std::move(spiked));
  j.set("methods", std::move(methods));
  j.set("skipped", std::move(skipped));
  for (size_t i = 0; i < results.size(); ++i) j.set(kMethods[i].key, std::move(results[i]));
  return rep;
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::siege_app
