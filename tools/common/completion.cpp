// completion.cpp - bash, zsh and fish completion scripts made from a tool's CLI11 option tree.
#include "common/completion.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <ostream>
#include <string_view>
#include <utility>

#include "common/args.hpp"
#include "common/cli.hpp"
#include "common/commands.hpp"
#include "gunpowder/core/escape.hpp"

namespace gunpowder::cli {

namespace {

enum class ValueKind { none, file, words, free };

/// One option as the scripts see it.
struct OptSpec {
  std::vector<std::string> names;  ///< "-f", "--format"
  std::string description;
  std::string value_name;       ///< FORMAT, FILE, N...
  int values = 0;               ///< words after the option (0: a flag)
  bool optional_value = false;  ///< --print-rules [TABLE]
  bool repeatable = false;
  ValueKind kind = ValueKind::none;
  std::vector<std::string> words;  ///< the values offered (kind words)
};

/// One command (the tool, or a subcommand): the options valid there, its own and those it takes
/// from its parent through fallthrough.
struct CmdSpec {
  std::string name, description;
  std::vector<OptSpec> options;
  bool inputs = false;            ///< takes input files (TOML)
  bool input_dir = false;         ///< its one input word is a directory it writes (gunpowder-book's OUTDIR)
  bool needs_subcommand = false;  ///< require_subcommand
  std::vector<CmdSpec> subs;
};

/// A value a script can offer as it is: no blank, quote or shell metacharacter.
bool plain_word(const std::string& w) {
  return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.' || c == '+' || c == '/';
  });
}

/// The values an option takes, as its command declares them (cli::choices, cli::completion_values);
/// those a script cannot offer as one word are left out.
std::vector<std::string> option_words(const data::Tables& tables, const CLI::App& cmd, const CLI::Option& opt) {
  std::vector<std::string> out;
  if (const auto* c = dynamic_cast<const Command*>(&cmd))
    for (const auto& w : c->values_of(&opt, tables))
      if (plain_word(w)) out.push_back(w);
  return out;
}

OptSpec option_spec(const data::Tables& tables, const CLI::App& cmd, CLI::Option& opt) {
  OptSpec o;
  for (const auto& s : opt.get_snames()) o.names.push_back("-" + s);
  for (const auto& l : opt.get_lnames()) o.names.push_back("--" + l);
  o.description = opt.get_description();
  const std::string type = opt.get_type_name();
  o.value_name = type.substr(0, type.find(':'));
  if (opt.get_type_size_max() == 0 || opt.get_expected_max() == 0) return o;  // a flag
  o.values = std::max(1, opt.get_expected_min());
  o.optional_value = opt.get_expected_min() == 0;
  o.repeatable = opt.get_expected_max() > std::max(1, opt.get_expected_min());
  o.words = option_words(tables, cmd, opt);
  if (!o.words.empty())
    o.kind = ValueKind::words;
  else if (o.value_name == "FILE")
    o.kind = ValueKind::file;
  else
    o.kind = ValueKind::free;
  return o;
}

bool shares_a_name(const std::vector<OptSpec>& options, const OptSpec& o) {
  return std::any_of(options.begin(), options.end(), [&](const OptSpec& x) {
    return std::any_of(o.names.begin(), o.names.end(), [&](const std::string& n) {
      return std::find(x.names.begin(), x.names.end(), n) != x.names.end();
    });
  });
}

/// The tree of `app`: every subcommand, every option not hidden (an empty group), with the values
/// the options offer from `tables`.
CmdSpec collect(const data::Tables& tables, CLI::App& app, const CmdSpec* parent) {
  CmdSpec c;
  c.name = app.get_name();
  c.description = app.get_description();
  c.needs_subcommand = app.get_require_subcommand_min() > 0;
  for (CLI::Option* o : app.get_options()) {
    if (o->get_group().empty()) continue;
    if (o->get_positional()) {
      c.inputs = true;
      c.input_dir = o->get_type_name() == "DIR";
      continue;
    }
    c.options.push_back(option_spec(tables, app, *o));
  }
  // fallthrough: what the subcommand does not know goes to its parent (e.g. --format after it),
  // those options of the parent that it honours (cli::offers).
  if (parent && app.get_fallthrough()) {
    const CLI::App* tool = app.get_parent();
    bool inputs = parent->inputs;
    if (tool)
      for (const CLI::Option* o : tool->get_options())
        if (o->get_positional() && !offers(app, *o)) inputs = false;
    c.inputs = c.inputs || inputs;
    for (const auto& p : parent->options) {
      const CLI::Option* o = tool && !p.names.empty() ? tool->get_option_no_throw(p.names.back()) : nullptr;
      if (o && !offers(app, *o)) continue;
      if (!shares_a_name(c.options, p)) c.options.push_back(p);
    }
  }
  const std::function<bool(CLI::App*)> all = [](CLI::App*) { return true; };
  for (CLI::App* sub : app.get_subcommands(all)) c.subs.push_back(collect(tables, *sub, &c));
  return c;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

std::vector<std::string> sub_names(const CmdSpec& c) {
  std::vector<std::string> names;
  for (const auto& s : c.subs) names.push_back(s.name);
  return names;
}

/// A shell function name made of `s`: "war-machine" -> "war_machine".
std::string identifier(const std::string& s) {
  std::string out;
  for (char ch : s) out += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return out;
}

/// A description on one line, for the shells that show it beside a match.
std::string one_line(const std::string& d) {
  std::string out;
  for (char ch : d) out += (ch == '\n' || ch == '\t') ? ' ' : ch;
  return out;
}

// ---- bash ----------------------------------------------------------------------------------

/// The commands of the tree with their paths ("" for the tool, "battle" for a subcommand).
void flatten(const CmdSpec& c, const std::string& path, std::vector<std::pair<std::string, const CmdSpec*>>& out) {
  out.emplace_back(path, &c);
  for (const auto& s : c.subs) flatten(s, path.empty() ? s.name : path + " " + s.name, out);
}

/// A case arm's patterns: "path|name"|...
std::string bash_patterns(const std::string& path, const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) {
    if (!out.empty()) out += '|';
    out.append("\"").append(path).append("|").append(n).append("\"");
  }
  return out;
}

const char* const kBashHelpers = R"(_gunpowder_words() {  # $1 the words, $2 the word being completed
  mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "$1" -- "$2")
}
_gunpowder_files() {  # $1 toml (input files: TOML files and directories), dir (directories) or any, $2 the word
  compopt -o filenames 2>/dev/null
  if [[ "$1" == toml ]]; then
    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -X '!*.toml' -- "$2"; compgen -d -- "$2")
  elif [[ "$1" == dir ]]; then
    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -d -- "$2")
  else
    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$2")
  fi
}
)";

const char* const kBashPrologue = R"(  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" cmd="" skip=0 i w words=""
  COMPREPLY=()
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  # --option=value: bash splits it at "=" (COMP_WORDBREAKS), or leaves it whole.
  if [[ "$cur" == "=" ]]; then
    cur=""
  elif [[ "$prev" == "=" ]] && ((COMP_CWORD > 1)); then
    prev="${COMP_WORDS[COMP_CWORD-2]}"
  elif [[ "$cur" == --*=* ]]; then
    prev="${cur%%=*}"
    cur="${cur#*=}"
  fi
  # The subcommand, skipping the values of the options before the word.
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="${COMP_WORDS[i]}"
    if ((skip > 0)); then
      skip=$((skip - 1))
      [[ "$w" == "=" ]] && skip=1
      continue
    fi
    if [[ "$w" == "--" ]]; then
      _gunpowder_files toml "$cur"
      return 0
    fi
    case "$cmd|$w" in
)";

/// The arms of the scan: a subcommand changes the command, an option skips its values.
std::string bash_scan_arms(const std::vector<std::pair<std::string, const CmdSpec*>>& cmds) {
  std::string out;
  std::vector<std::string> skips(4);
  for (const auto& [path, c] : cmds) {
    for (const auto& s : c->subs) {
      const std::string to = path.empty() ? s.name : path + " " + s.name;
      out += "      " + bash_patterns(path, {s.name}) + ") cmd=\"" + to + "\" ;;\n";
    }
    for (const auto& o : c->options) {
      if (o.values == 0 || o.optional_value) continue;
      auto& arm = skips[static_cast<size_t>(std::min(o.values, 3))];
      arm += (arm.empty() ? "" : "|") + bash_patterns(path, o.names);
    }
  }
  for (size_t n = 1; n < skips.size(); ++n)
    if (!skips[n].empty()) out += "      " + skips[n] + ") skip=" + std::to_string(n) + " ;;\n";
  return out;
}

/// The arms completing the value of the option before the word.
std::string bash_value_arms(const std::vector<std::pair<std::string, const CmdSpec*>>& cmds) {
  std::string files, free, out;
  for (const auto& [path, c] : cmds)
    for (const auto& o : c->options) {
      const std::string pat = bash_patterns(path, o.names);
      if (o.kind == ValueKind::words) {
        const std::string words = "_gunpowder_words \"" + join(o.words, " ") + "\" \"$cur\"";
        out += "    " + pat + ")\n      " +
               (o.optional_value ? "[[ \"$cur\" == -* ]] || { " + words + "; return 0; }\n"
                                 : words + "\n      return 0\n") +
               "      ;;\n";
      } else if (o.kind == ValueKind::file) {
        files += (files.empty() ? "" : "|") + pat;
      } else if (o.kind == ValueKind::free && !o.optional_value) {
        free += (free.empty() ? "" : "|") + pat;
      }
    }
  if (!files.empty()) out += "    " + files + ")\n      _gunpowder_files any \"$cur\"\n      return 0\n      ;;\n";
  if (!free.empty()) out += "    " + free + ")\n      return 0  # a number or a name: nothing to offer\n      ;;\n";
  return out;
}

std::string bash_script(const CmdSpec& tree, const std::string& tool) {
  std::vector<std::pair<std::string, const CmdSpec*>> cmds;
  flatten(tree, "", cmds);
  const std::string fn = "_gunpowder_" + identifier(tool);
  std::string s = "# bash completion for " + tool + " (gunpowder suite), made from its option tree by `" + tool +
                  " --completion bash`.\n";
  s += kBashHelpers;
  s += fn + "() {\n";
  std::string prologue = kBashPrologue;  // after "--": the inputs (OUTDIR: a directory)
  if (tree.input_dir) prologue.replace(prologue.find("_gunpowder_files toml"), 21, "_gunpowder_files dir");
  s += prologue;
  s += bash_scan_arms(cmds);
  s += "    esac\n  done\n  case \"$cmd|$prev\" in\n";
  s += bash_value_arms(cmds);
  s += "  esac\n  if [[ \"$cur\" == -* ]]; then\n    case \"$cmd\" in\n";
  for (const auto& [path, c] : cmds) {
    std::vector<std::string> names;
    for (const auto& o : c->options) names.insert(names.end(), o.names.begin(), o.names.end());
    s += "      \"" + path + "\") words=\"" + join(names, " ") + "\" ;;\n";
  }
  s += "    esac\n    _gunpowder_words \"$words\" \"$cur\"\n    return 0\n  fi\n  case \"$cmd\" in\n";
  for (const auto& [path, c] : cmds) {
    std::string what;
    if (!c->subs.empty()) what += " _gunpowder_words \"" + join(sub_names(*c), " ") + "\" \"$cur\";";
    if (c->inputs && !c->needs_subcommand)
      what += std::string(" _gunpowder_files ") + (c->input_dir ? "dir" : "toml") + " \"$cur\";";
    if (!what.empty()) s.append("    \"").append(path).append("\")").append(what).append(" ;;\n");
  }
  s += "  esac\n  return 0\n}\ncomplete -F " + fn + " " + tool + "\n";
  return s;
}

// ---- zsh -----------------------------------------------------------------------------------

/// `s` inside a single-quoted zsh word.
std::string zsh_quote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

/// The text of an _arguments description ([...]), or of a message (:...:) with `colon`.
std::string zsh_text(const std::string& s, bool colon = false) {
  std::string out;
  for (char ch : one_line(s)) {
    if (ch == '[' || ch == ']' || ch == '\\' || (colon && ch == ':')) out += '\\';
    out += ch;
  }
  return out;
}

/// The _arguments specs of one option, one for each of its names.
std::vector<std::string> zsh_specs(const OptSpec& o) {
  std::string action;
  for (int i = 0; i < o.values; ++i) {
    action += o.optional_value ? "::" : ":";
    action += zsh_text(o.value_name.empty() ? "VALUE" : o.value_name, true) + ":";
    if (o.kind == ValueKind::words)
      action += "(" + join(o.words, " ") + ")";
    else if (o.kind == ValueKind::file)
      action += "_files";
    else
      action += " ";
  }
  const std::string exclusion = o.repeatable ? "*" : "(" + join(o.names, " ") + ")";
  std::vector<std::string> specs;
  for (const auto& n : o.names)
    specs.push_back(zsh_quote(exclusion + n + "[" + zsh_text(o.description) + "]" += action));
  return specs;
}

std::string zsh_array(const std::string& name, const CmdSpec& c) {
  std::string s = "  local -a " + name + "=(\n";
  for (const auto& o : c.options)
    for (const auto& spec : zsh_specs(o)) s += "    " + spec + "\n";
  if (c.inputs)
    s += "    " + zsh_quote(c.input_dir ? "*:directory:_files -/" : "*:input file:_files -g \"*.toml(-.)\"") + "\n";
  return s + "  )\n";
}

std::string zsh_script(const CmdSpec& tree, const std::string& tool) {
  const std::string fn = "_gunpowder_" + identifier(tool);
  std::string s = "#compdef " + tool + "\n# zsh completion for " + tool +
                  " (gunpowder suite), made from its option tree by `" + tool + " --completion zsh`.\n";
  s += fn + "() {\n  local curcontext=\"$curcontext\" state state_descr line ret=1\n  typeset -A opt_args\n";
  s += zsh_array("top", tree);
  if (tree.subs.empty()) return s + "  _arguments -S $top && ret=0\n  return ret\n}\n" + fn + " \"$@\"\n";
  for (const auto& sub : tree.subs) s += zsh_array("sub_" + identifier(sub.name), sub);
  s += "  local -a commands=(\n";
  for (const auto& sub : tree.subs) s += "    " + zsh_quote(sub.name + ":" + one_line(sub.description)) + "\n";
  s += "  )\n";
  // Without the input files in the tool's specs: the first word is a subcommand or a file.
  // -A "-*": no option of the tool's after the subcommand; its specs complete them there.
  s += "  _arguments -C -S -A '-*' ${top:#\\*:input file:*} ': :->command' '*:: :->args' && ret=0\n";
  s += "  case $state in\n    command)\n      _describe -t commands " + zsh_quote(tool + " subcommand") +
       " commands && ret=0\n";
  if (tree.inputs && !tree.needs_subcommand) s += "      _files -g '*.toml(-.)' && ret=0\n";
  s += "      ;;\n    args)\n      case $words[1] in\n";
  for (const auto& sub : tree.subs)
    s += "        (" + sub.name + ") _arguments -S $sub_" + identifier(sub.name) + " && ret=0 ;;\n";
  if (tree.inputs && !tree.needs_subcommand) s += "        (*) _arguments -S $top && ret=0 ;;\n";
  s += "      esac\n      ;;\n  esac\n  return ret\n}\n" + fn + " \"$@\"\n";
  return s;
}

// ---- fish ----------------------------------------------------------------------------------

std::string fish_quote(const std::string& s) {
  std::string out = "'";
  for (char ch : one_line(s)) {
    if (ch == '\'' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "'";
}

const char* const kFishHelpers =
    R"(function __gunpowder_toml_files --description 'input files: TOML files and directories'
    set -l token (commandline -ct)
    string match -r -- '^[^\t]+(?:\.toml|/)(?:\t.*)?$' (complete -C "__fish_command_without_completions $token")
end
)";

std::string fish_option(const std::string& tool, const std::string& condition, const OptSpec& o) {
  std::string s = "complete -c " + tool;
  if (!condition.empty()) s += " -n " + fish_quote(condition);
  for (const auto& n : o.names) s += (n.size() == 2 ? " -s " : " -l ") + n.substr(n.size() == 2 ? 1 : 2);
  if (o.kind == ValueKind::words)
    s += " -x -a " + fish_quote(join(o.words, " "));
  else if (o.kind == ValueKind::file)
    s += " -r -F";
  else if (o.kind == ValueKind::free)
    s += " -x";
  return s + " -d " + fish_quote(o.description) + "\n";
}

std::string fish_command(const std::string& tool, const std::string& condition, const CmdSpec& c) {
  std::string s;
  for (const auto& o : c.options) s += fish_option(tool, condition, o);
  if (c.inputs && !c.needs_subcommand) {
    s += "complete -c " + tool;
    if (!condition.empty()) s += " -n " + fish_quote(condition);
    s += c.input_dir ? " -a '(__fish_complete_directories)'\n" : " -a '(__gunpowder_toml_files)'\n";
  }
  return s;
}

std::string fish_script(const CmdSpec& tree, const std::string& tool) {
  std::string s = "# fish completion for " + tool + " (gunpowder suite), made from its option tree by `" + tool +
                  " --completion fish`.\n";
  s += kFishHelpers;
  s += "complete -c " + tool + " -f  # files only where a file is expected\n";
  const std::string subs = join(sub_names(tree), " ");
  const std::string top = subs.empty() ? "" : "not __fish_seen_subcommand_from " + subs;
  for (const auto& sub : tree.subs)
    s += "complete -c " + tool + " -n " + fish_quote(top) + " -a " + sub.name + " -d " + fish_quote(sub.description) +
         "\n";
  s += fish_command(tool, top, tree);
  for (const auto& sub : tree.subs) s += fish_command(tool, "__fish_seen_subcommand_from " + sub.name, sub);
  return s;
}

}  // namespace

std::optional<std::string> completion_script(CLI::App& app, const std::string& tool, const std::string& shell) {
  if (shell != "bash" && shell != "zsh" && shell != "fish") return std::nullopt;
  set_up_all(app);              // the options of every subcommand, not only of one the command line names
  const data::Tables built_in;  // the scripts offer the names of the built-in tables
  const CmdSpec tree = collect(built_in, app, nullptr);
  if (shell == "bash") return bash_script(tree, tool);
  if (shell == "zsh") return zsh_script(tree, tool);
  return fish_script(tree, tool);
}

std::optional<int> print_completion_if_asked(CLI::App& app, const std::string& tool, const Args& args,
                                             std::ostream& out, std::ostream& err) {
  const std::optional<std::string>& asked = args.completion;
  if (!asked) return std::nullopt;
  const auto script = completion_script(app, tool, *asked);
  if (!script) {
    const Diagnostics bad =
        usage_error("--completion", "unknown shell " + escape::visible(*asked) + " (bash, zsh or fish)");
    for (const auto& item : bad.items()) err << format_diagnostic(tool, item);
    err.flush();
    return static_cast<int>(ExitCode::usage);
  }
  out << *script;
  out.flush();
  return 0;
}

}  // namespace gunpowder::cli
