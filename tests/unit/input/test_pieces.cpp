// Unit tests of input::for_each_piece, the one batch reader of the input layer: where it cuts, that
// every table is handed on once and in order with the whole input's positions, that it parses the
// input whole whenever the cut cannot be trusted (and then gives input::parse's document and
// errors), and its sources: a file, a text, standard input.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "gunpowder/input/reader.hpp"

using namespace gunpowder;

namespace {
// In the system's temporary directory, under this process's id: two runs of the suite at once
// (two checkouts) do not write each other's files.
std::string temp_file(const std::string& name, const std::string& text) {
  const auto path = (std::filesystem::temp_directory_path() / (std::to_string(getpid()) + "-" + name)).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// `n` [[piece]] tables, each with its number as `n` and a name; about 35 bytes a table.
std::string pieces(int n, int from = 0) {
  std::string t;
  for (int i = from; i < from + n; ++i)
    t += "[[piece]]\nn = " + std::to_string(i) + "\nname = \"P" + std::to_string(i) + "\"\n\n";
  return t;
}

// What for_each_piece handed on, in the order in_order saw it: each piece's first line, the size of
// its document's text (its own, or the whole input's when the input is in memory), and the
// numbers `n` of its tables.
struct Piece {
  size_t index = 0;
  int first_line = 0;
  size_t text_size = 0;
  std::vector<long long> numbers;
};
struct Seen {
  std::vector<Piece> pieces;
  int restarts = 0;
  Expected<input::Delivered> result = input::Delivered{};
  [[nodiscard]] std::vector<long long> numbers() const {
    std::vector<long long> all;
    for (const auto& p : pieces) all.insert(all.end(), p.numbers.begin(), p.numbers.end());
    return all;
  }
};

Piece describe(size_t index, const input::Document& doc) {
  Piece p{index, doc.line_offset + 1, doc.text->size(), {}};
  if (const auto* arr = doc.root.get("piece") ? doc.root.get("piece")->as_array() : nullptr)
    for (const auto& t : *arr)
      if (const auto* n = t.as_table() ? t.as_table()->get("n") : nullptr; n && n->as_integer())
        p.numbers.push_back(n->as_integer()->get());
  return p;
}

Seen read(const input::Source& source, input::Cut cut = input::Cut{"piece"}) {
  Seen seen;
  std::vector<Piece> slots(cut.threads);
  seen.result =
      input::for_each_piece(source, cut,
                            {[&](size_t i, unsigned w, const input::Document& doc) { slots.at(w) = describe(i, doc); },
                             [&](size_t, unsigned w) { seen.pieces.push_back(slots.at(w)); },
                             [&] {
                               ++seen.restarts;
                               seen.pieces.clear();
                               return true;
                             }});
  return seen;
}

Seen read_text(const std::string& text, input::Cut cut = input::Cut{"piece"}) {
  return read(input::Source::text(std::make_shared<const std::string>(text), "big.toml"), cut);
}

// The unknown keys of every [[piece]] table (a TableReader that reads only `n`), as diagnostics.
Diagnostics unknown_keys(const input::Document& doc) {
  Diagnostics d;
  for (const auto* t : input::tables_of(doc, "piece", d)) {
    input::TableReader r(doc, *t, d, "[[piece]]");
    (void)r.integer("n", input::Need::optional);
    r.finish();
  }
  return d;
}

void check_same(const Diagnostics& a, const Diagnostics& b) {
  REQUIRE(a.items().size() == b.items().size());
  for (size_t i = 0; i < a.items().size(); ++i) {
    CAPTURE(i);
    CHECK(a.items()[i].message == b.items()[i].message);
    CHECK(a.items()[i].pos.file == b.items()[i].pos.file);
    CHECK(a.items()[i].pos.line == b.items()[i].pos.line);
    CHECK(a.items()[i].pos.column == b.items()[i].pos.column);
    CHECK(a.items()[i].source_line == b.items()[i].source_line);
  }
}

// The text of each piece, cut from `input` at the first lines of the pieces.
std::vector<std::string> piece_texts(const std::string& input, const std::vector<Piece>& pieces) {
  std::vector<size_t> line_at{0};  // where each line of the input begins (0-based lines)
  for (size_t i = 0; i < input.size(); ++i)
    if (input[i] == '\n') line_at.push_back(i + 1);
  std::vector<std::string> out;
  for (size_t k = 0; k < pieces.size(); ++k) {
    const size_t from = line_at.at(static_cast<size_t>(pieces[k].first_line - 1));
    const size_t to =
        k + 1 < pieces.size() ? line_at.at(static_cast<size_t>(pieces[k + 1].first_line - 1)) : input.size();
    out.push_back(input.substr(from, to - from));
  }
  return out;
}

// Standard input replaced by a pipe that a thread fills with `text` while `fn` runs.
template <class Fn>
void with_stdin(const std::string& text, Fn fn) {
  int p[2];
  REQUIRE(::pipe(p) == 0);
  const int saved = ::dup(0);
  ::dup2(p[0], 0);
  ::close(p[0]);
  std::thread writer([&] {
    size_t at = 0;
    while (at < text.size()) {
      const ssize_t n = ::write(p[1], text.data() + at, text.size() - at);
      if (n <= 0) break;
      at += static_cast<size_t>(n);
    }
    ::close(p[1]);
  });
  fn();
  writer.join();
  ::dup2(saved, 0);
  ::close(saved);
}
}  // namespace

TEST_CASE("input::for_each_piece - where the input is cut") {
  const std::string text = "# pieces\n\n" + pieces(20000);  // about 700 KB: a dozen pieces of 64 KiB
  const std::string path = temp_file("gp-pieces-cut.toml", text);
  std::vector<long long> numbers;
  for (const bool in_memory : {true, false}) {
    CAPTURE(in_memory);
    const Seen seen = in_memory ? read_text(text) : read(input::Source::file(path));
    REQUIRE(seen.result);
    CHECK_FALSE(seen.result->whole);
    REQUIRE(seen.pieces.size() > 10);
    CHECK(seen.result->pieces == seen.pieces.size());
    CHECK(seen.restarts == 0);
    const auto texts = piece_texts(text, seen.pieces);
    std::string joined;
    for (size_t i = 0; i < seen.pieces.size(); ++i) {
      CAPTURE(i);
      const Piece& p = seen.pieces[i];
      const std::string& t = texts[i];
      CHECK(p.index == i);
      // A document holds its piece's own text, or the whole input when it is in memory.
      CHECK(p.text_size == (in_memory ? text.size() : t.size()));
      // Each piece after the first begins at a line "[[piece]]"; it ends at the first such line that
      // begins at least kChunkBytes into it, so none begins between there and its end.
      if (i > 0) CHECK(t.rfind("[[piece]]\n", 0) == 0);
      if (i + 1 < seen.pieces.size()) {
        CHECK(t.size() >= input::kChunkBytes);
        CHECK(t.find("\n[[piece]]\n", input::kChunkBytes - 1) == std::string::npos);
      }
      // Its tables are those its text holds.
      CHECK(static_cast<size_t>(std::count(t.begin(), t.end(), '[')) == 2 * p.numbers.size());
      joined += t;
    }
    CHECK(joined == text);
    numbers = seen.numbers();
    REQUIRE(numbers.size() == 20000);
    for (size_t i = 0; i < numbers.size(); ++i) REQUIRE(numbers[i] == static_cast<long long>(i));
  }

  SUBCASE("a header line with more on it, or indented, is not a cut") {
    std::string t = pieces(9000);
    t += "[[piece]] # a comment\nn = 9000\n  [[piece]]\nn = 9001\n" + pieces(9000, 9002);
    const Seen s = read_text(t);
    REQUIRE(s.result);
    CHECK_FALSE(s.result->whole);
    for (const auto& piece : piece_texts(t, s.pieces)) {
      CHECK(piece.rfind("[[piece]] #", 0) != 0);
      CHECK(piece.rfind("  [[piece]]", 0) != 0);
    }
    CHECK(s.numbers().size() == 18002);
  }
  SUBCASE("the size of a piece and the number of threads are the caller's") {
    input::Cut cut{"piece"};
    cut.piece_bytes = text.size() / 2;
    cut.threads = 1;
    const Seen two = read_text(text, cut);
    REQUIRE(two.result);
    CHECK(two.pieces.size() == 2);
    CHECK(two.numbers() == numbers);
    cut.threads = 3;
    cut.piece_bytes = 1;  // a piece a table
    const Seen each = read_text(pieces(300), cut);
    REQUIRE(each.result);
    CHECK(each.pieces.size() == 1);  // under Cut::min_bytes: parsed whole
    cut.min_bytes = 0;
    const Seen cut_each = read_text(pieces(300), cut);
    REQUIRE(cut_each.result);
    CHECK(cut_each.pieces.size() == 300);
    CHECK(cut_each.numbers().size() == 300);
  }
}

TEST_CASE("input::for_each_piece - positions and errors are those of the whole input") {
  // Unknown keys here and there, one of them in the last table, and CRLF line ends in a part.
  std::string text = "# a batch\n";
  for (int i = 0; i < 15000; ++i) {
    text += "[[piece]]\nn = " + std::to_string(i) + "\n";
    if (i % 1500 == 7) text += "  shot_weight = " + std::to_string(i) + "\n";
    if (i >= 8000 && i < 8200) text += "name = \"crlf\"\r\n";
    text += "\n";
  }
  text += "[[piece]]\nn = 15000\nlast = true\n";
  const std::string path = temp_file("gp-pieces-pos.toml", text);
  const auto whole = input::parse(text, path);
  REQUIRE(whole);
  const Diagnostics expected = unknown_keys(*whole);
  REQUIRE(expected.items().size() == 10 + 200 + 1);
  // A file (each piece its own text) and a text in memory (the pieces share it).
  for (const auto& source :
       {input::Source::file(path), input::Source::text(std::make_shared<const std::string>(text), path)}) {
    std::vector<Diagnostics> found(2);
    Diagnostics in_order;
    auto r =
        input::for_each_piece(source, input::Cut{"piece"},
                              {[&](size_t, unsigned w, const input::Document& doc) { found.at(w) = unknown_keys(doc); },
                               [&](size_t, unsigned w) { in_order.append(found.at(w)); },
                               {}});
    REQUIRE(r);
    CHECK(r->pieces > 4);
    check_same(in_order, expected);
    CHECK(in_order.items().back().source_line == "last = true");
  }
}

TEST_CASE("input::for_each_piece - an input that cannot be cut is parsed whole") {
  const std::string body = pieces(12000);  // about 400 KB
  SUBCASE("a multi-line string holding a header line, across the places of the cuts") {
    // The string begins in the third piece: the first two have been handed on when it fails.
    std::string t = pieces(5000) + "[[piece]]\nn = 5000\nname = \"\"\"\n";
    for (int i = 0; i < 20000; ++i) t += "[[piece]]\n";
    t += "\"\"\"\n" + pieces(10, 5001);
    REQUIRE(input::parse(t, "q.toml"));  // valid TOML all the same
    const Seen s = read_text(t);
    REQUIRE(s.result);
    CHECK(s.result->whole);
    CHECK(s.restarts == 1);  // the first pieces had been handed on
    REQUIRE(s.pieces.size() == 1);
    CHECK(s.pieces[0].first_line == 1);
    CHECK(s.pieces[0].text_size == t.size());
    CHECK(s.numbers().size() == 5011);
    // A second pass over the same source (a streamed batch's writing pass) parses it whole at once:
    // no piece handed on before the restart, which the writing pass could not take back.
    const auto file = input::Source::file(temp_file("gp-pieces-uncut.toml", t));
    const Seen first = read(file), second = read(file);
    REQUIRE(first.result);
    REQUIRE(second.result);
    CHECK(first.restarts == 1);
    CHECK(second.restarts == 0);
    CHECK(second.result->whole);
    CHECK(second.numbers() == first.numbers());
  }
  SUBCASE("other tables after the [[piece]] tables") {
    const Seen s = read_text(body + "[other]\nk = 1\n");
    REQUIRE(s.result);
    CHECK(s.result->whole);
    CHECK(s.restarts == 1);
    CHECK(s.numbers().size() == 12000);
  }
  SUBCASE("a key before the first table, or an indented first line") {
    for (const std::string& t : {"title = 1\n" + body, "  # x\n" + body}) {
      const Seen s = read_text(t);
      REQUIRE(s.result);
      CHECK(s.result->whole);
      CHECK(s.restarts == 0);  // found before any piece was handed on
      CHECK(s.numbers().size() == 12000);
    }
  }
  SUBCASE("rows written inline first: the whole input's own error") {
    const std::string t = "piece = [{n = -1}]\n" + body;
    const auto whole = input::parse(t, "big.toml");
    REQUIRE_FALSE(whole);
    const Seen s = read_text(t);
    REQUIRE(s.result);
    CHECK(s.pieces.empty());
    check_same(s.result->invalid, whole.error());
  }
  SUBCASE("a piece that does not parse: the whole input's error, at its place") {
    const std::string t = body + "[[piece]]\nn = = 1\n" + pieces(3000);
    const auto whole = input::parse(t, "big.toml");
    REQUIRE_FALSE(whole);
    const Seen s = read_text(t);
    REQUIRE(s.result);
    CHECK(s.result->whole);
    CHECK(s.restarts == 1);
    CHECK(s.pieces.empty());
    check_same(s.result->invalid, whole.error());
    CHECK(s.result->invalid.items()[0].pos.line == 4 * 12000 + 2);
  }
  SUBCASE("a restart refused stops there") {
    int calls = 0;
    auto r = input::for_each_piece(
        input::Source::text(std::make_shared<const std::string>(body + "[x]\n"), "b"), input::Cut{"piece"},
        {[&](size_t, unsigned, const input::Document&) { ++calls; }, {}, [] { return false; }});
    REQUIRE(r);
    CHECK(r->stopped);
    CHECK(calls > 0);
    CHECK(r->pieces == 0);
  }
  SUBCASE("an empty input, and a small one, are one piece") {
    const Seen empty = read_text("");
    REQUIRE(empty.result);
    CHECK(empty.result->whole);
    REQUIRE(empty.pieces.size() == 1);
    CHECK(empty.pieces[0].text_size == 0);
    input::Cut cut{"piece"};
    cut.min_bytes = 0;
    const Seen none = read_text("", cut);
    REQUIRE(none.result);
    CHECK(none.pieces.size() == 1);
    const Seen small = read_text(pieces(3));
    REQUIRE(small.result);
    CHECK(small.result->whole);
    CHECK(small.numbers() == std::vector<long long>{0, 1, 2});
  }
}

TEST_CASE("input::for_each_piece - in input order, one at a time, whatever the threads do") {
  std::vector<size_t> order;
  std::mutex m;
  int running = 0, most = 0;
  auto r = input::for_each_piece(input::Source::text(std::make_shared<const std::string>(pieces(20000)), "slow.toml"),
                                 input::Cut{"piece"},
                                 {[&](size_t i, unsigned, const input::Document&) {
                                    if (i % 3 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
                                  },
                                  [&](size_t i, unsigned) {
                                    {
                                      const std::lock_guard<std::mutex> l(m);
                                      most = std::max(most, ++running);
                                    }
                                    order.push_back(i);
                                    const std::lock_guard<std::mutex> l(m);
                                    --running;
                                  },
                                  {}});
  REQUIRE(r);
  REQUIRE(order.size() > 5);
  for (size_t i = 0; i < order.size(); ++i) CHECK(order[i] == i);
  CHECK(most == 1);

  SUBCASE("an exception thrown on a worker reaches the caller once every worker has stopped") {
    auto call = [&] {
      return input::for_each_piece(input::Source::text(std::make_shared<const std::string>(pieces(20000)), "t.toml"),
                                   input::Cut{"piece"},
                                   {[](size_t i, unsigned, const input::Document&) {
                                      if (i == 4) throw std::runtime_error("boom");
                                    },
                                    [](size_t, unsigned) {},
                                    {}});
    };
    CHECK_THROWS_WITH(call(), "boom");
  }
}

TEST_CASE("input::append_in_order - each piece made into a value, appended in input order") {
  // What the input before this one appended stays; a restart drops only this input's values.
  std::vector<std::vector<long long>> out{{-1}};
  auto numbers_of = [](const input::Document& doc, unsigned) { return describe(0, doc).numbers; };
  std::string t = pieces(9000) + "[[piece]]\nn = 9000\nname = \"\"\"\n";
  for (int i = 0; i < 20000; ++i) t += "[[piece]]\n";  // cut inside: parsed whole after a restart
  t += "\"\"\"\n" + pieces(3000, 9001);
  for (const std::string& text : {pieces(12000), t}) {
    const size_t before = out.size();
    auto r = input::for_each_piece(input::Source::text(std::make_shared<const std::string>(text), "t.toml"),
                                   input::Cut{"piece"}, input::append_in_order(out, 2, numbers_of));
    REQUIRE(r);
    std::vector<long long> all;
    for (size_t i = before; i < out.size(); ++i) all.insert(all.end(), out[i].begin(), out[i].end());
    REQUIRE(all.size() == (before == 1 ? 12000U : 12001U));
    for (size_t i = 0; i < all.size(); ++i) REQUIRE(all[i] == static_cast<long long>(i));
    CHECK(out.size() - before == r->pieces);
    CHECK(r->whole == (before > 1));
  }
  CHECK(out.front() == std::vector<long long>{-1});
}

TEST_CASE("input::for_each_piece - a first piece that holds more (Cut::head, a house-rules file)") {
  const std::string head = "[house_rules]\ntable = \"artillery\"\n\n";
  input::Cut cut{"piece"};
  cut.head = true;
  cut.input_lines = true;
  cut.min_bytes = 0;
  const std::string text = head + pieces(12000);
  cut.piece_bytes = text.size() / 2;
  std::vector<std::optional<input::Document>> kept(2);  // two pieces: the second is under half the text
  auto r =
      input::for_each_piece(input::Source::text(std::make_shared<const std::string>(text), "house.toml"), cut,
                            {[&](size_t i, unsigned, input::Document& doc) { kept.at(i) = std::move(doc); }, {}, {}});
  REQUIRE(r);
  CHECK_FALSE(r->whole);
  CHECK(r->pieces == 2);
  REQUIRE(kept[0]);
  REQUIRE(kept[1]);
  CHECK(kept[0]->root.contains("house_rules"));
  // The second piece was parsed with the lines of the whole file: its nodes carry them.
  const auto& rows = *kept[1]->root.get("piece")->as_array();
  const auto& last = *rows.back().as_table()->get("name");
  CHECK(last.source().begin.line == 3 + 12000 * 4 - 1);
  CHECK(kept[1]->pos(last).line == 3 + 12000 * 4 - 1);
  CHECK(kept[1]->line(kept[1]->pos(last).line) == "name = \"P11999\"");
  SUBCASE("without the head option the same file is parsed whole") {
    cut.head = false;
    const Seen s = read_text(text, cut);
    REQUIRE(s.result);
    CHECK(s.result->whole);
  }
  SUBCASE("a head whose rows are written inline is not continued: parsed whole") {
    const std::string inline_rows = "piece = [{n = 0}]\n" + head + std::string(text.size(), '#') + "\n" + pieces(5);
    cut.piece_bytes = inline_rows.size() / 2;
    const auto whole = input::parse(inline_rows, "big.toml");
    REQUIRE_FALSE(whole);
    const Seen s = read_text(inline_rows, cut);
    REQUIRE(s.result);
    CHECK(s.pieces.empty());
    check_same(s.result->invalid, whole.error());
  }
}

TEST_CASE("input::for_each_piece - its sources") {
  const std::string text = pieces(40000);  // about 1.4 MB: standard input goes to a temporary file
  SUBCASE("a file, read by two passes") {
    const auto source = input::Source::file(temp_file("gp-pieces-file.toml", text));
    const Seen a = read(source), b = read(source);
    REQUIRE(a.result);
    REQUIRE(b.result);
    CHECK(a.pieces.size() > 10);
    CHECK(a.numbers().size() == 40000);
    CHECK(b.numbers() == a.numbers());
  }
  SUBCASE("standard input, large and small, read once and by two passes") {
    for (const std::string& t : {text, pieces(300)}) {
      CAPTURE(t.size());
      const auto source = input::Source::file("-");
      CHECK(source.name() == "<stdin>");
      Seen a, b;
      with_stdin(t, [&] { a = read(source); });
      b = read(source);  // standard input is not read again
      REQUIRE(a.result);
      REQUIRE(b.result);
      CHECK(a.numbers() == b.numbers());
      CHECK(a.numbers().size() == (t.size() == text.size() ? 40000U : 300U));
      const auto whole = source.whole();
      REQUIRE(whole);
      CHECK(*whole == t);
    }
  }
  SUBCASE("what read_input refuses, refused alike") {
    std::string nul = text;
    nul[nul.size() - 3] = '\0';
    const std::string dir = std::filesystem::temp_directory_path().string();
    for (const std::string& path :
         {temp_file("gp-pieces-nul.toml", nul), dir, std::string("/nonexistent/gp-pieces.toml")}) {
      CAPTURE(path);
      const Seen s = read(input::Source::file(path));
      const auto expected = input::read_input(path);
      REQUIRE_FALSE(s.result);
      REQUIRE_FALSE(expected);
      check_same(s.result.error(), expected.error());
      CHECK(s.result.error().code() == expected.error().code());
    }
  }
}
