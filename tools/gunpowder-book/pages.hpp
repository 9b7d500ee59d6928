// pages.hpp - the reference book's pages, declared once: each is a command of one of the five tools,
// written as a page of the site and as the reference tables of docs/tables (markdown, csv, json).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "gunpowder/core/report.hpp"
#include "gunpowder/data/tables.hpp"

namespace gunpowder::book_app {

/// One page: its file name (NAME.html, NAME.md, NAME.csv, NAME.TABLE.csv, NAME.json), the book and
/// chapter the index files it under, its heading, and the command that makes it.
struct Page {
  std::string name;
  std::string book;
  std::string chapter;
  std::string title;
  std::string tool;               ///< one of the five tools
  std::vector<std::string> args;  ///< its command line, without the tool's name
};

/// Every page, in the order of the index (books, then chapters, as they come).
std::vector<Page> pages();

/// Runs `tool` in-process on `tables` with `args` (as `tool ARGS...` would run with those tables):
/// its exit code; its standard output and errors in `out` and `err`; the report it rendered in
/// `kept` (when set and the run succeeded). Unknown tool: 70.
int run_page_tool(const data::Tables& tables, const std::string& tool, const std::vector<std::string>& args,
                  std::ostream& out, std::ostream& err, report::Report* kept);

}  // namespace gunpowder::book_app
