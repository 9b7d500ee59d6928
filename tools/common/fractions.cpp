// fractions.cpp - --fractions, declared and checked once (see fractions.hpp).
#include "common/fractions.hpp"

#include <CLI/CLI.hpp>

namespace gunpowder::cli {

CLI::Option* add_fractions_flag(CLI::App& app, bool& on) {
  return app.add_flag("--fractions", on,
                      "probabilities as exact fractions in lowest terms where the dice make them exact (text, "
                      "markdown; JSON adds \"fractions\"); not with --format csv");
}

std::optional<Diagnostics> refuse_fractions_in_csv(bool fractions, const CommonOptions& common) {
  if (!fractions || report::parse_format(common.format) != report::Format::csv) return std::nullopt;
  return usage_error("--fractions",
                     "csv writes raw values (a spreadsheet would read 1/6 as a date): use --format json, whose "
                     "\"fractions\" give them as text");
}

}  // namespace gunpowder::cli
