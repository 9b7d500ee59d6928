// site.cpp - gunpowder-book's run: each page's command run in-process on the run's tables (and,
// under house rules, on the built-in tables, to mark the cells that differ), written as HTML beside
// the markdown, csv and JSON the tool prints.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "common/describe.hpp"
#include "gunpowder-book/book_app.hpp"
#include "gunpowder-book/html.hpp"
#include "gunpowder-book/pages.hpp"
#include "gunpowder/core/model.hpp"
#include "gunpowder/core/parallel.hpp"
#include "gunpowder/data/house_rules.hpp"
#include "gunpowder/data/tables.hpp"

namespace gunpowder::book_app {

const std::vector<data::EmbeddedFile>& example_files();  // generated: the pages' example inputs

namespace {
namespace fs = std::filesystem;
using report::Field;
using report::Kind;

constexpr Field kPage{"name", "Page", Kind::text, "",
                      "The page's name: NAME.html, with NAME.md, NAME.csv and NAME.json beside it."};
constexpr Field kBook{"rule_book", "Book", Kind::text, "", "The rule book the page is filed under in the index."};
constexpr Field kChapter{"chapter", "Chapter", Kind::text, "", "Its chapter in the index."};
constexpr Field kTitle{"title", "Title", Kind::text, "", "The page's heading."};
constexpr Field kChangedCells{"changed_cells", "Changed cells", Kind::count, "",
                              "The cells of the page a house rule changed (0 without house rules)."};

const report::TableSpec& pages_spec() {
  static const report::TableSpec s("pages", "Pages written", "one page of the book",
                                   {kPage, kBook, kChapter, kTitle, kChangedCells});
  return s;
}

// The example inputs of the pages, written into a private temporary directory that is the working
// directory while the pages are made (their commands name examples/FILE, as in a checkout, and
// their outputs show that name); the working directory is restored and the directory removed after.
class ExampleInputs {
 public:
  ExampleInputs() {
    std::error_code ec;
    old_ = fs::current_path(ec);
    std::string templ = (fs::temp_directory_path(ec) / "gunpowder-book.XXXXXX").string();
    if (mkdtemp(templ.data()) == nullptr) return;
    dir_ = templ;
    fs::create_directory(dir_ / "examples", ec);
    for (const auto& f : example_files())
      std::ofstream(dir_ / "examples" / std::string(f.name), std::ios::binary)
          .write(f.text.data(), static_cast<std::streamsize>(f.text.size()));
    fs::current_path(dir_, ec);
    ok_ = !ec;
  }
  ~ExampleInputs() {
    std::error_code ec;
    if (!old_.empty()) fs::current_path(old_, ec);
    if (!dir_.empty()) fs::remove_all(dir_, ec);
  }
  ExampleInputs(const ExampleInputs&) = delete;
  ExampleInputs& operator=(const ExampleInputs&) = delete;
  [[nodiscard]] bool ok() const { return ok_; }

 private:
  fs::path old_, dir_;
  bool ok_ = false;
};

// A page's command failed: its error, named.
Diagnostics page_failed(const Page& page, int code, const std::string& err) {
  std::string command = page.tool;
  for (const auto& a : page.args) command += " " + a;
  std::string text = err;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  Diagnostics d;
  d.error({}, "page " + page.name + " (" + command + ") failed: " + text, {},
          code == 0 ? ExitCode::internal : static_cast<ExitCode>(code));
  return d;
}

// Runs the page's command with `extra` arguments; its standard output.
Expected<std::string> page_output(const data::Tables& tables, const Page& page, const std::vector<std::string>& extra,
                                  report::Report* kept = nullptr) {
  std::vector<std::string> args = page.args;
  args.insert(args.end(), extra.begin(), extra.end());
  std::ostringstream out, err;
  const int code = run_page_tool(tables, page.tool, args, out, err, kept);
  if (code != 0) return page_failed(page, code, err.str());
  return out.str();
}

// The files of a page: markdown (every table), csv (the main table), a csv for each other table
// (what `--format csv --table NAME` prints, made from the same run), json.
Expected<PageFiles> page_files(const data::Tables& tables, const Page& page) {
  PageFiles p;
  auto md = page_output(tables, page, {"--format", "markdown"}, &p.report);
  if (!md) return md.error();
  p.files.emplace_back(page.name + ".md", std::move(*md));
  // What the markdown shows: without the tables only --distributions shows.
  std::erase_if(p.report.tables,
                [](const report::Table& t) { return t.spec != nullptr && t.spec->on_request && !t.asked; });
  report::Report csv_report;
  auto csv = page_output(tables, page, {"--format", "csv"}, &csv_report);
  if (!csv) return csv.error();
  p.files.emplace_back(page.name + ".csv", std::move(*csv));
  auto json = page_output(tables, page, {"--format", "json"});
  if (!json) return json.error();
  p.files.emplace_back(page.name + ".json", std::move(*json));
  const std::string main = report::main_table_name(csv_report);
  for (const auto& name : report::table_names(csv_report)) {
    if (name == main) continue;
    report::Report one = csv_report;
    if (!cli::table_alone(one, name)) continue;
    p.files.emplace_back(page.name + "." + name + ".csv", report::render(one, report::Format::csv, false));
    p.csv_tables.push_back(name);
  }
  return p;
}

std::string files_text(const data::Tables& tables) {
  std::string names;
  for (const auto& f : tables.house_rules_files()) names += (names.empty() ? "" : ", ") + html(f.name);
  return names;
}

// The banner of a page under house rules: the files, and how many of the page's cells they changed.
std::string banner(const data::Tables& tables, size_t changed, bool index) {
  if (!tables.house_rules_in_effect()) return {};
  std::string out = "<div class=\"banner\" role=\"note\"><strong>House rules in effect:</strong> " +
                    files_text(tables) + ". ";
  if (index)
    out += changed == 0 ? "They change no figure of this book."
                        : "They change " + std::to_string(changed) + " figures of this book, marked on each page.";
  else
    out += changed == 0 ? "They change no figure of this page."
                        : "They change " + std::to_string(changed) +
                              (changed == 1 ? " figure" : " figures") + " of this page, <mark>marked</mark>.";
  out += " <a href=\"house-rules.html\">What they change</a></div>\n";
  return out;
}

bool is_house_rules_table(const report::Table& t) {
  return t.spec == &cli::house_rules_changes_spec() || t.spec == &cli::house_rules_files_spec();
}

struct PageHtml {
  std::string text;
  size_t changed = 0;
};

// A page's HTML: heading, command, the files beside it, each table (the cells that differ from
// `book`'s marked), the charts.
PageHtml page_html_of(const data::Tables& tables, const Page& page, const PageFiles& files,
                      const report::Report* book) {
  std::vector<report::Table> scratch, book_scratch;
  const auto& shown = report::shown_to(files.report.tables, report::Shown::people, scratch);
  std::vector<report::Table> no_tables;
  const auto& book_shown =
      book != nullptr ? report::shown_to(book->tables, report::Shown::people, book_scratch) : no_tables;
  std::string body = "<h1>" + html(page.title) + "</h1>\n<p class=\"where\">" + html(page.book) + ", " +
                     html(page.chapter) + ". Made by <code>" + html(page.tool);
  for (const auto& a : page.args) body += " " + html(a);
  body += "</code>.</p>\n<p class=\"files\">The same tables: <a href=\"" + html(page.name) +
          ".md\">markdown</a> <a href=\"" + html(page.name) + ".csv\">csv</a> ";
  for (const auto& t : files.csv_tables)
    body += "<a href=\"" + html(page.name + "." + t) + ".csv\">csv (" + html(t) + ")</a> ";
  body += "<a href=\"" + html(page.name) + ".json\">JSON</a></p>\n";
  PageHtml out;
  std::map<std::string, size_t> seen;  // a table's name -> its tables so far (the book's n-th of that name)
  size_t index = 0;
  for (const auto& t : shown) {
    if (is_house_rules_table(t)) continue;
    const std::string name = report::table_name(t);
    const size_t nth = seen[name]++;
    const report::Table* match = nullptr;
    size_t k = 0;
    for (const auto& b : book_shown)
      if (report::table_name(b) == name && k++ == nth) {
        match = &b;
        break;
      }
    size_t count = 0;
    const CellMarks marks = compare_cells(t, match, count);
    out.changed += count;
    append_table(body, t, marks, "t" + std::to_string(++index));
  }
  append_charts(body, files.report.charts, page.name);
  out.text = page_html(page.title, banner(tables, out.changed, false), body);
  return out;
}

// The index; `of` is the number of pages of the whole book (more than all.size() with --pages).
std::string index_html(const data::Tables& tables, const std::vector<Page>& all, const std::vector<size_t>& changed,
                       size_t of) {
  size_t total = 0;
  for (size_t c : changed) total += c;
  std::string body =
      "<h1>The gunpowder reference book</h1>\n<p>Every reference table and chart of the gunpowder suite, by book "
      "and chapter, each with its citation, notes and the same table as markdown, csv and JSON.</p>\n";
  if (all.size() < of)
    body += "<p>This copy holds " + std::to_string(all.size()) + " of the book's " + std::to_string(of) +
            " pages, those chosen with <code>--pages</code>.</p>\n";
  body +=
      "<p class=\"filter\"><label for=\"filter\">Filter the pages</label><br><input type=\"search\" id=\"filter\" "
      "aria-describedby=\"filter-count\" autocomplete=\"off\"> <output id=\"filter-count\" for=\"filter\" "
      "aria-live=\"polite\"></output></p>\n<div id=\"contents\">\n";
  std::string book, chapter;
  for (size_t i = 0; i < all.size(); ++i) {
    const Page& p = all[i];
    if (p.book != book) {
      if (!book.empty()) body += "</ul>\n</section>\n</section>\n";
      book = p.book;
      chapter.clear();
      body += "<section class=\"group\">\n<h2>" + html(book) + "</h2>\n";
    }
    if (p.chapter != chapter) {
      if (!chapter.empty()) body += "</ul>\n</section>\n";
      chapter = p.chapter;
      body += "<section class=\"group\">\n<h3>" + html(chapter) + "</h3>\n<ul>\n";
    }
    body += "<li class=\"page\"><a href=\"" + html(p.name) + ".html\">" + html(p.title) + "</a>";
    if (changed[i] > 0) body += " <mark>" + std::to_string(changed[i]) + " changed</mark>";
    body += "</li>\n";
  }
  if (!book.empty()) body += "</ul>\n</section>\n</section>\n";
  body += "</div>\n";
  return page_html("Contents", banner(tables, total, true), body, filter_script());
}

std::string house_rules_html(const data::Tables& tables, const std::vector<Page>& all,
                             const std::vector<size_t>& changed) {
  std::string body = "<h1>House rules</h1>\n";
  if (!tables.house_rules_in_effect()) {
    body +=
        "<p>No house rules are in effect: every figure of this book is the rule books'.</p>\n<p>To make a book "
        "with your own, write a house-rules file (<code>gunpowder-book --print-rules TABLE</code> prints a "
        "built-in table to start from) and run <code>gunpowder-book my-book --house-rules my-rules.toml</code>; "
        "every page then names the files and marks the figures they change.</p>\n";
    return page_html("House rules", {}, body);
  }
  report::Table files;
  files.title = "The files in effect, in order (a later file overrides an earlier one)";
  files.columns = {{"file", "File"}, {"table", "Table"}, {"description", "Description"}};
  for (const auto& f : tables.house_rules_files()) files.rows.push_back({f.name, f.table, f.description});
  append_table(body, files, {}, "files");
  report::Table changes;
  changes.title = "What they change";
  changes.columns = {{"file", "File"},   {"table", "Table"},        {"path", "Figure or row"},
                     {"action", "Change"}, {"built_in", "Built in"}, {"value", "House rule"}};
  for (const auto& c : tables.house_rule_changes())
    changes.rows.push_back({c.file, c.table, c.path, c.action, c.built_in, c.value});
  append_table(body, changes, {}, "changes");
  body += "<h2>Pages with changed figures</h2>\n<ul>\n";
  bool any = false;
  for (size_t i = 0; i < all.size(); ++i)
    if (changed[i] > 0) {
      any = true;
      body += "<li><a href=\"" + html(all[i].name) + ".html\">" + html(all[i].title) + "</a>: " +
              std::to_string(changed[i]) + " changed</li>\n";
    }
  if (!any) body += "<li>None: the house rules change no figure these pages show.</li>\n";
  body += "</ul>\n";
  size_t total = 0;
  for (size_t c : changed) total += c;
  return page_html("House rules", banner(tables, total, true), body);
}

// OUTDIR: made when missing; a file there, or a directory that cannot be made or written, is 73.
Expected<std::string> out_dir(const cli::CommonOptions& common) {
  if (common.inputs.size() != 1)
    return cli::usage_error("", common.inputs.empty() ? "give the directory to write the book into (OUTDIR)"
                                                      : "give one directory to write the book into (OUTDIR)");
  const std::string dir = common.inputs.front();
  if (dir.empty() || dir == "-") return cli::usage_error("", "OUTDIR must name a directory");
  std::error_code ec;
  const auto status = fs::status(dir, ec);
  if (fs::exists(status) && !fs::is_directory(status))
    return Expected<std::string>::failure(dir + ": cannot write the book there: not a directory", {},
                                          ExitCode::cant_create);
  if (!fs::exists(status) && !fs::create_directories(dir, ec))
    return Expected<std::string>::failure(dir + ": cannot create the directory: " + ec.message(), {},
                                          ExitCode::cant_create);
  if (access(dir.c_str(), W_OK | X_OK) != 0)
    return Expected<std::string>::failure(dir + ": cannot write the book there: permission denied", {},
                                          ExitCode::cant_create);
  return fs::absolute(dir, ec).lexically_normal().string();
}

}  // namespace

std::vector<const report::DocumentSpec*> documents() {
  static const report::DocumentSpec d("gunpowder-book", "pages", 1, "The pages gunpowder-book wrote.",
                                      {&pages_spec()});
  return {&d};
}

namespace {
// One page made: its files and HTML, or why it failed.
struct MadePage {
  std::optional<PageFiles> files;
  PageHtml html;
  std::optional<Diagnostics> failed;
};

MadePage make_page(const data::Tables& tables, const data::Tables* built_in, const Page& page) {
  MadePage m;
  auto files = page_files(tables, page);
  if (!files) {
    m.failed = files.error();
    return m;
  }
  report::Report book;
  if (built_in != nullptr) {
    auto made = page_output(*built_in, page, {"--format", "markdown"}, &book);
    if (!made) {
      m.failed = made.error();
      return m;
    }
  }
  m.html = page_html_of(tables, page, *files, built_in != nullptr ? &book : nullptr);
  m.files = std::move(*files);
  return m;
}
}  // namespace

Expected<report::Report> run(const data::Tables& tables, const Options& opt, const cli::CommonOptions& common) {
  auto chosen = selected_pages(pages(), opt.pages);
  if (!chosen) return chosen.error();
  // House rules that break a table (every book mortar removed, say) refuse the book before its
  // directory is made, with the table's own error rather than as a page's failure.
  if (tables.house_rules_in_effect())
    for (const auto* producer : data::producers())
      if (auto built = producer->encode(tables); !built) return built.error();
  auto dir = out_dir(common);
  if (!dir) return dir.error();
  const std::vector<Page> all = std::move(*chosen);
  std::optional<data::Tables> built_in;
  if (tables.house_rules_in_effect()) built_in.emplace();
  // The pages on two threads, every other page each (the heavy ones are not neighbours); the
  // tables are shared (data::Tables is thread-safe), every page's results its own.
  std::vector<MadePage> made(all.size());
  {
    ExampleInputs examples;
    if (!examples.ok())
      return Expected<report::Report>::failure("cannot make a temporary directory for the example inputs", {},
                                               ExitCode::cant_create);
    const auto part = [&](size_t first) {
      for (size_t i = first; i < all.size(); i += 2)
        made[i] = make_page(tables, built_in ? &*built_in : nullptr, all[i]);
    };
    parallel::both([&] { part(0); }, [&] { part(1); });
  }
  report::Report r;
  r.document = documents().front();
  report::Table listed(pages_spec());
  std::vector<size_t> changed(all.size(), 0);
  for (size_t i = 0; i < all.size(); ++i) {
    if (made[i].failed) return *made[i].failed;
    const Page& page = all[i];
    changed[i] = made[i].html.changed;
    for (auto& [name, text] : made[i].files->files) common.outputs.add("OUTDIR", *dir + "/" + name, std::move(text));
    common.outputs.add("OUTDIR", *dir + "/" + page.name + ".html", std::move(made[i].html.text));
    listed.add_row(
        {page.name, page.book, page.chapter, page.title, report::cell::integer(static_cast<long long>(changed[i]))});
  }
  common.outputs.add("OUTDIR", *dir + "/index.html", index_html(tables, all, changed, pages().size()));
  common.outputs.add("OUTDIR", *dir + "/house-rules.html", house_rules_html(tables, all, changed));
  common.outputs.add("OUTDIR", *dir + "/style.css", stylesheet());
  r.tables.push_back(std::move(listed));
  return r;
}

}  // namespace gunpowder::book_app
