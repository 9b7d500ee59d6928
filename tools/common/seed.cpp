// seed.cpp - --seed: parsed by hand with std::from_chars, so that a sign, an overflow or trailing
// text is refused (CLI11 2.1's own conversion clamps 2^64 and wraps -1).
#include "common/seed.hpp"

#include <CLI/CLI.hpp>
#include <charconv>
#include <functional>
#include <limits>
#include <system_error>

namespace gunpowder::cli {

namespace {

/// Shown in messages: at most this many characters of the refused value.
constexpr size_t kShownMax = 40;

std::string shown(std::string_view text) {
  std::string out;
  for (const char c : text.substr(0, kShownMax)) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  if (text.size() > kShownMax) out += "...";
  return out;
}

CLI::Option* add_checked(CLI::App& app, const std::string& name, const std::string& help,
                         std::function<void(std::uint64_t)> store) {
  return app
      .add_option_function<std::string>(
          name,
          [name, store = std::move(store)](const std::string& text) {
            const auto v = parse_seed(text);
            if (!v) throw CLI::ValidationError(name, seed_range_message(text));
            store(*v);
          },
          help)
      ->type_name("N");
}

}  // namespace

std::optional<std::uint64_t> parse_seed(std::string_view text) {
  // Digits only: from_chars would take a leading '-' for an unsigned type as an error, but a '+'
  // or spaces must not slip through either.
  if (text.empty()) return std::nullopt;
  for (const char c : text)
    if (c < '0' || c > '9') return std::nullopt;
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

std::string seed_range_message(std::string_view text) {
  return "must be an integer from 0 to " + std::to_string(std::numeric_limits<std::uint64_t>::max()) + ", got " +
         (text.empty() ? std::string("nothing") : shown(text));
}

CLI::Option* add_seed_option(CLI::App& app, std::optional<std::uint64_t>& seed, const std::string& help,
                             const std::string& name) {
  return add_checked(app, name, help, [&seed](std::uint64_t v) { seed = v; });
}

CLI::Option* add_seed_option(CLI::App& app, std::uint64_t& seed, const std::string& help, const std::string& name) {
  return add_checked(app, name, help, [&seed](std::uint64_t v) { seed = v; });
}

}  // namespace gunpowder::cli
