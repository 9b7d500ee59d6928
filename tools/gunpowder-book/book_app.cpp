// book_app.cpp - gunpowder-book's command line: its description, examples and (common) options.
#include "gunpowder-book/book_app.hpp"

#include <CLI/CLI.hpp>

namespace gunpowder::book_app {

const cli::ToolInfo kInfo{
    "gunpowder-book",
    "Writes the reference book into OUTDIR: a static site of every reference table and chart of the "
    "suite (the artillery and unit catalogues, broadsides, arquebus fire, marches, a battle, a campaign, "
    "sieges), a page each with its citation, notes, charts and the same table as markdown, csv and JSON "
    "beside it; an index by book and chapter, and a page of the house rules in effect. With house rules "
    "(--house-rules, GUNPOWDER_RULES) every page names the files and marks the figures they changed. "
    "Open OUTDIR/index.html in a browser: it needs no network. OUTDIR is created when missing; the "
    "files of the book in it are replaced.",
    "Examples:\n"
    "  gunpowder-book my-book\n"
    "  gunpowder-book my-book --house-rules house-rules/30-pdr-gun.toml\n"
    "  gunpowder-book my-book --format csv\n",
    &documents,
    false,
    "OUTDIR",
    "the directory to write the book into (made when missing)"};

void setup(CLI::App& /*app*/, Options& /*opt*/) {}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::book_app
