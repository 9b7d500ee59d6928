// book_app.hpp - gunpowder-book: every reference table and chart of the suite as a static site, made
// in-process from the five tools' commands (pages.hpp), with the house rules in effect marked.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "gunpowder-book/pages.hpp"
#include "gunpowder/core/report.hpp"
#include "gunpowder/data/tables.hpp"

namespace gunpowder::book_app {

/// OUTDIR is the command's one input word (CommonOptions::inputs).
struct Options {
  /// --pages GLOB (repeatable): write only the pages whose name matches one of them (fnmatch), with
  /// an index and a house-rules page of those pages; empty: every page.
  std::vector<std::string> pages;
};

/// The pages of `all` that `patterns` select (every page when empty), in order; a pattern that
/// matches no page is a usage error (exit 64) naming it.
Expected<std::vector<Page>> selected_pages(const std::vector<Page>& all, const std::vector<std::string>& patterns);

extern const cli::ToolInfo kInfo;

/// The JSON document the command prints (the pages it wrote).
std::vector<const report::DocumentSpec*> documents();

/// Registers the command's options (none but the common ones).
void setup(CLI::App& app, Options& opt);
/// Writes the site into OUTDIR (common.inputs[0]): every file is added to common.outputs (written
/// by run_tool once the whole book is made); the report lists the pages.
Expected<report::Report> run(const data::Tables& tables, const Options& opt, const cli::CommonOptions& common);
/// main(): parse, run, render, write; returns the exit code.
int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

/// The files of one page (its HTML excepted): NAME.md, NAME.csv, NAME.TABLE.csv for each other
/// table, NAME.json, each as the tool prints it; and the report its markdown was made from.
struct PageFiles {
  std::vector<std::pair<std::string, std::string>> files;  ///< file name, content
  std::vector<std::string> csv_tables;                      ///< the NAME.TABLE.csv files' TABLE
  report::Report report;
};

}  // namespace gunpowder::book_app
