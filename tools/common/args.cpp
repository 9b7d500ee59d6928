// args.cpp - the one walk over argv before CLI11 parses it (args.hpp).
#include "common/args.hpp"

#include <string_view>

#include "common/commands.hpp"

namespace gunpowder::cli {

namespace {
// The subcommand of `app` named `word`, or nullptr.
CLI::App* subcommand_named(CLI::App& app, const std::string& word) {
  for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    if (sub->get_name() == word) return sub;
  return nullptr;
}

// The option `name` of the subcommand named so far, else of the tool; nullptr when neither has it.
const CLI::Option* option_named(CLI::App& app, CLI::App* sub, const std::string& name) {
  if (sub)
    if (const CLI::Option* opt = sub->get_option_no_throw(name)) return opt;
  return app.get_option_no_throw(name);
}

// Reads the option word `w` (Kind::option): its name, the option, the early request it makes; `next`
// is the word after it (nullptr at the end). Returns how many of the words after it are its values.
int read_option(CLI::App& app, CLI::App* sub, Word& w, const char* next, Args& a) {
  const bool is_long = w.text[1] == '-';
  const size_t eq = is_long ? w.text.find('=') : std::string::npos;
  w.name = is_long ? w.text.substr(0, eq) : w.text.substr(0, 2);
  const bool attached = is_long ? eq != std::string::npos : w.text.size() > 2;
  const std::string own = attached ? w.text.substr(is_long ? eq + 1 : 2) : std::string();
  if (w.name == "--describe-output") {
    a.describe = true;
    return 0;
  }
  if (w.name == "--completion") {
    if (!a.completion) a.completion = attached ? own : next ? next : "";
    return attached || !next ? 0 : 1;
  }
  w.option = option_named(app, sub, w.name);
  if (w.name == "--print-rules") {
    const bool takes = !attached && next && next[0] != '-';
    if (!a.print_rules) a.print_rules = attached ? own : takes ? next : "";
    return takes ? 1 : 0;
  }
  if (!w.option || attached || !next || w.option->get_items_expected_min() == 0) return 0;
  return 1;  // CLI11 takes the first value whatever it looks like
}
}  // namespace

Args walk_args(CLI::App& app, int argc, const char* const* argv) {
  Args a;
  a.split = argc;
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--") {
      a.split = i;
      break;
    }
  CLI::App* sub = nullptr;
  for (int i = 1; i < a.split; ++i) {
    Word w;
    w.text = argv[i];
    if (w.text.size() < 2 || w.text[0] != '-') {  // "-" alone is standard input, a word
      if (!a.first_word) a.first_word = a.words.size();
      CLI::App* named = sub ? nullptr : subcommand_named(app, w.text);
      if (named) {
        sub = named;
        a.subcommand = a.words.size();
        if (auto* c = dynamic_cast<Command*>(sub)) c->set_up();  // its options, which the words after it may name
      }
      a.words.push_back(std::move(w));
      continue;
    }
    w.kind = Word::Kind::option;
    const int values = read_option(app, sub, w, i + 1 < a.split ? argv[i + 1] : nullptr, a);
    a.words.push_back(std::move(w));
    for (int k = 0; k < values; ++k) {
      Word v;
      v.kind = Word::Kind::value;
      v.text = argv[++i];
      a.words.push_back(std::move(v));
    }
  }
  return a;
}

}  // namespace gunpowder::cli
