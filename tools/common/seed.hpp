// seed.hpp - the --seed option every seeded tool shares: a decimal integer from 0 to
// 18,446,744,073,709,551,615 (64 bits); anything else (a sign, a larger number, trailing text) is
// a usage error naming the flag, never a value clamped or wrapped into range.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// CLI11 is declared, not included: it is the heaviest header of the build, and only the files that
// register options (the setup functions) include <CLI/CLI.hpp> themselves.
namespace CLI {
class App;
class Option;
class Validator;
}  // namespace CLI

namespace gunpowder::cli {

/// The seed written as `text`, if it is a plain decimal integer that fits in 64 bits.
std::optional<std::uint64_t> parse_seed(std::string_view text);

/// The usage message for a seed that parse_seed refuses, e.g. "must be an integer from 0 to
/// 18446744073709551615, got -1".
std::string seed_range_message(std::string_view text);

/// Registers `name` (normally "--seed") on `app`, storing into `seed`; a value parse_seed refuses
/// stops the parse with a usage error (exit 64) "<name>: must be an integer from 0 to ...".
CLI::Option* add_seed_option(CLI::App& app, std::optional<std::uint64_t>& seed, const std::string& help,
                             const std::string& name = "--seed");
CLI::Option* add_seed_option(CLI::App& app, std::uint64_t& seed, const std::string& help,
                             const std::string& name = "--seed");

}  // namespace gunpowder::cli
