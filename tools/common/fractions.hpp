// fractions.hpp - the --fractions option the tools with exact odds share (fire-odds, war-machine):
// declared once with its help, refused with --format csv in one message, and applied to a
// report's tables by report::show_fractions (gunpowder/core/report.hpp; the fractions themselves:
// gunpowder/core/fraction.hpp).
#pragma once

#include <optional>
#include <string>

#include "common/cli.hpp"
#include "gunpowder/core/error.hpp"

namespace gunpowder::cli {

/// Registers --fractions on `app`, storing into `on`.
CLI::Option* add_fractions_flag(CLI::App& app, bool& on);

/// The usage error (exit 64) of --fractions with --format csv, or nothing: csv writes raw values,
/// and a spreadsheet would read 1/6 as a date.
std::optional<Diagnostics> refuse_fractions_in_csv(bool fractions, const CommonOptions& common);

}  // namespace gunpowder::cli
