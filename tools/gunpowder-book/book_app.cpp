// book_app.cpp - gunpowder-book's command line: its description, examples and (common) options.
#include "gunpowder-book/book_app.hpp"

#include <fnmatch.h>

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
    "  gunpowder-book my-book --format csv\n"
    "  gunpowder-book war-machine-pages --pages 'war-machine-*'\n",
    &documents,
    false,
    "OUTDIR",
    "the directory to write the book into (made when missing)"};

void setup(CLI::App& app, Options& opt) {
  app.add_option("--pages", opt.pages,
                 "write only the pages whose name matches GLOB (repeatable; e.g. 'war-machine-*'), with "
                 "an index of those")
      ->type_name("GLOB");
}

Expected<std::vector<Page>> selected_pages(const std::vector<Page>& all, const std::vector<std::string>& patterns) {
  if (patterns.empty()) return all;
  std::vector<bool> matched(patterns.size(), false);
  std::vector<Page> out;
  for (const auto& page : all) {
    bool take = false;
    for (size_t i = 0; i < patterns.size(); ++i)
      if (fnmatch(patterns[i].c_str(), page.name.c_str(), 0) == 0) take = matched[i] = true;
    if (take) out.push_back(page);
  }
  for (size_t i = 0; i < patterns.size(); ++i)
    if (!matched[i])
      return cli::usage_error("--pages", "no page of the book is named like '" + patterns[i] +
                                             "' (a page's name is that of its file, NAME.html)");
  return out;
}

int main(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return cli::run_tool_with(kInfo, argc, argv, out, err, &setup, &run);
}

}  // namespace gunpowder::book_app
