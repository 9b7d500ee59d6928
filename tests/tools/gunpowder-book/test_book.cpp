// gunpowder-book in-process: the site is written whole, every declared page with its files, each
// page small, every internal link resolving, tables captioned with scoped headers, nothing fetched
// from the network, the HTML's tags balanced; house rules marked cell by cell; a bad OUTDIR refused.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gunpowder-book/book_app.hpp"
#include "gunpowder-book/pages.hpp"
#include "run_app.hpp"

namespace fs = std::filesystem;
using gunpowder::testing::Run;
using gunpowder::testing::run_main;
using gunpowder::testing::write_temp;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path fresh_dir(const std::string& name) {
  const fs::path d = gunpowder::testing::temp_path(name);
  fs::remove_all(d);
  return d;
}

// The HTML elements that have no end tag.
bool is_void(const std::string& tag) {
  static const std::set<std::string> kVoid{"area",  "base", "br",   "col",    "embed", "hr", "img",
                                           "input", "link", "meta", "source", "track", "wbr"};
  return kVoid.count(tag) > 0;
}

// A small well-formedness check, independent of the writer: every start tag (but void elements and
// self-closed SVG elements) is closed by its end tag in order; the text outside tags has no bare '<'
// and every '&' starts an entity. Returns the first problem, or empty.
std::string tag_balance(const std::string& doc) {
  std::vector<std::string> open;
  size_t i = 0;
  const std::regex entity("^&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+);");
  while (i < doc.size()) {
    const char c = doc[i];
    if (c == '&') {
      const std::string rest = doc.substr(i, 12);
      if (!std::regex_search(rest, entity)) return "a bare & at " + std::to_string(i);
      ++i;
      continue;
    }
    if (c != '<') {
      ++i;
      continue;
    }
    if (doc.compare(i, 4, "<!--") == 0) {
      const size_t end = doc.find("-->", i);
      if (end == std::string::npos) return "an unclosed comment";
      i = end + 3;
      continue;
    }
    if (doc.compare(i, 2, "<!") == 0) {
      i = doc.find('>', i) + 1;
      continue;
    }
    const size_t end = doc.find('>', i);
    if (end == std::string::npos) return "an unclosed tag at " + std::to_string(i);
    std::string tag = doc.substr(i + 1, end - i - 1);
    const bool closing = !tag.empty() && tag[0] == '/';
    const bool self_closed = !tag.empty() && tag.back() == '/';
    const std::string name =
        tag.substr(closing ? 1 : 0, tag.find_first_of(" \n/", closing ? 1 : 0) - (closing ? 1 : 0));
    if (name.empty()) return "a bare < at " + std::to_string(i);
    if (closing) {
      if (open.empty() || open.back() != name)
        return "</" + name + "> closes " + (open.empty() ? std::string("nothing") : "<" + open.back() + ">");
      open.pop_back();
    } else if (!self_closed && !is_void(name)) {
      open.push_back(name);
    }
    i = end + 1;
    if (name == "script" && !closing) {  // the script's text is not HTML
      const size_t close = doc.find("</script>", i);
      if (close == std::string::npos) return "an unclosed script";
      i = close;
    }
  }
  if (!open.empty()) return "<" + open.back() + "> is never closed";
  return {};
}

// Every href and src of a document.
std::vector<std::string> links(const std::string& doc) {
  std::vector<std::string> out;
  const std::regex attr(R"re(\s(href|src)="([^"]*)")re");
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), attr); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[2].str());
  return out;
}

// The book written once into a directory shared by the test cases below.
const fs::path& built_in_book() {
  static const fs::path dir = [] {
    const fs::path d = fresh_dir("gp-book-test-site");
    const Run r = run_main(gunpowder::book_app::main, {"gunpowder-book", d.string()});
    REQUIRE_MESSAGE(r.code == 0, r.err);
    return d;
  }();
  return dir;
}

}  // namespace

TEST_CASE("book: tag balance checker finds what it should") {
  CHECK(tag_balance("<p>a <b>b</b></p>").empty());
  CHECK(tag_balance("<p><br><input id=\"x\"></p>").empty());
  CHECK_FALSE(tag_balance("<p><b>b</p></b>").empty());
  CHECK_FALSE(tag_balance("<p>a & b</p>").empty());
  CHECK_FALSE(tag_balance("<table><tr><td>x</tr></table>").empty());
  CHECK_FALSE(tag_balance("<div>").empty());
}

TEST_CASE("book: every declared page is written with its files") {
  const fs::path& d = built_in_book();
  for (const char* f : {"index.html", "house-rules.html", "style.css"}) CHECK(fs::exists(d / f));
  const auto pages = gunpowder::book_app::pages();
  CHECK(pages.size() >= 40);
  std::set<std::string> names;
  for (const auto& p : pages) {
    CAPTURE(p.name);
    CHECK(names.insert(p.name).second);  // one page a name
    for (const char* ext : {".html", ".md", ".csv", ".json"}) CHECK(fs::exists(d / (p.name + ext)));
    const std::string index = read(d / "index.html");
    CHECK(index.find("href=\"" + p.name + ".html\"") != std::string::npos);
  }
}

TEST_CASE("book: pages are small, linked within the site and fetch nothing") {
  const fs::path& d = built_in_book();
  size_t pages = 0;
  for (const auto& e : fs::directory_iterator(d)) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() != ".html" && e.path().extension() != ".css") continue;
    CAPTURE(name);
    CHECK(fs::file_size(e.path()) < 200 * 1024);
    const std::string doc = read(e.path());
    // Nothing from the network: no absolute URL in a link, a source, a stylesheet's url() or @import.
    for (const auto& link : links(doc)) {
      CAPTURE(link);
      CHECK(link.find("://") == std::string::npos);
      CHECK(link.find("//") != 0);
      if (link.empty() || link[0] == '#') continue;
      const std::string file = link.substr(0, link.find('#'));
      CHECK(fs::exists(d / file));  // every internal link resolves to a written file
    }
    CHECK(doc.find("@import") == std::string::npos);
    CHECK(doc.find("url(") == std::string::npos);
    if (e.path().extension() != ".html") continue;
    ++pages;
    CHECK(doc.find("<html lang=\"en\">") != std::string::npos);
    CHECK(tag_balance(doc) == "");
    // Every table has its caption and scoped headers.
    size_t tables = 0, pos = 0;
    while ((pos = doc.find("<table", pos)) != std::string::npos) {
      ++tables;
      const size_t end = doc.find("</table>", pos);
      const std::string table = doc.substr(pos, end - pos);
      CHECK(table.find(">\n<caption") == table.find('>'));  // the caption first
      CHECK(table.find("<th scope=\"col\"") != std::string::npos);
      CHECK(table.find("<th>") == std::string::npos);
      pos = end;
    }
    if (name != "index.html" && name != "house-rules.html") CHECK(tables > 0);
  }
  CHECK(pages == gunpowder::book_app::pages().size() + 2);
}

TEST_CASE("book: the charts are inline SVG with text alternatives") {
  const fs::path& d = built_in_book();
  for (const char* page : {"broadside-3-dice", "siege-duel-odds", "war-machine-field-campaign", "siege-machine",
                           "artillery-attack-6-pdr-gun-800-yd", "war-machine-field-battle",
                           "war-machine-odds-by-br-difference", "artillery-attack-6-pdr-gun-by-range"}) {
    CAPTURE(page);
    const std::string doc = read(d / (std::string(page) + ".html"));
    CHECK(doc.find("<svg role=\"img\" aria-labelledby=") != std::string::npos);
    CHECK(doc.find("<summary>The values of this chart</summary>") != std::string::npos);
  }
}

TEST_CASE("book: the War Machine odds by BR difference are those of the 10,000 pairs of d100") {
  // Counted here, pair by pair: the first force (BR 100 + d) wins when its C = BR + d100 is higher
  // (War Machine, Combat results), the second when lower, a tie when equal.
  const std::string doc = read(built_in_book() / "war-machine-odds-by-br-difference.html");
  const auto pct = [](int n) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f%%", n / 100.0);
    return std::string(buf);
  };
  for (int d : {-100, -50, -10, 0, 10, 30, 90, 100}) {
    CAPTURE(d);
    int win = 0, lose = 0, tie = 0;
    for (int a = 1; a <= 100; ++a)
      for (int b = 1; b <= 100; ++b) (a + d > b ? win : a + d < b ? lose : tie) += 1;
    // Battle n (from 1) of examples/war-machine-odds.toml: An at BR 10 (n - 1) against Bn at BR 100.
    const std::string n = std::to_string((d + 100) / 10 + 1);
    const std::string label = "A" + n + " v. B" + n + " (" + std::string(d > 0 ? "+" : "") + std::to_string(d) + ")";
    CHECK(doc.find("<tr><th scope=\"row\">" + label + "</th><td>" + pct(win) + "</td><td>" + pct(lose) + "</td><td>" +
                   pct(tie) + "</td></tr>") != std::string::npos);
  }
}

TEST_CASE("book: the artillery results by range agree with the pages of one range") {
  // The chart's row at 200, 800 and 1600 yd holds the P of each result that the page of that range
  // prints in its results table (direct hit, close hit, scatter; misfire = wasted + discharge).
  const std::string doc = read(built_in_book() / "artillery-attack-6-pdr-gun-by-range.html");
  for (const char* range : {"200", "800", "1600"}) {
    CAPTURE(range);
    const size_t row = doc.find(std::string("<tr><th scope=\"row\">") + range + " yd (");
    REQUIRE(row != std::string::npos);
    const std::string line = doc.substr(row, doc.find("</tr>", row) - row);
    const std::string one = read(built_in_book() / (std::string("artillery-attack-6-pdr-gun-") + range + "-yd.md"));
    for (const char* result : {"direct hit", "close hit", "scatter"}) {
      CAPTURE(result);
      const size_t at = one.find(std::string("| ") + result + " |");
      REQUIRE(at != std::string::npos);
      const std::string md_row = one.substr(at, one.find('\n', at) - at);
      // The row's P: the cell that ends in %.
      const size_t pct_end = md_row.find('%');
      REQUIRE(pct_end != std::string::npos);
      const size_t pct_start = md_row.rfind(' ', pct_end) + 1;
      CHECK(line.find("<td>" + md_row.substr(pct_start, pct_end - pct_start + 1) + "</td>") != std::string::npos);
    }
  }
}

TEST_CASE("book: --pages writes the pages it names, with an index of those") {
  const fs::path d = fresh_dir("gp-book-test-pages");
  const Run r = run_main(gunpowder::book_app::main,
                         {"gunpowder-book", d.string(), "--pages", "war-machine-march-*", "--pages", "siege-machine"});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  size_t html = 0;
  for (const auto& e : fs::directory_iterator(d))
    if (e.path().extension() == ".html") ++html;
  CHECK(html == 8 + 1 + 2);  // the eight marches, the Siege Machine, the index and the house rules
  const std::string index = read(d / "index.html");
  CHECK(index.find("href=\"war-machine-march-fair.html\"") != std::string::npos);
  CHECK(index.find("href=\"siege-machine.html\"") != std::string::npos);
  CHECK(index.find("href=\"artillery-catalogue.html\"") == std::string::npos);
  CHECK(index.find("holds 9 of the book's") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "artillery-catalogue.html"));
  const Run none = run_main(gunpowder::book_app::main, {"gunpowder-book", d.string(), "--pages", "no-such-page"});
  CHECK(none.code == 64);
  CHECK(none.err.find("--pages: no page of the book is named like 'no-such-page'") != std::string::npos);
}

TEST_CASE("book: the markdown, csv and json are what the tool prints") {
  const fs::path& d = built_in_book();
  const Run md = run_main(gunpowder::book_app::main, {"gunpowder-book", "--version"});
  CHECK(md.code == 0);
  CHECK(md.out.find("gunpowder-book ") == 0);
  // The committed reference tables are the book's (make tables-check compares them all).
  const fs::path tables = fs::path(GUNPOWDER_SOURCE_DIR) / "docs/tables";
  for (const char* f :
       {"artillery-catalogue.md", "broadside-3-dice.json", "unit-rosters.csv", "siege-duel-odds.run.csv"})
    CHECK(read(d / f) == read(tables / f));
}

TEST_CASE("book: house rules are named on every page and the changed cells marked") {
  const std::string rules = write_temp("gp-book-crew.toml",
                                       "[house_rules]\ntable = \"artillery\"\n\n[[piece]]\nname = \"24-pdr Cannon\"\n"
                                       "crew = 14\n");
  const fs::path d = fresh_dir("gp-book-test-ruled");
  const Run r = run_main(gunpowder::book_app::main, {"gunpowder-book", d.string(), "--house-rules", rules});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const std::string catalogue = read(d / "artillery-catalogue.html");
  CHECK(catalogue.find("class=\"banner\"") != std::string::npos);
  CHECK(catalogue.find("gp-book-crew.toml") != std::string::npos);
  // The 24-pdr cannon's row: its crew (13 in the book) is 14 and marked; the 36-pdr's row has no mark.
  const size_t row = catalogue.find("<th scope=\"row\">24-pdr Cannon</th>");
  REQUIRE(row != std::string::npos);
  const std::string line = catalogue.substr(row, catalogue.find("</tr>", row) - row);
  CHECK(line.find("<mark>14</mark>") != std::string::npos);
  CHECK(line.find("<mark>13</mark>") == std::string::npos);
  CHECK(line.find("<td>7</td>") != std::string::npos);  // its SHP, unchanged, unmarked
  const size_t row36 = catalogue.find("<th scope=\"row\">36-pdr Cannon</th>");
  const std::string line36 = catalogue.substr(row36, catalogue.find("</tr>", row36) - row36);
  CHECK(line36.find("<mark>") == std::string::npos);
  // Every page names the house rules; a page that shows no artillery piece has no mark.
  const std::string march = read(d / "war-machine-march-fair.html");
  CHECK(march.find("class=\"banner\"") != std::string::npos);
  CHECK(march.find("They change no figure of this page") != std::string::npos);
  CHECK(march.find("<mark>") == std::string::npos);
  CHECK(read(d / "house-rules.html").find("24-pdr Cannon") != std::string::npos);
  // A table with two columns of one header (the battles' "C-BR" of each force): each compared
  // with its own column of the book, not both with the first (20 cells were marked unchanged).
  const std::string odds = read(d / "war-machine-odds-by-br-difference.html");
  CHECK(odds.find("They change no figure of this page") != std::string::npos);
  CHECK(odds.find("<mark>") == std::string::npos);
  // The built-in book has neither banner nor mark.
  const std::string plain = read(built_in_book() / "artillery-catalogue.html");
  CHECK(plain.find("class=\"banner\"") == std::string::npos);
  CHECK(plain.find("<mark>") == std::string::npos);
}

TEST_CASE("book: OUTDIR that cannot be written is refused (exit 73)") {
  SUBCASE("a regular file") {
    const std::string file = write_temp("gp-book-a-file", "x");
    const Run r = run_main(gunpowder::book_app::main, {"gunpowder-book", file});
    CHECK(r.code == 73);
    CHECK(r.err == "gunpowder-book: error: " + file + ": cannot write the book there: not a directory\n");
  }
  SUBCASE("a directory inside a regular file") {
    const std::string file = write_temp("gp-book-a-file", "x");
    const Run r = run_main(gunpowder::book_app::main, {"gunpowder-book", file + "/book"});
    CHECK(r.code == 73);
    CHECK(r.err.find("gunpowder-book: error: " + file + "/book: cannot create the directory: ") == 0);
  }
  SUBCASE("a directory without write permission") {
    if (geteuid() == 0) {
      MESSAGE("skipped: root writes in any directory");
      return;
    }
    const fs::path d = fresh_dir("gp-book-read-only");
    fs::create_directory(d);
    chmod(d.c_str(), 0500);
    const Run r = run_main(gunpowder::book_app::main, {"gunpowder-book", d.string()});
    chmod(d.c_str(), 0700);
    CHECK(r.code == 73);
    CHECK(r.err == "gunpowder-book: error: " + d.string() + ": cannot write the book there: permission denied\n");
  }
  SUBCASE("no OUTDIR") {
    const Run r = run_main(gunpowder::book_app::main, {"gunpowder-book"});
    CHECK(r.code == 64);
    CHECK(r.out.empty());
  }
}
