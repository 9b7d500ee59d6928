// completion.hpp - shell completion scripts (bash, zsh, fish) made from a tool's own CLI11 option
// tree: its subcommands, the options valid after each (with those a subcommand takes from its
// parent through fallthrough), their values as the commands declare them (commands.hpp:
// cli::choices, cli::completion_values) and which of them name files. The hidden flag
// --completion SHELL prints the script; the build writes them into the build tree and installs
// them (completions/CMakeLists.txt), so that no script is kept by hand.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common/args.hpp"

namespace CLI {
class App;
class Validator;
}  // namespace CLI

namespace gunpowder::cli {

/// The completion script of the tool `tool` for `shell` ("bash", "zsh" or "fish"), made from
/// every subcommand and option registered on `app`; nullopt for another shell.
std::optional<std::string> completion_script(CLI::App& app, const std::string& tool, const std::string& shell);

/// The hidden flag: when the command line (before any "--") holds "--completion SHELL" or
/// "--completion=SHELL" (Args::completion), prints the script to `out` and returns 0, or reports a
/// usage error to `err` and returns 64 (an unknown or missing shell). Returns nullopt when it does
/// not ask for a script.
std::optional<int> print_completion_if_asked(CLI::App& app, const std::string& tool, const Args& args,
                                             std::ostream& out, std::ostream& err);

}  // namespace gunpowder::cli
