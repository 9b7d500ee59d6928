// war_app.cpp - war-machine: rate forces, the exact odds of a battle (or one rolled battle and
// its consequences, chained over rounds), movement and forced march, and the simple siege's
// weekly projection (War Machine, seed 004).
#include "war-machine/war_app.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <map>
#include <ostream>
#include <random>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/core/parallel.hpp"
#include "common/progress.hpp"
#include "gunpowder/core/rng.hpp"
#include "gunpowder/input/reader.hpp"
#include "gunpowder/war/war_input.hpp"

namespace gunpowder::war_app {

using fmtnum::trim;
using input::Need;
using input::TableReader;
using report::Align;
using report::Table;
using war::Fatigue;
using war::Force;
using war::Location;
using war::Role;

const cli::ToolInfo kInfo{
    "war-machine",
    "The War Machine mass-combat system (seed 004): rate a force (basic force rating itemised, troop class, the "
    "twelve battle-rating statements, battle rating, or the quick rating), the exact odds of a battle over all "
    "10,000 pairs of d100 rolls with every adjustment itemised, one rolled battle applied to the forces and "
    "chained over rounds, movement, forced march and foraging, and the simple siege week by week.",
    "Examples:\n"
    "  war-machine rate prince.toml                       BFR, troop class, statements and BR of each [[force]]\n"
    "  war-machine battle field.toml --format json        exact odds, results rows, casualties, fatigue, location\n"
    "  war-machine battle field.toml --roll --seed 7      one battle rolled and applied to the forces\n"
    "  war-machine battle field.toml --roll --seed 7 --rounds 5 --write-forces after.toml\n"
    "  war-machine battle field.toml --tie-policy defender --casualties multiply --explain\n"
    "  war-machine march --troops 300 --class good --rate 120\n"
    "  war-machine siege field.toml --weeks 8 --food-weeks 3\n"
    "Input: [[force]] tables (name, troops, and one of br, bfr, [force.factors], [force.quick]); an optional\n"
    "[battle] table; see war-machine(1)."};

namespace {

/// Runs fn(from, to) over [0, n): on two threads (the halves at once) when n >= threshold, else
/// on this one. Each index is independent and writes only its own slot, so results keep the
/// input order and do not depend on the split.
template <class Fn>
void split_work(size_t n, size_t threshold, Fn&& fn) {
  parallel::ranges(n, n >= threshold && n >= 2 ? 2 : 1, [&](unsigned, size_t from, size_t to) { fn(from, to); });
}

/// Below this many items, one thread does the work (a thread costs more than it saves).
constexpr size_t kThreadedMin = 256;

constexpr std::int64_t kMaxTroops = war::kMaxInputTroops;
constexpr double kMaxRating = war::kMaxInputRating;

const std::vector<std::string> kForceKeys = {
    "name", "side", "role", "troops", "br", "bfr", "factors", "quick", "troop_class", "mounted_pct", "missile_pct",
    "missile_100ft_pct", "magical_pct", "spells_pct", "flying_pct", "movement_ft", "statements", "situation",
    "fatigue", "tactic", "opponent", "split", "wounded"};

// ---------------------------------------------------------------------------------------------
// Input

struct BattleFileSettings {
  std::optional<bool> siege_machine, simple_siege;
  std::optional<int> weeks_besieged;
  std::optional<std::string> tie_policy, casualty_reading, ratio_reading;
  bool present = false;
};

struct InputForce {
  Force force;
  std::vector<std::int64_t> split;
  const input::Document* doc = nullptr;
  const toml::table* table = nullptr;
};

struct InputFile {
  BattleFileSettings settings;
  std::vector<InputForce> forces;
};

void read_force(const war::Rules& R, const war::ForceVocabulary& vocab, const input::Document& doc, const toml::table& t,
                Diagnostics& d, std::vector<InputForce>& out) {
  TableReader r(doc, t, d, "[[force]]");
  InputForce in;
  in.doc = &doc;
  in.table = &t;
  Force& f = in.force;
  f.name = r.string("name", Need::required).value_or("");
  if (r.has("name") && f.name.empty()) r.error_at("name", "a force needs a non-empty name");
  f.troops = r.integer("troops", Need::required, {1, static_cast<double>(kMaxTroops)}).value_or(0);
  if (auto role = r.string("role", Need::optional, {"attacker", "defender"}))
    f.role = *role == "attacker" ? Role::attacker : Role::defender;
  f.side = r.string("side", Need::optional).value_or("");
  war::read_force_rating(R, vocab, doc, r, d, f, "force '" + f.name + "'", "force");
  if (const auto* a = r.array("situation", Need::optional)) {
    for (const auto& n : *a) {
      if (auto s = n.value<std::string>()) f.situation.push_back(*s);
      else r.error_at("situation", "'situation' must list adjustment ids (strings)");
    }
    for (const auto& [id, msg] : war::check_situation(R, f.situation, f.role)) r.error_at("situation", msg);
  }
  if (auto fat = r.string("fatigue", Need::optional, {"none", "moderate", "serious"})) f.fatigue = *war::parse_fatigue(*fat);
  f.tactic = r.string("tactic", Need::optional, vocab.tactics);
  f.opponent = r.string("opponent", Need::optional);
  f.wounded = r.integer("wounded", Need::optional, input::non_negative(static_cast<double>(kMaxTroops))).value_or(0);
  if (const auto* a = r.array("split", Need::optional)) {
    std::int64_t sum = 0;
    bool ok = a->size() >= 2;
    for (const auto& n : *a) {
      const auto v = n.value<std::int64_t>();
      if (!n.is_integer() || !v || *v < 1) ok = false;
      else {
        in.split.push_back(*v);
        sum += *v;
      }
    }
    if (!ok) r.error_at("split", "'split' must list two or more positive troop counts");
    else if (sum != f.troops)
      r.error_at("split", "the parts of 'split' add up to " + std::to_string(sum) + ", not the force's " +
                              std::to_string(f.troops) + " troops");
  }
  r.finish();
  out.push_back(std::move(in));
}

void read_file(const war::Rules& R, const input::Document& doc, InputFile& file, Diagnostics& d) {
  input::check_top_level(doc, {"force", "battle"}, d);
  if (const toml::node* b = doc.root.get("battle")) {
    if (const auto* t = b->as_table()) {
      TableReader r(doc, *t, d, "[battle]");
      auto& s = file.settings;
      s.present = true;
      s.siege_machine = r.boolean("siege_machine", Need::optional);
      s.simple_siege = r.boolean("simple_siege", Need::optional);
      s.weeks_besieged = war::read_opt_int(r, "weeks_besieged", input::non_negative(10000));
      std::vector<std::string> policies;
      for (auto p : {war::TiePolicy::reroll, war::TiePolicy::no_result, war::TiePolicy::defender, war::TiePolicy::higher_br})
        policies.push_back(war::to_string(p));
      s.tie_policy = r.string("tie_policy", Need::optional, policies);
      s.casualty_reading = r.string("casualty_reading", Need::optional, {"points", "multiply"});
      s.ratio_reading = r.string("troop_ratio_reading", Need::optional, {"ceiling", "floor"});
      r.finish();
    } else {
      const SourcePos p = doc.pos(*b);
      d.error(p, "'battle' must be a table ([battle]), got " + input::type_name(*b), doc.line(p.line));
    }
  }
  const toml::node* forces = doc.root.get("force");
  if (!forces) {
    d.error(SourcePos{doc.name, 1, 1}, "no [[force]] table in the file", doc.line(1));
    return;
  }
  const toml::array* arr = forces->as_array();
  if (!arr) {
    const SourcePos p = doc.pos(*forces);
    d.error(p, "'force' must be an array of tables ([[force]]), got " + input::type_name(*forces), doc.line(p.line));
    return;
  }
  file.forces.reserve(file.forces.size() + arr->size());
  const war::ForceVocabulary vocab = war::force_vocabulary(R);
  for (const auto& node : *arr) {
    const toml::table* t = node.as_table();
    if (!t) {
      const SourcePos p = doc.pos(node);
      d.error(p, "each [[force]] must be a table, got " + input::type_name(node), doc.line(p.line));
      continue;
    }
    read_force(R, vocab, doc, *t, d, file.forces);
  }
}

/// Reads and parses every input; all errors of all files at once. A large file of [[force]]
/// tables is parsed in two pieces at once (input::parse_chunked), so one input may give several
/// documents, in file order; positions stay those of the whole file.
Expected<std::vector<input::Document>> load_documents(const cli::CommonOptions& common) {
  std::vector<input::Document> docs;
  Diagnostics d;
  for (const auto& path : common.inputs) {
    auto text = input::read_input(path);
    if (!text) return text.error();
    auto parts = input::parse_chunked(std::move(*text), path == "-" ? "<stdin>" : path, "force", 2);
    if (!parts) {
      d.append(parts.error());
      continue;
    }
    for (auto& doc : *parts) docs.push_back(std::move(doc));
  }
  if (!d.empty()) return d;
  return docs;
}

/// read_file() over every document, the pieces of a large file on two threads; forces and errors
/// in document order, as if read one after the other (the positions in a piece's errors are those
/// of the whole file: input::Document keeps the piece's line offset).
void read_files(const war::Rules& R, std::vector<input::Document>& docs, InputFile& file, Diagnostics& d) {
  if (docs.size() < 2) {
    for (const auto& doc : docs) read_file(R, doc, file, d);
    return;
  }
  std::vector<InputFile> parts(docs.size());
  std::vector<Diagnostics> diags(docs.size());
  split_work(docs.size(), 2, [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) read_file(R, docs[i], parts[i], diags[i]);
  });
  for (const auto& x : diags) d.append(x);
  if (!d.empty()) return;
  size_t total = file.forces.size();
  for (const auto& p : parts) total += p.forces.size();
  file.forces.reserve(total);
  for (size_t i = 0; i < docs.size(); ++i) {
    // Only a whole document can hold [battle] (a file with it is never cut), so its settings
    // are those of the document that has them.
    if (parts[i].settings.present) file.settings = parts[i].settings;
    for (auto& f : parts[i].forces) file.forces.push_back(std::move(f));
  }
}

/// An error about a force, placed at its table (or at `key` in it).
void force_error(Diagnostics& d, const InputForce& f, const std::string& message, std::string_view key = "name") {
  if (f.doc && f.table) {
    TableReader r(*f.doc, *f.table, d, "[[force]]");
    r.error_at(key, message);
  } else {
    d.error({}, message);
  }
}

// ---------------------------------------------------------------------------------------------
// Shared formatting

std::string pct(double p) { return fmtnum::percent(p, 2); }
/// pct(p) of a share p = pairs / 10,000 of the roll pairs: the same text, kept per thread once
/// built (many battles share the same few hundred shares).
std::string pct_pairs(std::int64_t pairs, double p) {
  if (pairs < 0 || pairs > 10000 || p != static_cast<double>(pairs) / 10000.0) return pct(p);
  thread_local std::vector<std::string> made;
  if (made.empty()) made.resize(10001);
  auto& s = made[static_cast<size_t>(pairs)];
  if (s.empty()) s = pct(p);
  return s;
}
/// trim(x, 2), kept per thread for the few casualty percentages the results table prints.
std::string trim2(double x) {
  thread_local std::unordered_map<std::uint64_t, std::string> made;
  if (made.size() >= 4096) return trim(x, 2);
  auto [it, fresh] = made.try_emplace(std::bit_cast<std::uint64_t>(x));
  if (fresh) it->second = trim(x, 2);
  return it->second;
}
std::string fatigue_text(const std::optional<Fatigue>& f) { return f ? war::to_string(*f) : "-"; }
std::string location_text(Location l, int units) {
  if (l == Location::none) return "-";
  std::string s = war::to_string(l);
  if (units > 0) s += "+" + std::to_string(units);
  return s;
}
std::string opt_int_text(const std::optional<int>& v) { return v ? std::to_string(*v) : "-"; }

json::Value opt_json(const std::optional<int>& v) { return v ? json::Value(*v) : json::Value(); }
json::Value opt_json(const std::optional<std::string>& v) { return v ? json::Value(*v) : json::Value(); }
json::Value opt_json(const std::optional<double>& v) { return v ? json::Value(*v) : json::Value(); }

struct Rated {
  Force force;
  war::Rating rating;
  const InputForce* input = nullptr;
  std::string parent;  ///< name of the force it was split from
};

json::Value rating_json(const Rated& x, const std::optional<int>& modified_br) {
  const auto& f = x.force;
  const auto& r = x.rating;
  json::Value o = json::object();
  o.set("name", f.name);
  o.set("side", f.side);
  o.set("role", war::to_string(f.role));
  o.set("troops", f.troops);
  o.set("method", r.method);
  o.set("bfr", opt_json(r.bfr));
  o.set("troop_class", opt_json(r.troop_class));
  o.set("br", r.br);
  o.set("modified_br", opt_json(modified_br));
  json::Value lines = json::array();
  for (const auto& l : r.bfr_lines) {
    json::Value lo = json::object();
    lo.set("factor", l.factor);
    lo.set("id", l.id);
    lo.set("label", l.label);
    lo.set("input", l.input);
    lo.set("points", l.points);
    lo.set("note", l.note);
    lines.push(std::move(lo));
  }
  o.set("bfr_lines", std::move(lines));
  json::Value st = json::array();
  for (const auto& s : r.statements) {
    json::Value so = json::object();
    so.set("letter", std::string(1, s.letter));
    so.set("id", s.id);
    so.set("label", s.label);
    so.set("measured", s.measured);
    so.set("holds", s.holds);
    so.set("in_seed", s.in_seed);
    st.push(std::move(so));
  }
  o.set("statements", std::move(st));
  o.set("statements_true", r.statements_true);
  o.set("bonus_per_statement", r.bonus_per_statement);
  return o;
}

Expected<std::vector<Rated>> rate_all(const war::Rules& R, const std::vector<InputForce>& inputs) {
  // Each force is rated on its own (two threads for many), then joined in input order.
  std::vector<std::optional<Expected<war::Rating>>> ratings(inputs.size());
  split_work(inputs.size(), kThreadedMin, [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) ratings[i].emplace(war::rate_force(R, inputs[i].force));
  });
  std::vector<Rated> out;
  out.reserve(inputs.size());
  Diagnostics d;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const auto& in = inputs[i];
    auto& r = *ratings[i];
    if (!r) {
      for (const auto& item : r.error().items()) force_error(d, in, item.message);
      continue;
    }
    out.push_back({in.force, std::move(*r), &in, ""});
  }
  if (!d.empty()) return d;
  return out;
}

// ---------------------------------------------------------------------------------------------
// rate

void rating_tables(const war::Rules& R, const Rated& x, std::vector<Table>& tables) {
  const auto& r = x.rating;
  if (!r.bfr_lines.empty()) {
    Table t;
    t.title = x.force.name + (r.method == "quick" ? ": quick battle rating (" + R.quick_source + ")"
                                                  : ": basic force rating B' (" + R.bfr_source + ")");
    t.add_column("factor", "Factor")
        .add_column("line", "Line")
        .add_column("input", "Input")
        .add_column("points", "Points", Align::right)
        .add_column("note", "Note");
    int total = 0;
    for (const auto& l : r.bfr_lines) {
      t.add_row({l.factor, l.label, l.input, std::to_string(l.points), l.note});
      total += l.points;
    }
    t.add_row({"", r.method == "quick" ? "BR" : "B'", "", std::to_string(total), ""});
    tables.push_back(std::move(t));
  }
  if (!r.statements.empty()) {
    Table t;
    t.title = x.force.name + ": battle-rating statements (" + R.br_source + ")";
    t.add_column("letter", "#")
        .add_column("statement", "Statement")
        .add_column("measured", "Force")
        .add_column("holds", "Holds");
    for (const auto& s : r.statements)
      t.add_row({std::string(1, s.letter), s.label + (s.in_seed ? "" : " (rules-gaps)"), s.measured, s.holds ? "yes" : "no"});
    t.notes.push_back(std::to_string(r.statements_true) + " true x ceil(B'/" + std::to_string(R.br_bonus_divisor) +
                      ") = " + std::to_string(r.statements_true) + " x " + std::to_string(r.bonus_per_statement) + " = +" +
                      std::to_string(r.statements_true * r.bonus_per_statement));
    tables.push_back(std::move(t));
  }
}

Table summary_table(const std::vector<Rated>& forces) {
  Table t;
  t.title = "Forces";
  t.add_column("name", "Force")
      .add_column("troops", "Troops", Align::right)
      .add_column("method", "Rated by")
      .add_column("bfr", "BFR", Align::right)
      .add_column("troop_class", "Class")
      .add_column("statements_true", "Statements", Align::right)
      .add_column("br", "BR", Align::right);
  for (const auto& x : forces)
    t.add_row({x.force.name, fmtnum::grouped(x.force.troops), x.rating.method, opt_int_text(x.rating.bfr),
               x.rating.troop_class.value_or("-"), x.rating.statements.empty() ? "-" : std::to_string(x.rating.statements_true),
               std::to_string(x.rating.br)});
  return t;
}

Expected<report::Report> run_rate(const war::Rules& R, const cli::CommonOptions& common) {
  if (common.inputs.empty()) return cli::usage_error("rate", "give one or more TOML files with [[force]] tables");
  auto docs = load_documents(common);
  if (!docs) return docs.error();
  InputFile file;
  Diagnostics d;
  read_files(R, *docs, file, d);
  if (!d.empty()) return d;
  auto rated = rate_all(R, file.forces);
  if (!rated) return rated.error();
  report::Report rep;
  const bool js = common.format == "json";
  if (!js) {
    rep.tables.push_back(summary_table(*rated));
    for (const auto& x : *rated) rating_tables(R, x, rep.tables);
  }
  json::Value arr = json::array();
  for (const auto& x : *rated) {
    if (js) arr.push(rating_json(x, std::nullopt));
    if (common.explain)
      for (const auto& l : x.rating.explain) rep.explain.push_back(l);
  }
  rep.json.set("tool", kInfo.name);
  rep.json.set("command", "rate");
  rep.json.set("forces", std::move(arr));
  return rep;
}

// ---------------------------------------------------------------------------------------------
// battle

struct Settings {
  war::BattleSettings battle;
  war::BattleOptions options;
};

Expected<Settings> settings_for(const war::Rules& R, const Options& opt, const BattleFileSettings& fs) {
  Settings s;
  s.options.tie = R.default_tie_policy;
  s.battle.ratio_reading = R.troop_ratio.default_reading;
  s.battle.siege_machine = opt.siege_machine || fs.siege_machine.value_or(false);
  s.battle.simple_siege = opt.simple_siege || fs.simple_siege.value_or(false);
  s.battle.weeks_besieged = opt.weeks_besieged ? *opt.weeks_besieged : fs.weeks_besieged.value_or(0);
  if (auto t = opt.tie_policy ? opt.tie_policy : fs.tie_policy) s.options.tie = *war::parse_tie_policy(*t);
  if (auto c = opt.casualty_reading ? opt.casualty_reading : fs.casualty_reading)
    s.options.casualty_reading = *war::parse_casualty_reading(*c);
  if (auto r = opt.ratio_reading ? opt.ratio_reading : fs.ratio_reading) s.battle.ratio_reading = *war::parse_ratio_reading(*r);
  if (s.battle.weeks_besieged > 0 && !s.battle.simple_siege)
    return cli::usage_error("--weeks-besieged", "goes with the simple siege (--simple-siege or simple_siege = true)");
  return s;
}

struct Sides {
  std::array<std::string, 2> name;
  std::array<std::vector<size_t>, 2> members;  ///< indices into the rated forces
};

/// Splits forces as asked (each part keeps the BR: "Divide forces", l. 68) and sorts them into
/// two sides.
Expected<Sides> make_sides(std::vector<Rated>& rated) {
  const bool any_split = std::any_of(rated.begin(), rated.end(), [](const Rated& x) { return x.input && !x.input->split.empty(); });
  if (any_split) {
    std::vector<Rated> expanded;
    for (auto& x : rated) {
      if (x.input && !x.input->split.empty()) {
        for (size_t k = 0; k < x.input->split.size(); ++k) {
          Rated part = x;
          part.parent = x.force.name;
          part.force.name = x.force.name + " " + std::to_string(k + 1);
          part.force.troops = x.input->split[k];
          part.force.wounded = 0;
          expanded.push_back(std::move(part));
        }
      } else {
        expanded.push_back(std::move(x));
      }
    }
    rated = std::move(expanded);
  }
  Diagnostics d;
  std::unordered_set<std::string_view> names;
  names.reserve(rated.size());
  for (const auto& x : rated)
    if (!names.insert(x.force.name).second)
      force_error(d, *x.input, "two forces are named '" + x.force.name + "'");
  if (!d.empty()) return d;
  Sides s;
  std::vector<std::string> keys;
  for (auto& x : rated) {
    auto& f = x.force;
    if (f.side.empty()) f.side = f.role != Role::none ? war::to_string(f.role) : (x.parent.empty() ? f.name : x.parent);
    if (std::find(keys.begin(), keys.end(), f.side) == keys.end()) keys.push_back(f.side);
  }
  if (keys.size() != 2) {
    const bool all_defend = std::all_of(rated.begin(), rated.end(), [](const Rated& x) { return x.force.role == Role::defender; });
    if (keys.size() < 2 && all_defend && rated.back().input) {
      force_error(d, *rated.back().input, "both sides are defending: one side must attack (role = \"attacker\")", "role");
      return d;
    }
    if (keys.size() < 2 && rated.size() < 2 && rated.back().input) {
      force_error(d, *rated.back().input, "a battle needs a second force: the file has only '" + rated.back().force.name + "'");
      return d;
    }
    if (keys.size() < 2)
      return Expected<Sides>::failure("a battle needs two sides; every force is on side '" + keys.front() +
                                      "' (give each force a role or a side)",
                                      rated.front().input ? SourcePos{rated.front().input->doc->name, 0, 0} : SourcePos{});
    std::string list;
    for (const auto& k : keys) list += (list.empty() ? "" : ", ") + k;
    return Expected<Sides>::failure("a battle has two sides, and the forces name " + std::to_string(keys.size()) + ": " +
                                    list + " (give each force a side)",
                                    rated.front().input ? SourcePos{rated.front().input->doc->name, 0, 0} : SourcePos{});
  }
  s.name = {keys[0], keys[1]};
  for (size_t i = 0; i < rated.size(); ++i) s.members[rated[i].force.side == keys[0] ? 0 : 1].push_back(i);
  // Roles: the same within a side, and not both sides defending.
  std::array<Role, 2> role{Role::none, Role::none};
  for (size_t k = 0; k < 2; ++k)
    for (size_t i : s.members[k]) {
      const auto& x = rated[i];
      if (x.force.role == Role::none) continue;
      if (role[k] != Role::none && role[k] != x.force.role)
        force_error(d, *x.input, "forces on side '" + s.name[k] + "' have different roles", "role");
      role[k] = x.force.role;
    }
  if (role[0] == Role::defender && role[1] == Role::defender) {
    const auto& x = rated[s.members[1].front()];
    force_error(d, *x.input, "both sides are defending: one side must attack (role = \"attacker\")", "role");
  }
  for (size_t k = 0; k < 2; ++k)
    for (size_t i : s.members[k])
      if (rated[i].force.role == Role::none) rated[i].force.role = role[k];
  if (!d.empty()) return d;
  return s;
}

struct Engagement {
  std::array<size_t, 2> force{};  ///< indices into the rated forces
  std::array<war::SideAdjustments, 2> adj;
  std::array<war::SideSpec, 2> spec;
  war::Odds odds;
};

war::SideSpec spec_for(const war::Rules& R, const Rated& x, const war::SideAdjustments& adj, const Settings& s) {
  war::SideSpec sp;
  sp.name = x.force.name;
  sp.modified_br = x.rating.br + adj.total;
  sp.tactic = x.force.tactic;
  sp.troops = x.force.troops;
  sp.role = x.force.role;
  if (s.battle.simple_siege && x.force.role == Role::defender) {
    // Simple siege (l. 182-183): the defender ignores retreat and rout and takes half casualties.
    sp.casualty_scale = R.simple_siege.defender_casualty_fraction;
    sp.holds_position = R.simple_siege.defender_ignores_retreat_and_rout;
  }
  return sp;
}

Expected<Engagement> engage(const war::Rules& R, const std::vector<Rated>& rated, size_t i, size_t j, const Settings& s) {
  Engagement e;
  e.force = {i, j};
  auto adj = war::battle_adjustments(R, {&rated[i].force, &rated[j].force}, {&rated[i].rating, &rated[j].rating}, s.battle);
  if (!adj) return adj.error();
  e.adj = *adj;
  for (size_t k = 0; k < 2; ++k) e.spec[k] = spec_for(R, rated[e.force[k]], e.adj[k], s);
  auto odds = war::resolve_battle(R, e.spec[0], e.spec[1], s.options);
  if (!odds) return odds.error();
  e.odds = std::move(*odds);
  return e;
}

/// Pairs the forces: `opponent` first, then highest BR chooses ("Divide forces", l. 68).
Expected<std::vector<std::pair<size_t, size_t>>> pair_forces(const war::Rules& R, const std::vector<Rated>& rated,
                                                             const Sides& sides, const Settings& s) {
  const auto& m0 = sides.members[0];
  const auto& m1 = sides.members[1];
  if (m0.size() == 1 && m1.size() == 1) return std::vector<std::pair<size_t, size_t>>{{0, 0}};
  Diagnostics d;
  std::unordered_map<std::string_view, std::pair<int, size_t>> where;  // name -> (side, position)
  where.reserve(m0.size() + m1.size());
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < sides.members[k].size(); ++p)
      where[rated[sides.members[k][p]].force.name] = {static_cast<int>(k), p};
  std::vector<std::pair<size_t, size_t>> fixed;
  std::unordered_map<std::string_view, std::string_view> partner;
  partner.reserve(m0.size() + m1.size());
  for (size_t k = 0; k < 2; ++k)
    for (size_t p = 0; p < sides.members[k].size(); ++p) {
      const auto& x = rated[sides.members[k][p]];
      if (!x.force.opponent) continue;
      const auto it = where.find(*x.force.opponent);
      if (it == where.end() || it->second.first == static_cast<int>(k)) {
        force_error(d, *x.input, "opponent '" + *x.force.opponent + "' is not a force of the other side", "opponent");
        continue;
      }
      const std::string& other = *x.force.opponent;
      auto [a, fresh_a] = partner.emplace(std::string_view(x.force.name), std::string_view(other));
      auto [b, fresh_b] = partner.emplace(std::string_view(other), std::string_view(x.force.name));
      if ((!fresh_a && a->second != other) || (!fresh_b && b->second != x.force.name)) {
        force_error(d, *x.input, "'" + x.force.name + "' and '" + other + "' are each paired with another force",
                    "opponent");
        continue;
      }
      if (fresh_a && fresh_b)
        fixed.emplace_back(k == 0 ? p : it->second.second, k == 0 ? it->second.second : p);
    }
  if (!d.empty()) return d;
  std::vector<war::Contender> c0, c1;
  for (size_t i : m0) c0.push_back({rated[i].rating.br, rated[i].force.troops});
  for (size_t j : m1) c1.push_back({rated[j].rating.br, rated[j].force.troops});
  auto p_win = [&](size_t a, size_t b) -> std::array<double, 2> {
    auto e = engage(R, rated, m0[a], m1[b], s);
    if (!e) return {0, 0};
    return e->odds.p_win_resolved;
  };
  return war::match_forces(c0, c1, fixed, p_win);
}

void adjustment_tables(const std::vector<Rated>& rated, const Engagement& e, std::vector<Table>& tables) {
  for (size_t k = 0; k < 2; ++k) {
    const auto& x = rated[e.force[k]];
    Table t;
    t.title = "Adjustments: " + x.force.name + " against " + rated[e.force[1 - k]].force.name;
    t.add_column("group", "Group").add_column("adjustment", "Adjustment").add_column("br", "BR", Align::right).add_column("note", "Note");
    t.add_row({"", "Battle rating B", std::to_string(x.rating.br), x.rating.method});
    for (const auto& l : e.adj[k].lines)
      t.add_row({l.group, l.label, (l.br > 0 ? "+" : "") + std::to_string(l.br), l.note});
    t.add_row({"", "Modified BR", std::to_string(e.spec[k].modified_br), ""});
    if (e.spec[k].tactic) {
      const int tb = e.odds.tactic_br[k];
      std::string note = "\"" + *e.spec[k].tactic + "\": " + e.odds.tactic_printed[k];
      if (e.odds.tactic_casualty[k]) note += "; casualties " + std::string(e.odds.tactic_casualty[k] > 0 ? "+" : "") +
                                             std::to_string(e.odds.tactic_casualty[k]) + "%";
      t.add_row({"tactics", "Tactic " + *e.spec[k].tactic, (tb > 0 ? "+" : "") + std::to_string(tb), note});
      t.add_row({"", "BR in combat", std::to_string(e.odds.final_br[k]), ""});
    }
    tables.push_back(std::move(t));
  }
}

json::Value sides_result_json(const std::array<war::SideResult, 2>& r, const std::array<std::string, 2>& names) {
  json::Value arr = json::array();
  for (size_t k = 0; k < 2; ++k) {
    json::Value o = json::object();
    o.set("name", names[k]);
    o.set("won", r[k].won);
    o.set("casualties_pct", r[k].casualties_pct);
    o.set("casualties", r[k].casualties);
    o.set("killed", r[k].killed);
    o.set("wounded", r[k].wounded);
    o.set("fatigue", r[k].fatigue ? json::Value(war::to_string(*r[k].fatigue)) : json::Value());
    o.set("location", war::to_string(r[k].location));
    o.set("location_units", r[k].location_units);
    arr.push(std::move(o));
  }
  return arr;
}

json::Value row_json(const war::Rules& R, const war::RowOdds& ro, const std::array<std::string, 2>& names) {
  json::Value o = json::object();
  o.set("winner", names[static_cast<size_t>(ro.winner)]);
  o.set("band", R.results[ro.row].label);
  o.set("printed", [&] {
    json::Value a = json::array();
    for (const auto& c : R.results[ro.row].printed) a.push(c);
    return a;
  }());
  o.set("p", ro.p);
  o.set("pairs", ro.pairs);
  o.set("sides", sides_result_json(ro.result, names));
  return o;
}

json::Value odds_json(const war::Rules& R, const std::vector<Rated>& rated, const Engagement& e) {
  const auto& o = e.odds;
  const std::array<std::string, 2> names{rated[e.force[0]].force.name, rated[e.force[1]].force.name};
  json::Value b = json::object();
  b.set("combat", o.combat);
  b.set("tactics", o.tactic_printed[0].empty() ? json::Value() : json::Value(o.tactic_printed[0]));
  b.set("tactics_cancelled", o.tactics_cancelled);
  json::Value sides = json::array();
  for (size_t k = 0; k < 2; ++k) {
    json::Value s = json::object();
    s.set("name", names[k]);
    s.set("modified_br", e.spec[k].modified_br);
    s.set("tactic", opt_json(e.spec[k].tactic));
    s.set("tactic_br", o.tactic_br[k]);
    s.set("tactic_casualties", o.tactic_casualty[k]);
    s.set("combat_br", o.final_br[k]);
    s.set("p_win", o.p_win[k]);
    s.set("pairs_win", o.pairs_win[k]);
    s.set("p_win_resolved", o.p_win_resolved[k]);
    s.set("expected_casualties_pct", o.expected_casualties_pct[k]);
    s.set("expected_casualties", o.expected_casualties[k]);
    s.set("expected_killed", o.expected_killed[k]);
    s.set("expected_wounded", o.expected_wounded[k]);
    json::Value fat = json::array();
    for (const auto& [state, p] : o.fatigue_dist[k]) {
      json::Value f = json::object();
      f.set("fatigue", state);
      f.set("p", p);
      fat.push(std::move(f));
    }
    s.set("fatigue", std::move(fat));
    json::Value loc = json::array();
    for (const auto& [where, p] : o.location_dist[k]) {
      json::Value l = json::object();
      l.set("location", where);
      l.set("p", p);
      loc.push(std::move(l));
    }
    s.set("location", std::move(loc));
    sides.push(std::move(s));
  }
  b.set("sides", std::move(sides));
  b.set("p_tie", o.p_tie);
  b.set("pairs_tie", o.pairs_tie);
  b.set("tie_policy", war::to_string(o.tie_policy));
  b.set("p_no_result", o.p_no_result);
  json::Value rows = json::array();
  for (const auto& ro : o.rows) rows.push(row_json(R, ro, names));
  b.set("results", std::move(rows));
  b.set("tie_result", o.tie_row ? row_json(R, *o.tie_row, names) : json::Value());
  return b;
}

void odds_tables(const war::Rules& R, const std::vector<Rated>& rated, const Engagement& e, bool full,
                 std::vector<Table>& tables) {
  const auto& o = e.odds;
  const std::array<std::string, 2> names{rated[e.force[0]].force.name, rated[e.force[1]].force.name};
  const std::string vs = names[0] + " against " + names[1];
  Table t;
  t.title = "Odds: " + vs + " (C = B + adjustments + 1d100, seed 004, Combat results, l. 70)";
  t.add_column("outcome", "Outcome")
      .add_column("pairs", "Roll pairs", Align::right)
      .add_column("p", "Probability", Align::right)
      .add_column("p_resolved", "Ties " + war::to_string(o.tie_policy), Align::right);
  if (!o.combat) {
    t.add_row({"No combat (" + o.tactic_printed[0] + ")", "10000", pct(1), pct(1)});
    tables.push_back(std::move(t));
    return;
  }
  for (size_t k = 0; k < 2; ++k)
    t.add_row({names[k] + " wins", std::to_string(o.pairs_win[k]), pct_pairs(o.pairs_win[k], o.p_win[k]),
               pct(o.p_win_resolved[k])});
  t.add_row({"Tie (equal totals)", std::to_string(o.pairs_tie), pct_pairs(o.pairs_tie, o.p_tie), pct(o.p_no_result)});
  if (o.tactics_cancelled) t.notes.push_back("tactics: " + o.tactic_printed[0] + " (both plans cancel)");
  switch (o.tie_policy) {
    case war::TiePolicy::reroll: t.notes.push_back("ties: both sides roll again (the seed does not cover ties)"); break;
    case war::TiePolicy::no_result: t.notes.push_back("ties: no result, nothing happens (the seed does not cover ties)"); break;
    case war::TiePolicy::defender:
      t.notes.push_back(o.tie_row ? "ties: the defender wins on the first row" : "ties: no defender, so both roll again");
      break;
    case war::TiePolicy::higher_br:
      t.notes.push_back(o.tie_row ? "ties: the higher BR wins on the first row" : "ties: equal BRs, so both roll again");
      break;
  }
  tables.push_back(std::move(t));
  if (full) {
    Table rt;
    rt.title = "Combat results: " + vs + " (seed 004, Combat results (winner/loser), l. 208-227)";
    rt.add_column("winner", "Winner")
        .add_column("band", "Difference", Align::right)
        .add_column("pairs", "Pairs", Align::right)
        .add_column("p", "Probability", Align::right)
        .add_column("winner_pct", "Winner %", Align::right)
        .add_column("loser_pct", "Loser %", Align::right)
        .add_column("winner_fatigue", "W fatigue")
        .add_column("loser_fatigue", "L fatigue")
        .add_column("winner_location", "W location")
        .add_column("loser_location", "L location")
        .add_column("winner_casualties", "W troops lost", Align::right)
        .add_column("loser_casualties", "L troops lost", Align::right);
    auto add = [&](const war::RowOdds& ro, const std::string& band) {
      const auto w = static_cast<size_t>(ro.winner);
      const auto& W = ro.result[w];
      const auto& L = ro.result[1 - w];
      rt.add_row({names[w], band, std::to_string(ro.pairs), pct_pairs(ro.pairs, ro.p), trim2(W.casualties_pct),
                  trim2(L.casualties_pct),
                  fatigue_text(W.fatigue), fatigue_text(L.fatigue), location_text(W.location, W.location_units),
                  location_text(L.location, L.location_units), fmtnum::grouped(W.casualties), fmtnum::grouped(L.casualties)});
    };
    for (const auto& ro : o.rows) add(ro, R.results[ro.row].label);
    if (o.tie_row) add(*o.tie_row, "tie");
    rt.notes.push_back("probabilities before ties are settled; casualties after tactics" +
                       std::string(e.spec[0].casualty_scale.n != e.spec[0].casualty_scale.d ||
                                           e.spec[1].casualty_scale.n != e.spec[1].casualty_scale.d
                                       ? " and the simple siege's half casualties"
                                       : "") +
                       "; troops lost rounded up");
    tables.push_back(std::move(rt));
  }
  Table ex;
  ex.title = "Expected casualties: " + vs + " (ties " + war::to_string(o.tie_policy) + ")";
  ex.add_column("force", "Force")
      .add_column("pct", "Casualties %", Align::right)
      .add_column("troops", "Troops", Align::right)
      .add_column("killed", "Killed", Align::right)
      .add_column("wounded", "Wounded", Align::right);
  for (size_t k = 0; k < 2; ++k)
    ex.add_row({names[k], fmtnum::fixed(o.expected_casualties_pct[k], 2), fmtnum::fixed(o.expected_casualties[k], 1),
                fmtnum::fixed(o.expected_killed[k], 1), fmtnum::fixed(o.expected_wounded[k], 1)});
  ex.notes.push_back("half killed, half wounded (l. 179); a force that retreats or routs counts its wounded as killed");
  tables.push_back(std::move(ex));
  if (full) {
    Table fd;
    fd.title = "After the battle: " + vs;
    fd.add_column("force", "Force").add_column("kind", "Of").add_column("state", "State").add_column("p", "Probability", Align::right);
    for (size_t k = 0; k < 2; ++k) {
      for (const auto& [state, p] : o.fatigue_dist[k])
        fd.add_row({names[k], "fatigue", state == "-" ? "- (routed or destroyed)" : state, pct(p)});
      for (const auto& [where, p] : o.location_dist[k]) fd.add_row({names[k], "location", where, pct(p)});
    }
    fd.notes.push_back("field+n: holds the field and may advance n terrain units; retreat+n: falls back n units; "
                       "-: no location (151+: the loser is broken; survivors leave as after a rout)");
    tables.push_back(std::move(fd));
  }
}

// --- rolled battles

struct RoundRecord {
  int round = 0;
  war::RolledBattle roll;
  int rerolls = 0;
  std::array<std::int64_t, 2> troops_after{};
  std::array<int, 2> modified_br{};
};

struct RollOutcome {
  std::vector<RoundRecord> rounds;
  std::array<war::ForceState, 2> state;
  std::string stop;  ///< why the chain ended
};

/// The groups whose lines belong to one battle only and are dropped from later rounds.
bool one_battle_only(const war::Rules& R, const std::string& id) {
  const auto* a = R.adjustment(id);
  return a && (a->group == "surprise" || a->group == "leader_loss" || a->group == "pc_heroics" ||
               a->id == "attacking_on_march");
}

/// Rolls the battle of `first` (and later rounds) between copies of its two forces.
Expected<RollOutcome> roll_battle(const war::Rules& R, std::array<Rated, 2> pair, const Engagement& first,
                                  const Settings& s, Rng& rng, int rounds) {
  RollOutcome out;
  std::array<Rated*, 2> x{&pair[0], &pair[1]};
  for (size_t k = 0; k < 2; ++k) {
    out.state[k].troops = x[k]->force.troops;
    out.state[k].wounded = x[k]->force.wounded;
    out.state[k].fatigue = x[k]->force.fatigue;
  }
  for (int round = 1; round <= rounds; ++round) {
    RoundRecord rec;
    rec.round = round;
    std::array<war::SideSpec, 2> spec;
    if (round == 1) {
      spec = first.spec;
    } else {
      for (size_t k = 0; k < 2; ++k) {
        auto& f = x[k]->force;
        f.troops = out.state[k].troops;
        f.fatigue = out.state[k].fatigue;
        std::vector<std::string> kept;
        for (const auto& id : f.situation)
          if (!one_battle_only(R, id)) kept.push_back(id);
        f.situation = kept;
      }
      auto adj = war::battle_adjustments(R, {&x[0]->force, &x[1]->force}, {&x[0]->rating, &x[1]->rating}, s.battle);
      if (!adj) return adj.error();
      for (size_t k = 0; k < 2; ++k) spec[k] = spec_for(R, *x[k], (*adj)[k], s);
    }
    rec.modified_br = {spec[0].modified_br, spec[1].modified_br};
    // Roll 1d100 for each side; a tie under "reroll" rolls again.
    war::RolledBattle rb;
    for (int attempt = 0;; ++attempt) {
      const int r0 = rng.roll(100), r1 = rng.roll(100);
      auto res = war::resolve_roll(R, spec[0], spec[1], r0, r1, s.options);
      if (!res) return res.error();
      rb = *res;
      if (!(rb.tie && s.options.tie == war::TiePolicy::reroll) || attempt >= 1000) break;
      ++rec.rerolls;
    }
    rec.roll = rb;
    if (rb.combat && rb.winner)
      for (size_t k = 0; k < 2; ++k) war::apply_result(rb.result[k], out.state[k]);
    for (size_t k = 0; k < 2; ++k) rec.troops_after[k] = out.state[k].troops;
    out.rounds.push_back(rec);
    if (!rb.combat) {
      out.stop = "no combat";
      break;
    }
    bool ended = false;
    for (size_t k = 0; k < 2; ++k)
      if (out.state[k].destroyed || out.state[k].routed) {
        out.stop = x[k]->force.name + (out.state[k].destroyed ? " is destroyed" : " routs");
        ended = true;
      }
    if (ended) break;
    if (round == rounds) out.stop = rounds == 1 ? "one battle" : std::to_string(rounds) + " rounds fought";
  }
  return out;
}

void roll_tables(const war::Rules& R, const std::array<std::string, 2>& names, const RollOutcome& ro, std::uint64_t seed,
                 std::vector<Table>& tables, std::vector<std::string>& explain) {
  Table t;
  t.title = "Rolled: " + names[0] + " against " + names[1] + " (seed " + std::to_string(seed) + ")";
  t.add_column("round", "Round", Align::right)
      .add_column("roll_0", names[0] + " d100", Align::right)
      .add_column("total_0", names[0] + " C", Align::right)
      .add_column("roll_1", names[1] + " d100", Align::right)
      .add_column("total_1", names[1] + " C", Align::right)
      .add_column("diff", "Difference", Align::right)
      .add_column("winner", "Winner")
      .add_column("band", "Band");
  for (const auto& r : ro.rounds) {
    const auto& b = r.roll;
    std::string winner = !b.combat ? "no combat" : b.winner ? names[static_cast<size_t>(*b.winner)] : "tie";
    t.add_row({std::to_string(r.round), std::to_string(b.roll[0]), b.combat ? std::to_string(b.total[0]) : "-",
               std::to_string(b.roll[1]), b.combat ? std::to_string(b.total[1]) : "-", b.combat ? std::to_string(b.diff) : "-",
               winner, b.row ? R.results[*b.row].label : "-"});
    if (r.rerolls) t.notes.push_back("round " + std::to_string(r.round) + ": " + std::to_string(r.rerolls) + " tie(s) rolled again");
    if (!b.note.empty()) t.notes.push_back("round " + std::to_string(r.round) + ": " + b.note);
    explain.push_back("round " + std::to_string(r.round) + ": C = " + std::to_string(r.modified_br[0]) + " + tactics + " +
                      std::to_string(b.roll[0]) + " = " + std::to_string(b.total[0]) + " against " +
                      std::to_string(r.modified_br[1]) + " + tactics + " + std::to_string(b.roll[1]) + " = " +
                      std::to_string(b.total[1]));
  }
  t.notes.push_back("ended: " + ro.stop);
  tables.push_back(std::move(t));
  Table c;
  c.title = "Consequences";
  c.add_column("round", "Round", Align::right)
      .add_column("force", "Force")
      .add_column("pct", "Casualties %", Align::right)
      .add_column("casualties", "Troops lost", Align::right)
      .add_column("killed", "Killed", Align::right)
      .add_column("wounded", "Wounded", Align::right)
      .add_column("fatigue", "Fatigue")
      .add_column("location", "Location")
      .add_column("troops", "Troops left", Align::right);
  for (const auto& r : ro.rounds)
    for (size_t k = 0; k < 2; ++k) {
      const auto& s = r.roll.result[k];
      if (!r.roll.combat || !r.roll.winner) {
        c.add_row({std::to_string(r.round), names[k], "0", "0", "0", "0", "-", r.roll.combat ? "no result" : "no combat",
                   fmtnum::grouped(r.troops_after[k])});
        continue;
      }
      c.add_row({std::to_string(r.round), names[k], trim(s.casualties_pct, 2), fmtnum::grouped(s.casualties),
                 fmtnum::grouped(s.killed), fmtnum::grouped(s.wounded), fatigue_text(s.fatigue),
                 location_text(s.location, s.location_units), fmtnum::grouped(r.troops_after[k])});
    }
  c.notes.push_back("wounded of a force that holds the field return in " + R.result_rules.wounded_return_dice + " " +
                    R.result_rules.wounded_return_unit + "; routed survivors reappear at home " +
                    R.result_rules.routed_return_dice + " " + R.result_rules.routed_return_unit + " later");
  tables.push_back(std::move(c));
}

json::Value roll_json(const war::Rules& R, const std::array<std::string, 2>& names, const RollOutcome& ro,
                      std::uint64_t seed) {
  json::Value o = json::object();
  o.set("seed", static_cast<long long>(seed));
  json::Value rounds = json::array();
  for (const auto& r : ro.rounds) {
    const auto& b = r.roll;
    json::Value x = json::object();
    x.set("round", r.round);
    x.set("combat", b.combat);
    x.set("rerolled_ties", r.rerolls);
    x.set("rolls", json::Array{b.roll[0], b.roll[1]});
    x.set("modified_br", json::Array{r.modified_br[0], r.modified_br[1]});
    x.set("totals", json::Array{b.total[0], b.total[1]});
    x.set("diff", b.diff);
    x.set("tie", b.tie);
    x.set("winner", b.winner ? json::Value(names[static_cast<size_t>(*b.winner)]) : json::Value());
    x.set("band", b.row ? json::Value(R.results[*b.row].label) : json::Value());
    x.set("note", b.note);
    json::Value sides = sides_result_json(b.result, names);
    for (size_t k = 0; k < 2; ++k) sides.array()[k].set("troops_after", r.troops_after[k]);
    x.set("sides", std::move(sides));
    rounds.push(std::move(x));
  }
  o.set("rounds", std::move(rounds));
  o.set("ended", ro.stop);
  json::Value fin = json::array();
  for (size_t k = 0; k < 2; ++k) {
    const auto& s = ro.state[k];
    json::Value f = json::object();
    f.set("name", names[k]);
    f.set("troops", s.troops);
    f.set("killed", s.killed);
    f.set("wounded", s.wounded);
    f.set("fatigue", war::to_string(s.fatigue));
    f.set("location", war::to_string(s.location));
    f.set("location_units", s.location_units);
    f.set("routed", s.routed);
    f.set("destroyed", s.destroyed);
    fin.push(std::move(f));
  }
  o.set("final", std::move(fin));
  return o;
}

// --- writing the forces back

std::string toml_string(const std::string& s) { return json::quote(s); }

std::string forces_toml(const war::Rules& R, const std::vector<Rated>& rated, const std::vector<std::optional<war::ForceState>>& state,
                        const Settings& s, std::uint64_t seed) {
  std::string out = "# war-machine: forces after the rolled battle (seed " + std::to_string(seed) + ").\n";
  out += "# Each force is rated by its battle rating; wounded are out of action (they return in " +
         R.result_rules.wounded_return_dice + " " + R.result_rules.wounded_return_unit + " if the force held the field).\n\n";
  out += "[battle]\n";
  out += "siege_machine = " + std::string(s.battle.siege_machine ? "true" : "false") + "\n";
  out += "simple_siege = " + std::string(s.battle.simple_siege ? "true" : "false") + "\n";
  if (s.battle.simple_siege) out += "weeks_besieged = " + std::to_string(s.battle.weeks_besieged) + "\n";
  out += "tie_policy = " + toml_string(war::to_string(s.options.tie)) + "\n";
  out += "casualty_reading = " + toml_string(war::to_string(s.options.casualty_reading)) + "\n";
  out += "troop_ratio_reading = " + toml_string(war::to_string(s.battle.ratio_reading)) + "\n";
  for (size_t i = 0; i < rated.size(); ++i) {
    const auto& x = rated[i];
    const auto& f = x.force;
    war::ForceState st;
    st.troops = f.troops;
    st.wounded = f.wounded;
    st.fatigue = f.fatigue;
    if (state[i]) st = *state[i];
    out += "\n";
    if (state[i]) {
      out += "# " + f.name + ": " + std::to_string(st.killed) + " killed, " + std::to_string(st.wounded - f.wounded) +
             " wounded in these battles; location " + location_text(st.location, st.location_units) +
             (st.routed ? "; routed: survivors reappear at home in " + R.result_rules.routed_return_dice + " " +
                              R.result_rules.routed_return_unit
                        : "") +
             "\n";
    }
    if (st.troops < 1) {
      out += "# " + f.name + " was destroyed and is left out.\n";
      continue;
    }
    out += "[[force]]\n";
    out += "name = " + toml_string(f.name) + "\n";
    out += "side = " + toml_string(f.side) + "\n";
    if (f.role != Role::none) out += "role = " + toml_string(war::to_string(f.role)) + "\n";
    out += "troops = " + std::to_string(st.troops) + "\n";
    out += "br = " + std::to_string(x.rating.br) + "\n";
    if (x.rating.troop_class) out += "troop_class = " + toml_string(*x.rating.troop_class) + "\n";
    if (f.composition.flying_pct) out += "flying_pct = " + trim(*f.composition.flying_pct, 4) + "\n";
    out += "fatigue = " + toml_string(war::to_string(st.fatigue)) + "\n";
    if (st.wounded > 0) out += "wounded = " + std::to_string(st.wounded) + "\n";
    if (f.tactic) out += "tactic = " + toml_string(*f.tactic) + "\n";
    std::vector<std::string> kept;
    for (const auto& id : f.situation)
      if (!one_battle_only(R, id)) kept.push_back(id);
    if (!kept.empty()) {
      out += "situation = [";
      for (size_t k = 0; k < kept.size(); ++k) out += (k ? ", " : "") + toml_string(kept[k]);
      out += "]\n";
    }
  }
  return out;
}

// --- the battle command

struct BattlePlan {
  InputFile file;
  std::vector<input::Document> docs;
  std::vector<Rated> rated;
  Sides sides;
  Settings settings;
  std::vector<Engagement> engagements;
  std::vector<size_t> unmatched;
};

Expected<std::unique_ptr<BattlePlan>> plan_battle(const war::Rules& R, const Options& opt, const cli::CommonOptions& common,
                                                  const char* command) {
  if (common.inputs.size() != 1)
    return cli::usage_error(command, "give one TOML file with the [[force]] tables of both sides");
  auto plan = std::make_unique<BattlePlan>();
  auto docs = load_documents(common);
  if (!docs) return docs.error();
  plan->docs = std::move(*docs);
  Diagnostics d;
  read_files(R, plan->docs, plan->file, d);
  if (!d.empty()) return d;
  auto settings = settings_for(R, opt, plan->file.settings);
  if (!settings) return settings.error();
  plan->settings = *settings;
  auto rated = rate_all(R, plan->file.forces);
  if (!rated) return rated.error();
  plan->rated = std::move(*rated);
  auto sides = make_sides(plan->rated);
  if (!sides) return sides.error();
  plan->sides = *sides;
  // Tactics: every force of both sides, or none.
  size_t with = 0;
  for (const auto& x : plan->rated) with += x.force.tactic ? 1 : 0;
  if (with != 0 && with != plan->rated.size()) {
    for (const auto& x : plan->rated)
      if (!x.force.tactic) force_error(d, *x.input, "force '" + x.force.name + "' has no tactic, but others do: "
                                                     "tactics are chosen by both sides or by neither");
    return d;
  }
  auto pairs = pair_forces(R, plan->rated, plan->sides, plan->settings);
  if (!pairs) return pairs.error();
  // Every battle is independent: many are fought on two threads, then taken in pairing order
  // (the first error in that order is the one reported, as when fought one by one).
  std::vector<std::optional<Expected<Engagement>>> fought(pairs->size());
  split_work(pairs->size(), kThreadedMin, [&](size_t from, size_t to) {
    for (size_t n = from; n < to; ++n) {
      const auto [a, b] = (*pairs)[n];
      fought[n].emplace(engage(R, plan->rated, plan->sides.members[0][a], plan->sides.members[1][b], plan->settings));
    }
  });
  std::vector<char> matched(plan->rated.size(), 0);
  plan->engagements.reserve(pairs->size());
  for (size_t n = 0; n < pairs->size(); ++n) {
    auto& e = *fought[n];
    if (!e) return e.error();
    plan->engagements.push_back(std::move(*e));
    matched[plan->engagements.back().force[0]] = 1;
    matched[plan->engagements.back().force[1]] = 1;
  }
  for (size_t i = 0; i < plan->rated.size(); ++i)
    if (!matched[i]) plan->unmatched.push_back(i);
  return plan;
}

/// Frees a plan; a large one on two threads (its battles and forces on one, its parsed
/// documents and input tables on the other).
void release(std::unique_ptr<BattlePlan>& plan) {
  if (plan && plan->engagements.size() + plan->rated.size() >= 4096) {
    parallel::both(
        [&] {
          std::vector<input::Document>().swap(plan->docs);
          std::vector<InputForce>().swap(plan->file.forces);
        },
        [&] {
          std::vector<Engagement>().swap(plan->engagements);
          std::vector<Rated>().swap(plan->rated);
        });
  }
  plan.reset();
}

Table battle_forces_table(const BattlePlan& p) {
  Table t;
  t.title = "Forces";
  t.add_column("name", "Force")
      .add_column("side", "Side")
      .add_column("role", "Role")
      .add_column("troops", "Troops", Align::right)
      .add_column("method", "Rated by")
      .add_column("bfr", "BFR", Align::right)
      .add_column("troop_class", "Class")
      .add_column("br", "BR", Align::right)
      .add_column("modified_br", "Modified BR", Align::right)
      .add_column("opponent", "Opponent");
  // By force index: (modified BR, opponent's index) of the battle it fights (the last, as listed).
  std::vector<std::optional<std::pair<int, size_t>>> mod(p.rated.size());
  for (const auto& e : p.engagements)
    for (size_t k = 0; k < 2; ++k) mod[e.force[k]] = std::make_pair(e.spec[k].modified_br, e.force[1 - k]);
  t.rows.resize(p.rated.size());
  split_work(p.rated.size(), 4096, [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      const auto& x = p.rated[i];
      const auto& m = mod[i];
      t.rows[i] = {x.force.name, x.force.side, war::to_string(x.force.role), fmtnum::grouped(x.force.troops),
                   x.rating.method, opt_int_text(x.rating.bfr), x.rating.troop_class.value_or("-"),
                   std::to_string(x.rating.br), m ? std::to_string(m->first) : "-",
                   m ? p.rated[m->second].force.name : "(unmatched)"};
    }
  });
  if (p.engagements.size() > 1 || !p.unmatched.empty())
    t.notes.push_back("forces matched as in \"Divide forces\": highest BR chooses the opponent it is most likely to beat");
  return t;
}

json::Value settings_json(const Settings& s) {
  json::Value o = json::object();
  o.set("siege_machine", s.battle.siege_machine);
  o.set("simple_siege", s.battle.simple_siege);
  o.set("weeks_besieged", s.battle.weeks_besieged);
  o.set("tie_policy", war::to_string(s.options.tie));
  o.set("casualty_reading", war::to_string(s.options.casualty_reading));
  o.set("troop_ratio_reading", war::to_string(s.battle.ratio_reading));
  return o;
}

/// Where each force fights: (engagement, side) by force index.
std::vector<std::optional<std::pair<size_t, size_t>>> engagement_index(const BattlePlan& p) {
  std::vector<std::optional<std::pair<size_t, size_t>>> at(p.rated.size());
  for (size_t b = 0; b < p.engagements.size(); ++b)
    for (size_t k = 0; k < 2; ++k) at[p.engagements[b].force[k]] = std::make_pair(b, k);
  return at;
}

json::Value battle_force_json(const BattlePlan& p, size_t i, const std::optional<std::pair<size_t, size_t>>& at) {
  std::optional<int> mod;
  json::Value adj = json::array();
  std::optional<std::string> opponent;
  if (at) {
    const auto& e = p.engagements[at->first];
    const size_t k = at->second;
    mod = e.spec[k].modified_br;
    opponent = p.rated[e.force[1 - k]].force.name;
    for (const auto& l : e.adj[k].lines) {
      json::Value a = json::object();
      a.set("group", l.group);
      a.set("id", l.id);
      a.set("label", l.label);
      a.set("br", l.br);
      a.set("note", l.note);
      adj.push(std::move(a));
    }
  }
  json::Value o = rating_json(p.rated[i], mod);
  o.set("opponent", opt_json(opponent));
  o.set("adjustments", std::move(adj));
  return o;
}

/// Monte Carlo check of --roll: N independent battles (first round only), tallied.
json::Value repeat_tables(const war::Rules& R, const BattlePlan& p, int repeat, std::uint64_t seed, report::Report& rep) {
  json::Value arr = json::array();
  for (size_t b = 0; b < p.engagements.size(); ++b) {
    const auto& e = p.engagements[b];
    std::array<std::int64_t, 2> wins{};
    std::int64_t ties = 0;
    Progress progress("battles", static_cast<std::uint64_t>(repeat));
    for (int n = 0; n < repeat; ++n) {
      if (n % 4096 == 0 && n) progress.advance(4096);
      Rng rng = Rng::stream(seed, static_cast<std::uint64_t>(b) * 1000003ULL + static_cast<std::uint64_t>(n));
      const int r0 = rng.roll(100), r1 = rng.roll(100);
      auto res = war::resolve_roll(R, e.spec[0], e.spec[1], r0, r1, p.settings.options);
      if (!res || !res->combat) continue;
      if (res->winner) ++wins[static_cast<size_t>(*res->winner)];
      else ++ties;
    }
    const std::array<std::string, 2> names{p.rated[e.force[0]].force.name, p.rated[e.force[1]].force.name};
    Table t;
    t.title = "Repeated: " + names[0] + " against " + names[1] + " (" + std::to_string(repeat) + " battles, seed " +
              std::to_string(seed) + ")";
    t.add_column("outcome", "Outcome")
        .add_column("count", "Count", Align::right)
        .add_column("share", "Share", Align::right)
        .add_column("exact", "Exact", Align::right);
    const double n = repeat;
    const bool settled = e.odds.tie_row.has_value();
    for (size_t k = 0; k < 2; ++k)
      t.add_row({names[k] + " wins", std::to_string(wins[k]), pct(static_cast<double>(wins[k]) / n),
                 pct(settled ? e.odds.p_win_resolved[k] : e.odds.p_win[k])});
    t.add_row({"Tie", std::to_string(ties), pct(static_cast<double>(ties) / n), pct(settled ? 0.0 : e.odds.p_tie)});
    t.notes.push_back("one d100 pair per battle (ties not rolled again); a share lies within 3 standard errors "
                      "(3 sqrt(p(1-p)/n)) of the exact figure in 99.7% of runs");
    rep.tables.push_back(std::move(t));
    json::Value o = json::object();
    o.set("battles", repeat);
    o.set("wins", json::Array{wins[0], wins[1]});
    o.set("ties", ties);
    arr.push(std::move(o));
  }
  return arr;
}

Expected<report::Report> run_battle(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  if (!opt.roll) {
    if (opt.seed) return cli::usage_error("--seed", "goes with --roll");
    if (opt.rounds) return cli::usage_error("--rounds", "goes with --roll");
    if (opt.repeat) return cli::usage_error("--repeat", "goes with --roll");
    if (!opt.write_forces.empty()) return cli::usage_error("--write-forces", "goes with --roll");
  }
  if (opt.rounds && (*opt.rounds < 1 || *opt.rounds > 10000)) return cli::usage_error("--rounds", "must be 1 to 10,000");
  if (opt.repeat && (*opt.repeat < 1 || *opt.repeat > 10000000)) return cli::usage_error("--repeat", "must be 1 to 10,000,000");
  if (opt.repeat && (opt.rounds || !opt.write_forces.empty()))
    return cli::usage_error("--repeat", "tallies single battles: no --rounds or --write-forces with it");
  auto planned = plan_battle(R, opt, common, "battle");
  if (!planned) return planned.error();
  BattlePlan& p = **planned;
  report::Report rep;
  const bool js = common.format == "json";
  const bool full = !js && !opt.summary;
  if (full) rep.tables.push_back(battle_forces_table(p));
  Table summary;
  summary.title = "Battles (exact odds, ties " + war::to_string(p.settings.options.tie) + ")";
  summary.add_column("battle", "#", Align::right)
      .add_column("force_0", "Force")
      .add_column("br_0", "C-BR", Align::right)
      .add_column("force_1", "Against")
      .add_column("br_1", "C-BR", Align::right)
      .add_column("p_win_0", "Wins", Align::right)
      .add_column("p_win_1", "Loses", Align::right)
      .add_column("p_tie", "Tie", Align::right)
      .add_column("casualties_0", "Casualties %", Align::right)
      .add_column("casualties_1", "Their casualties %", Align::right);
  json::Value battles = json::array();
  std::uint64_t seed = 0;
  if (opt.roll) seed = opt.seed ? *opt.seed : std::random_device{}();
  std::vector<std::optional<war::ForceState>> states(p.rated.size());
  // The tables (or summary row, or JSON) of each battle depend on that battle alone: many are
  // built on two threads, each into its own slot, and taken below in battle order.
  const size_t battles_n = p.engagements.size();
  std::vector<std::vector<Table>> battle_tables(full ? battles_n : 0);
  std::vector<json::Value> battle_json(js ? battles_n : 0);
  if (!full && !js) summary.rows.resize(battles_n);
  split_work(battles_n, kThreadedMin, [&](size_t from, size_t to) {
    for (size_t b = from; b < to; ++b) {
      const auto& e = p.engagements[b];
      if (full) {
        adjustment_tables(p.rated, e, battle_tables[b]);
        odds_tables(R, p.rated, e, !opt.roll, battle_tables[b]);
      } else if (!js) {
        const auto& o = e.odds;
        summary.rows[b] = {std::to_string(b + 1), p.rated[e.force[0]].force.name, std::to_string(o.final_br[0]),
                           p.rated[e.force[1]].force.name, std::to_string(o.final_br[1]), pct(o.p_win_resolved[0]),
                           pct(o.p_win_resolved[1]), pct_pairs(o.pairs_tie, o.p_tie),
                           fmtnum::fixed(o.expected_casualties_pct[0], 2),
                           fmtnum::fixed(o.expected_casualties_pct[1], 2)};
      } else {
        battle_json[b] = odds_json(R, p.rated, e);
      }
    }
  });
  if (full) {
    size_t count = rep.tables.size();
    for (const auto& v : battle_tables) count += v.size();
    rep.tables.reserve(count);
  }
  for (size_t b = 0; b < p.engagements.size(); ++b) {
    const auto& e = p.engagements[b];
    if (full) {
      for (auto& t : battle_tables[b]) rep.tables.push_back(std::move(t));
      battle_tables[b].clear();
    }
    json::Value bj = js ? std::move(battle_json[b]) : json::Value();
    if (e.odds.combat && p.engagements.size() <= 100) {
      const std::array<std::string, 2> names{p.rated[e.force[0]].force.name, p.rated[e.force[1]].force.name};
      report::Chart outcome;
      outcome.title = "Outcome: " + names[0] + " against " + names[1] + " (exact)";
      outcome.labels = {names[0] + " wins", names[1] + " wins", "tie"};
      outcome.values = {e.odds.p_win[0], e.odds.p_win[1], e.odds.p_tie};
      rep.charts.push_back(std::move(outcome));
      report::Chart rows;
      rows.title = "Combat-results rows: " + names[0] + " against " + names[1];
      for (const auto& ro : e.odds.rows) {
        rows.labels.push_back(names[static_cast<size_t>(ro.winner)] + " " + R.results[ro.row].label);
        rows.values.push_back(ro.p);
      }
      rep.charts.push_back(std::move(rows));
    }
    if (opt.roll && !opt.repeat) {
      Rng rng = Rng::stream(seed, b);
      auto ro = roll_battle(R, {p.rated[e.force[0]], p.rated[e.force[1]]}, e, p.settings, rng, opt.rounds.value_or(1));
      if (!ro) return ro.error();
      const std::array<std::string, 2> names{p.rated[e.force[0]].force.name, p.rated[e.force[1]].force.name};
      std::vector<Table> rolled;
      roll_tables(R, names, *ro, seed, rolled, rep.explain);
      if (full) rep.tables.insert(rep.tables.end(), rolled.begin(), rolled.end());
      if (js) bj.set("roll", roll_json(R, names, *ro, seed));
      for (size_t k = 0; k < 2; ++k) states[e.force[k]] = ro->state[k];
    } else if (js) {
      bj.set("roll", json::Value());
    }
    if (js) battles.push(std::move(bj));
    if (!common.explain) continue;
    for (size_t k = 0; k < 2; ++k)
      for (const auto& l : e.adj[k].lines)
        rep.explain.push_back(p.rated[e.force[k]].force.name + ": " + l.label + " " + (l.br > 0 ? "+" : "") +
                              std::to_string(l.br) + (l.note.empty() ? "" : " (" + l.note + ")"));
    for (size_t k = 0; k < 2; ++k)
      rep.explain.push_back(p.rated[e.force[k]].force.name + ": modified BR " + std::to_string(e.spec[k].modified_br) +
                            ", in combat " + std::to_string(e.odds.final_br[k]));
    rep.explain.push_back("C difference = " + std::to_string(e.odds.final_br[0] - e.odds.final_br[1]) +
                          " + (d100 - d100); of the 10,000 roll pairs " + std::to_string(e.odds.pairs_win[0]) + " / " +
                          std::to_string(e.odds.pairs_win[1]) + " / " + std::to_string(e.odds.pairs_tie) +
                          " give a win / a loss / a tie for " + p.rated[e.force[0]].force.name);
  }
  if (!js && opt.summary) rep.tables.push_back(std::move(summary));
  json::Value repeated = opt.repeat ? repeat_tables(R, p, *opt.repeat, seed, rep) : json::Value();
  std::vector<std::string> ratings;
  for (const auto& x : p.rated)
    if (x.parent.empty() || x.force.name == x.parent + " 1")
      ratings.insert(ratings.end(), x.rating.explain.begin(), x.rating.explain.end());
  rep.explain.insert(rep.explain.begin(), ratings.begin(), ratings.end());
  if (!p.unmatched.empty()) {
    Table u;
    u.title = "Unmatched forces (no opponent left: they do not fight)";
    u.add_column("name", "Force").add_column("side", "Side");
    for (size_t i : p.unmatched) u.add_row({p.rated[i].force.name, p.rated[i].force.side});
    rep.tables.push_back(std::move(u));
  }
  if (!opt.write_forces.empty()) {
    auto w = cli::write_file_atomically(opt.write_forces, forces_toml(R, p.rated, states, p.settings, seed));
    if (!w) return w.error();
  }
  rep.json.set("tool", kInfo.name);
  rep.json.set("command", "battle");
  rep.json.set("settings", settings_json(p.settings));
  json::Value forces = json::array();
  if (js) {
    const auto at = engagement_index(p);
    for (size_t i = 0; i < p.rated.size(); ++i) forces.push(battle_force_json(p, i, at[i]));
  }
  rep.json.set("forces", std::move(forces));
  rep.json.set("battles", std::move(battles));
  json::Value un = json::array();
  for (size_t i : p.unmatched) un.push(p.rated[i].force.name);
  rep.json.set("unmatched", std::move(un));
  rep.json.set("repeat", std::move(repeated));
  release(*planned);
  return rep;
}

// ---------------------------------------------------------------------------------------------
// march

Expected<report::Report> run_march(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  if (!common.inputs.empty()) return cli::usage_error("march", "takes no input file (use --troops and --class)");
  if (!opt.troops) return cli::usage_error("--troops", "required: the number of troops");
  if (*opt.troops < 1 || *opt.troops > kMaxTroops) return cli::usage_error("--troops", "must be 1 to 1,000,000,000");
  if (opt.troop_class.has_value() == opt.bfr.has_value())
    return cli::usage_error("--class", "give the troop class (--class) or the BFR (--bfr), one of them");
  if (opt.rate_ft && (!(*opt.rate_ft > 0) || *opt.rate_ft > 100000)) return cli::usage_error("--rate", "must be positive (feet)");
  if (opt.days_without_food < 0 || opt.days_without_food > 10000)
    return cli::usage_error("--days-without-food", "must be 0 or more");
  war::MarchQuery q;
  q.troops = *opt.troops;
  if (opt.bfr) {
    if (*opt.bfr < 0 || *opt.bfr > kMaxRating) return cli::usage_error("--bfr", "must be 0 or more");
    q.troop_class = R.class_for_bfr(*opt.bfr).id;
  } else {
    q.troop_class = *opt.troop_class;
  }
  q.rate_ft = opt.rate_ft;
  q.fatigue = *war::parse_fatigue(opt.fatigue);
  q.days_without_food = opt.days_without_food;
  auto m = war::march(R, q);
  if (!m) return cli::usage_error("--class", m.error().items().front().message);
  const auto* tc = R.troop_class(q.troop_class);
  report::Report rep;
  auto frac = [](const war::Fraction& f) {
    return f.n == f.d ? std::string("V") : (f.n == 1 ? "" : std::to_string(f.n)) + "V/" + std::to_string(f.d);
  };
  auto primed = [](const war::Fraction& f) {
    return f.n == f.d ? std::string("V'") : (f.n == 1 ? "" : std::to_string(f.n)) + "V'/" + std::to_string(f.d);
  };
  auto ft = [](const std::optional<double>& v) { return v ? trim(*v, 1) + "'" : std::string("-"); };
  Table t;
  t.title = "March: " + fmtnum::grouped(q.troops) + " troops, " + tc->label + " (" + R.movement.front().source + ")";
  t.add_column("what", "").add_column("rate", "Rate").add_column("feet", "Feet", Align::right).add_column("note", "Note");
  t.add_row({"Movement rate V'", frac(m->rate), ft(m->rate_ft), m->rate_label});
  t.add_row({"Forced march", primed(m->forced_rate), ft(m->forced_rate_ft), "on a success (" + R.forced_march.source + ")"});
  for (const auto& f : m->forage)
    t.add_row({"Foraging", primed(f.rate), ft(f.rate_ft), std::to_string(static_cast<int>(std::lround(f.p * 6))) +
                                                              " in 6 to find food (" + f.label + ")"});
  if (!m->can_move) t.notes.push_back("a seriously fatigued force cannot move (l. 192)");
  if (m->hunger_fatigue != Fatigue::none)
    t.notes.push_back(std::to_string(q.days_without_food) + " days without food: " + war::to_string(m->hunger_fatigue) +
                      " fatigue (" + R.food.source + "); " + std::to_string(R.food.days_food_to_negate) +
                      " day's food negates it");
  rep.tables.push_back(std::move(t));
  Table fm;
  fm.title = "Forced march results (1d6), " + tc->label + " (" + R.forced_march_row(q.troop_class)->source + ")";
  fm.add_column("roll", "1d6", Align::right)
      .add_column("printed", "Printed")
      .add_column("success", "Forced march")
      .add_column("fatigue", "Fatigue after");
  for (const auto& f : m->forced) fm.add_row({std::to_string(f.roll), f.printed, f.success ? "yes" : "no", war::to_string(f.fatigue)});
  fm.add_row({"", "P", pct(m->p_forced_success), "none " + pct(m->p_forced_fatigue[0]) + ", moderate " +
                                                       pct(m->p_forced_fatigue[1]) + ", serious " + pct(m->p_forced_fatigue[2])});
  fm.notes.push_back("F: forced march succeeds; M: moderate fatigue (serious if already fatigued); S: serious; "
                     "'-': no forced march and no fatigue");
  rep.tables.push_back(std::move(fm));
  Table food;
  food.title = "Days without food (" + R.food.source + ")";
  food.add_column("days", "Days", Align::right).add_column("fatigue", "Fatigue");
  for (int dday = 0; dday <= R.food.days_serious; ++dday) {
    const Fatigue f = dday >= R.food.days_serious ? Fatigue::serious : dday >= R.food.days_moderate ? Fatigue::moderate : Fatigue::none;
    food.add_row({std::to_string(dday) + (dday == R.food.days_serious ? "+" : ""), war::to_string(f)});
  }
  food.notes.push_back("fatigue recovery: serious -> moderate after " + R.fatigue.serious_to_moderate_dice + " " +
                       R.fatigue.unit + ", moderate -> none after " + R.fatigue.moderate_to_none_dice + " " + R.fatigue.unit);
  rep.tables.push_back(std::move(food));
  rep.explain = m->explain;
  report::Chart chart;
  chart.title = "Forced march, " + tc->label + ": fatigue after";
  chart.labels = {"none", "moderate", "serious"};
  chart.values = {m->p_forced_fatigue[0], m->p_forced_fatigue[1], m->p_forced_fatigue[2]};
  rep.charts.push_back(std::move(chart));
  json::Value o = json::object();
  o.set("tool", kInfo.name);
  o.set("command", "march");
  o.set("troops", q.troops);
  o.set("troop_class", q.troop_class);
  o.set("rate_fraction", json::Array{m->rate.n, m->rate.d});
  o.set("rate_ft", opt_json(m->rate_ft));
  o.set("can_move", m->can_move);
  o.set("fatigue", war::to_string(m->effective_fatigue));
  o.set("hunger_fatigue", war::to_string(m->hunger_fatigue));
  o.set("forced_rate_fraction", json::Array{m->forced_rate.n, m->forced_rate.d});
  o.set("forced_rate_ft", opt_json(m->forced_rate_ft));
  o.set("p_forced_success", m->p_forced_success);
  o.set("p_forced_fatigue", [&] {
    json::Value f = json::object();
    f.set("none", m->p_forced_fatigue[0]);
    f.set("moderate", m->p_forced_fatigue[1]);
    f.set("serious", m->p_forced_fatigue[2]);
    return f;
  }());
  json::Value rolls = json::array();
  for (const auto& f : m->forced) {
    json::Value r = json::object();
    r.set("roll", f.roll);
    r.set("printed", f.printed);
    r.set("success", f.success);
    r.set("fatigue", war::to_string(f.fatigue));
    rolls.push(std::move(r));
  }
  o.set("forced_march", std::move(rolls));
  json::Value forage = json::array();
  for (const auto& f : m->forage) {
    json::Value r = json::object();
    r.set("id", f.id);
    r.set("rate_fraction", json::Array{f.rate.n, f.rate.d});
    r.set("rate_ft", opt_json(f.rate_ft));
    r.set("p_food", f.p);
    forage.push(std::move(r));
  }
  o.set("forage", std::move(forage));
  rep.json = std::move(o);
  return rep;
}

// ---------------------------------------------------------------------------------------------
// siege (the simple siege, week by week)

Expected<report::Report> run_siege(const war::Rules& R, const Options& opt, const cli::CommonOptions& common) {
  if (!opt.weeks) return cli::usage_error("--weeks", "required: how many weeks to project");
  if (*opt.weeks < 1 || *opt.weeks > 520) return cli::usage_error("--weeks", "must be 1 to 520");
  if (!opt.food_weeks) return cli::usage_error("--food-weeks", "required: the weeks of food the defender holds");
  if (*opt.food_weeks < 0 || *opt.food_weeks > 10000) return cli::usage_error("--food-weeks", "must be 0 or more");
  if (!common.inputs.empty() && opt.defender_troops)
    return cli::usage_error("--defender-troops", "comes from the file's defender when a file is given");
  if (common.inputs.empty() && !opt.defender_troops)
    return cli::usage_error("siege", "give a battle file (one attacker, one defender) or --defender-troops");
  if (opt.defender_troops && (*opt.defender_troops < 1 || *opt.defender_troops > kMaxTroops))
    return cli::usage_error("--defender-troops", "must be 1 to 1,000,000,000");
  report::Report rep;
  std::unique_ptr<BattlePlan> plan;
  std::optional<size_t> def_side;
  std::int64_t defenders = opt.defender_troops.value_or(0);
  if (!common.inputs.empty()) {
    Options o = opt;
    o.simple_siege = true;
    o.weeks_besieged.reset();
    auto planned = plan_battle(R, o, common, "siege");
    if (!planned) return planned.error();
    plan = std::move(*planned);
    if (plan->engagements.size() != 1 || !plan->unmatched.empty())
      return cli::usage_error("siege", "the simple siege takes one attacking and one defending force");
    const auto& e = plan->engagements.front();
    for (size_t k = 0; k < 2; ++k)
      if (plan->rated[e.force[k]].force.role == Role::defender) def_side = k;
    if (!def_side || plan->rated[e.force[1 - *def_side]].force.role != Role::attacker)
      return Expected<report::Report>::failure("the simple siege needs role = \"attacker\" on one force and \"defender\" "
                                               "on the other",
                                               SourcePos{plan->docs.front().name, 0, 0});
    defenders = plan->rated[e.force[*def_side]].force.troops;
    rep.tables.push_back(battle_forces_table(*plan));
  }
  const auto weeks = war::simple_siege_weeks(R, defenders, *opt.weeks, *opt.food_weeks, opt.loss_of_start);
  Table t;
  t.title = "Simple siege, week by week (" + R.simple_siege.source + ")";
  t.add_column("week", "Week", Align::right)
      .add_column("besieger_bonus", "Besieger BR", Align::right)
      .add_column("starving", "Starving")
      .add_column("lost", "Defenders lost", Align::right)
      .add_column("defenders", "Defenders", Align::right);
  if (plan) {
    t.add_column("p_attacker", "Assault wins", Align::right)
        .add_column("p_defender", "Defence holds", Align::right)
        .add_column("p_tie", "Tie", Align::right);
  }
  report::Chart chart;
  chart.title = "Simple siege: the assault wins, by week";
  json::Value arr = json::array();
  for (const auto& w : weeks) {
    std::vector<std::string> row{std::to_string(w.week), "+" + std::to_string(w.besieger_bonus), w.starving ? "yes" : "no",
                                 fmtnum::grouped(w.defender_lost), fmtnum::grouped(w.defender_troops)};
    json::Value o = json::object();
    o.set("week", w.week);
    o.set("besieger_bonus", w.besieger_bonus);
    o.set("starving", w.starving);
    o.set("defenders_lost", w.defender_lost);
    o.set("defenders", w.defender_troops);
    if (plan) {
      const auto& e = plan->engagements.front();
      std::vector<Rated> rated = plan->rated;
      auto& def = rated[e.force[*def_side]].force;
      def.troops = w.defender_troops;
      if (def.troops < 1) {
        row.insert(row.end(), {pct(1), pct(0), pct(0)});
        chart.labels.push_back("week " + std::to_string(w.week));
        chart.values.push_back(1.0);
        o.set("p_attacker_wins", 1.0);
        o.set("p_defender_wins", 0.0);
        o.set("p_tie", 0.0);
      } else {
        Settings s = plan->settings;
        s.battle.weeks_besieged = w.week;
        auto x = engage(R, rated, e.force[0], e.force[1], s);
        if (!x) return x.error();
        const size_t a = 1 - *def_side;
        row.insert(row.end(), {pct(x->odds.p_win_resolved[a]), pct(x->odds.p_win_resolved[*def_side]), pct(x->odds.p_tie)});
        chart.labels.push_back("week " + std::to_string(w.week));
        chart.values.push_back(x->odds.p_win_resolved[a]);
        o.set("p_attacker_wins", x->odds.p_win_resolved[a]);
        o.set("p_defender_wins", x->odds.p_win_resolved[*def_side]);
        o.set("p_tie", x->odds.p_tie);
      }
    }
    t.add_row(std::move(row));
    arr.push(std::move(o));
  }
  t.notes.push_back("besieger: +" + std::to_string(R.simple_siege.besiege_br_per_week) + " BR a week; defender: -" +
                    trim(R.simple_siege.defender_loss_pct_per_week) + "% of its " +
                    (opt.loss_of_start ? "starting" : "current") + " numbers a week after " +
                    std::to_string(*opt.food_weeks) + " weeks of food, rounded up");
  if (plan)
    t.notes.push_back("assault odds: the simple siege (defender x" + std::to_string(R.simple_siege.defender_troop_multiplier) +
                      " for the ratio, ignores retreat and rout, half casualties); ties " +
                      war::to_string(plan->settings.options.tie));
  rep.tables.push_back(std::move(t));
  if (!chart.labels.empty()) rep.charts.push_back(std::move(chart));
  rep.json.set("tool", kInfo.name);
  rep.json.set("command", "siege");
  rep.json.set("food_weeks", *opt.food_weeks);
  rep.json.set("loss_basis", opt.loss_of_start ? "start" : "current");
  rep.json.set("weeks", std::move(arr));
  return rep;
}

}  // namespace

void setup(CLI::App& app, Options& opt) {
  app.fallthrough();
  app.require_subcommand(1);
  opt.rate_cmd = app.add_subcommand("rate", "rate each [[force]] of the files: BFR itemised, troop class, statements, BR");
  opt.battle_cmd = app.add_subcommand("battle", "exact odds of a battle between the [[force]] tables of a file");
  opt.march_cmd = app.add_subcommand("march", "movement rate, forced march, foraging and hunger of a force");
  opt.siege_cmd = app.add_subcommand("siege", "the simple siege week by week: besieger's BR, starving defender, odds");
  for (auto* c : {opt.rate_cmd, opt.battle_cmd, opt.march_cmd, opt.siege_cmd})
    c->footer("Common options (after the subcommand or before it): FILE..., --format, --output, --explain.\n" +
              kInfo.examples);
  auto* b = opt.battle_cmd;
  b->add_flag("--roll", opt.roll, "roll 1d100 for each side and apply the result to the forces");
  b->add_option("--seed", opt.seed, "seed of the d100 rolls (default: a random seed, shown in the output)")->type_name("N");
  b->add_option("--rounds", opt.rounds, "with --roll: fight up to N battles while neither side routs or is destroyed")
      ->type_name("N");
  b->add_option("--repeat", opt.repeat, "with --roll: fight N independent battles and tally them against the exact odds")
      ->type_name("N");
  b->add_flag("--summary", opt.summary, "text, markdown and csv: one row per battle instead of every table");
  b->add_option("--write-forces", opt.write_forces, "with --roll: write the forces after the battle as TOML to FILE")
      ->type_name("FILE");
  for (auto* c : {opt.battle_cmd, opt.siege_cmd}) {
    c->add_option("--tie-policy", opt.tie_policy, "ties: reroll (default), no_result, defender or higher_br")
        ->check(CLI::IsMember({"reroll", "no_result", "defender", "higher_br"}))
        ->type_name("POLICY");
    c->add_option("--casualties", opt.casualty_reading,
                  "tactics' C+n%: points (added percentage points, default) or multiply")
        ->check(CLI::IsMember({"points", "multiply"}))
        ->type_name("READING");
    c->add_option("--ratio-reading", opt.ratio_reading,
                  "troop ratio between printed ratios: ceiling (default) or floor")
        ->check(CLI::IsMember({"ceiling", "floor"}))
        ->type_name("READING");
    c->add_flag("--siege-machine", opt.siege_machine, "Siege Machine in use: ignore the starred defender lines");
  }
  b->add_flag("--simple-siege", opt.simple_siege, "the simple siege rules: defender x4, holds, half casualties");
  b->add_option("--weeks-besieged", opt.weeks_besieged, "simple siege: weeks besieged (+5 BR a week to the attacker)")
      ->type_name("N");
  auto* m = opt.march_cmd;
  m->add_option("--troops", opt.troops, "number of troops (required)")->type_name("N");
  m->add_option("--class", opt.troop_class, "troop class: untrained, poor, below_average, fair, average, good, "
                                            "excellent or elite")
      ->check(CLI::IsMember({"untrained", "poor", "below_average", "fair", "average", "good", "excellent", "elite"}))
      ->type_name("CLASS");
  m->add_option("--bfr", opt.bfr, "basic force rating, instead of --class")->type_name("N");
  m->add_option("--rate", opt.rate_ft, "V, the movement rate of the slowest member, in feet")->type_name("FEET");
  m->add_option("--fatigue", opt.fatigue, "current fatigue: none (default), moderate or serious")
      ->check(CLI::IsMember({"none", "moderate", "serious"}))
      ->type_name("STATE");
  m->add_option("--days-without-food", opt.days_without_food, "days the force has gone without food")->type_name("N");
  auto* s = opt.siege_cmd;
  s->add_option("--weeks", opt.weeks, "weeks to project (required)")->type_name("N");
  s->add_option("--food-weeks", opt.food_weeks, "weeks of food the defender holds (required)")->type_name("N");
  s->add_option("--defender-troops", opt.defender_troops, "defender's troops, without a battle file")->type_name("N");
  s->add_flag("--loss-of-start", opt.loss_of_start, "starving losses are 10% of the starting numbers, not the current");
}

Expected<report::Report> run(const Options& opt, const cli::CommonOptions& common) {
  auto rules = war::load_rules();
  if (!rules) return rules.error();
  const war::Rules& R = **rules;
  if (opt.rate_cmd && opt.rate_cmd->parsed()) return run_rate(R, common);
  if (opt.battle_cmd && opt.battle_cmd->parsed()) return run_battle(R, opt, common);
  if (opt.march_cmd && opt.march_cmd->parsed()) return run_march(R, opt, common);
  if (opt.siege_cmd && opt.siege_cmd->parsed()) return run_siege(R, opt, common);
  return cli::usage_error("", "choose a subcommand: rate, battle, march or siege");
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with<Options>(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::war_app
