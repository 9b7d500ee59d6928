// read_battle.cpp - reading a War Machine battle file ([[force]] tables and [battle]) into a
// battle request, and placing the field paths of the battle's rule errors (see read_battle.hpp).
#include "gunpowder/war/read_battle.hpp"

#include <charconv>
#include <string_view>

#include "gunpowder/core/parallel.hpp"
#include "gunpowder/input/reader.hpp"
#include "gunpowder/war/war_input.hpp"

namespace gunpowder::war {

using input::Need;
using input::TableReader;

namespace {

/// The forces and settings read from one document.
struct FileForces {
  BattleFileSettings settings;
  std::vector<BattleForce> forces;
  std::vector<ForceOrigin> origins;
};

void read_situation(const Rules& R, TableReader& r, Force& f) {
  const auto* a = r.array("situation", Need::optional);
  if (!a) return;
  for (const auto& n : *a) {
    if (auto s = n.value<std::string>())
      f.situation.push_back(*s);
    else
      r.error_at("situation", "'situation' must list adjustment ids (strings)");
  }
  for (const auto& [id, msg] : check_situation(R, f.situation, f.role)) r.error_at("situation", msg);
}

/// "Divide forces": the troops of each part, which must add up to the force's.
std::vector<std::int64_t> read_split(TableReader& r, std::int64_t troops) {
  std::vector<std::int64_t> split;
  const auto* a = r.array("split", Need::optional);
  if (!a) return split;
  std::int64_t sum = 0;
  bool ok = a->size() >= 2;
  for (const auto& n : *a) {
    const auto v = n.value<std::int64_t>();
    if (!n.is_integer() || !v || *v < 1) {
      ok = false;
    } else {
      split.push_back(*v);
      sum += *v;
    }
  }
  if (!ok)
    r.error_at("split", "'split' must list two or more positive troop counts");
  else if (sum != troops)
    r.error_at("split", "the parts of 'split' add up to " + std::to_string(sum) + ", not the force's " +
                            std::to_string(troops) + " troops");
  return split;
}

void read_force(const Rules& R, const ForceVocabulary& vocab, const input::Document& doc, const toml::table& t,
                Diagnostics& d, FileForces& out) {
  TableReader r(doc, t, d, "[[force]]");
  BattleForce in;
  Force& f = in.force;
  const auto name = r.string("name", Need::required);
  f.name = name.value_or("");
  if (name && f.name.empty()) r.error_at("name", "a force needs a non-empty name");
  f.troops = r.integer("troops", Need::required, {1, static_cast<double>(kMaxInputTroops)}).value_or(0);
  if (auto role = r.value("role", Need::optional, {"attacker", "defender"}))
    f.role = *role == "attacker" ? Role::attacker : Role::defender;
  f.side = r.string("side", Need::optional).value_or("");
  read_force_rating(R, vocab, doc, r, d, f, "force '" + f.name + "'", "force");
  read_situation(R, r, f);
  if (auto fat = r.value("fatigue", Need::optional, {"none", "moderate", "serious"})) f.fatigue = *parse_fatigue(*fat);
  f.tactic = r.value("tactic", Need::optional, vocab.tactics);
  f.opponent = r.string("opponent", Need::optional);
  f.wounded =
      r.integer("wounded", Need::optional, input::non_negative(static_cast<double>(kMaxInputTroops))).value_or(0);
  in.split = read_split(r, f.troops);
  r.finish();
  out.forces.push_back(std::move(in));
  out.origins.push_back({&doc, &t});
}

void read_settings(const input::Document& doc, const toml::node& b, BattleFileSettings& s, Diagnostics& d) {
  const auto* t = b.as_table();
  if (!t) {
    const SourcePos p = doc.pos(b);
    d.error(p, "'battle' must be a table ([battle]), got " + input::type_name(b), doc.line(p.line));
    return;
  }
  TableReader r(doc, *t, d, "[battle]");
  s.present = true;
  s.siege_machine = r.boolean("siege_machine", Need::optional);
  s.simple_siege = r.boolean("simple_siege", Need::optional);
  s.weeks_besieged = read_opt_int(r, "weeks_besieged", input::non_negative(kMaxWeeksBesieged));
  std::vector<std::string> policies;
  for (auto p : {TiePolicy::reroll, TiePolicy::no_result, TiePolicy::defender, TiePolicy::higher_br})
    policies.push_back(to_string(p));
  s.tie_policy = r.value("tie_policy", Need::optional, policies);
  s.casualty_reading = r.value("casualty_reading", Need::optional, {"points", "multiply"});
  s.ratio_reading = r.value("troop_ratio_reading", Need::optional, {"ceiling", "floor"});
  s.percent_reading = r.value("statement_reading", Need::optional, {"up", "exact"});
  r.finish();
}

void read_file(const Rules& R, const input::Document& doc, FileForces& file, Diagnostics& d) {
  input::check_top_level(doc, {"force", "battle"}, d);
  if (const toml::node* b = doc.root.get("battle")) read_settings(doc, *b, file.settings, d);
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
  const ForceVocabulary vocab = force_vocabulary(R);
  for (const auto& node : *arr) {
    const toml::table* t = node.as_table();
    if (!t) {
      const SourcePos p = doc.pos(node);
      d.error(p, "each [[force]] must be a table, got " + input::type_name(node), doc.line(p.line));
      continue;
    }
    read_force(R, vocab, doc, *t, d, file);
  }
}

/// Reads and parses every input; all errors of all files at once. A large file of [[force]]
/// tables is read in pieces, parsed on two threads (input::for_each_piece), so one input may give
/// several documents, in file order; positions stay those of the whole file.
Expected<std::vector<input::Document>> load_documents(const std::vector<input::Source>& sources) {
  std::vector<input::Document> docs;
  Diagnostics d;
  for (const auto& source : sources) {
    input::Cut how;
    how.key = "force";
    auto read = input::for_each_piece(
        source, how,
        input::append_in_order(docs, how.threads, [](input::Document& piece, unsigned) { return std::move(piece); }));
    if (!read) return read.error();
    d.append(read->invalid);
  }
  if (!d.empty()) return d;
  return docs;
}

void take(FileForces& part, BattleInput& in) {
  // Only a whole document can hold [battle] (a file with it is never cut), so its settings are
  // those of the document that has them.
  if (part.settings.present) in.settings = part.settings;
  for (auto& f : part.forces) in.forces.push_back(std::move(f));
  in.origins.insert(in.origins.end(), part.origins.begin(), part.origins.end());
}

/// read_file() over every document, the pieces of a large file on two threads; forces and errors
/// in document order, as if read one after the other (the positions in a piece's errors are those
/// of the whole file: input::Document keeps the piece's line offset).
void read_documents(const Rules& R, BattleInput& in, Diagnostics& d) {
  const auto& docs = in.docs;
  std::vector<FileForces> parts(docs.size());
  if (docs.size() < 2) {
    for (size_t i = 0; i < docs.size(); ++i) read_file(R, docs[i], parts[i], d);
  } else {
    std::vector<Diagnostics> diags(docs.size());
    parallel::ranges(docs.size(), 2, [&](unsigned, size_t from, size_t to) {
      for (size_t i = from; i < to; ++i) read_file(R, docs[i], parts[i], diags[i]);
    });
    for (const auto& x : diags) d.append(x);
    if (!d.empty()) return;
  }
  size_t total = 0;
  for (const auto& p : parts) total += p.forces.size();
  in.forces.reserve(total);
  in.origins.reserve(total);
  for (auto& p : parts) take(p, in);
}

/// "force[12].role" -> (12, "role"); "force[12]" -> (12, ""); nullopt for any other path.
std::optional<std::pair<size_t, std::string_view>> force_path(std::string_view field) {
  constexpr std::string_view head = "force[";
  if (field.substr(0, head.size()) != head) return std::nullopt;
  field.remove_prefix(head.size());
  size_t index = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), index);
  if (ec != std::errc() || end == field.data() + field.size() || *end != ']') return std::nullopt;
  field.remove_prefix(static_cast<size_t>(end - field.data()) + 1);
  if (!field.empty() && field.front() == '.') field.remove_prefix(1);
  return std::make_pair(index, field);
}

}  // namespace

Expected<BattleInput> read_battle(const Rules& rules, const std::vector<std::string>& paths) {
  return read_battle(rules, paths, {});
}

Expected<BattleInput> read_battle(const Rules& rules, const std::vector<std::string>& paths,
                                  std::vector<input::Document> more) {
  std::vector<input::Source> sources;
  sources.reserve(paths.size());
  for (const auto& path : paths) sources.push_back(input::Source::file(path));
  return read_battle(rules, sources, std::move(more));
}

Expected<BattleInput> read_battle(const Rules& rules, const std::vector<input::Source>& sources,
                                  std::vector<input::Document> more) {
  auto docs = load_documents(sources);
  if (!docs) return docs.error();
  BattleInput in;
  in.docs = std::move(*docs);
  for (auto& doc : more) in.docs.push_back(std::move(doc));
  Diagnostics d;
  read_documents(rules, in, d);
  if (!d.empty()) return d;
  return in;
}

Diagnostics place_force_fields(const Diagnostics& in, const BattleInput& input) {
  Diagnostics out;
  for (const auto& item : in.items()) {
    const auto path = force_path(item.field);
    if (!path || path->first >= input.origins.size()) {
      out.add(item);
      continue;
    }
    const ForceOrigin& o = input.origins[path->first];
    Diagnostic placed = item;
    placed.field = std::string(path->second);
    if (placed.field.empty()) {
      // The forces as a whole: the file, without a line.
      placed.pos = SourcePos{o.doc->name, 0, 0};
      placed.code = ExitCode::data_error;
      out.add(std::move(placed));
      continue;
    }
    Diagnostics one;
    one.add(std::move(placed));
    out.append(input::place_fields(one, *o.doc, *o.table));
  }
  return out;
}

}  // namespace gunpowder::war
