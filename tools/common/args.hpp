// args.hpp - the one walk over argv before CLI11 parses it (args.cpp): where the input files begin
// ("--"), each word before that told apart as an option, an option's value or a word (the
// subcommand, an input), which word names the subcommand, and the requests that end a run before
// its options are checked (--completion, --describe-output, --print-rules), which need no
// subcommand or input. run_tool walks once; the early requests, the unknown-subcommand message and
// the refusal of a tool option that the subcommand does not offer all read that walk.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace gunpowder::cli {

/// One argument of the command line before "--".
struct Word {
  enum class Kind {
    option,  ///< "--name", "--name=value", "-x" or "-xVALUE"
    value,   ///< the value of the option before it ("--format json": json)
    word,    ///< anything else: the subcommand, an input file, "-" for standard input
  };
  Kind kind = Kind::word;
  std::string text;  ///< as given
  /// An option's name without its value ("--svg" of "--svg=x.svg", "-f" of "-fcsv").
  std::string name;
  /// The option it names, on the subcommand (after the word naming it) or the tool; nullptr for an
  /// unknown option and for --completion and --describe-output, which CLI11 does not know.
  const CLI::Option* option = nullptr;
};

/// The command line as run_tool reads it before CLI11 parses it.
struct Args {
  int split = 0;            ///< the index in argv of the first "--" (argc without one)
  std::vector<Word> words;  ///< argv[1] .. argv[split - 1]
  /// The word that names a subcommand: the first word (Word::Kind::word) that is a subcommand's
  /// name, as CLI11 finds it.
  std::optional<size_t> subcommand;
  std::optional<size_t> first_word;        ///< the first word (Word::Kind::word)
  std::optional<std::string> completion;   ///< --completion SHELL (empty when no shell follows)
  bool describe = false;                   ///< --describe-output
  std::optional<std::string> print_rules;  ///< --print-rules [TABLE] (empty: every table)
};

/// Walks argv once, before "--". The options are those of `app` and, after the word that names one
/// of its subcommands, that subcommand's first (its options are registered then: Command::set_up).
/// An option that takes a value takes the next word as its value, whatever it is, unless the value
/// is in the option's own word ("--name=value", "-xVALUE"); --completion takes the next word too,
/// --print-rules only one that does not begin with '-'; an unknown option takes none. Each early
/// request counts at its first occurrence.
Args walk_args(CLI::App& app, int argc, const char* const* argv);

}  // namespace gunpowder::cli
