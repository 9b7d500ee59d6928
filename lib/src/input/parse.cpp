// parse.cpp - a TOML text parsed into a Document (toml++'s errors turned into diagnostics), and a
// large file of `[[key]]` tables parsed in pieces on several threads (parse_chunked,
// for_each_chunk): the same document, positions and errors as one parse, else parsed whole.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <exception>
#include <thread>
#include <utility>

#include "gunpowder/core/parallel.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::input {

std::vector<size_t> line_starts(const std::string& text) {
  std::vector<size_t> out{0};
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' && i + 1 < text.size()) out.push_back(i + 1);
  return out;
}

Expected<Document> parse(std::string text, std::string name) {
  Document doc;
  doc.name = std::move(name);
  doc.text = std::make_shared<const std::string>(std::move(text));
  doc.line_starts = std::make_shared<const std::vector<size_t>>(line_starts(*doc.text));
  try {
    doc.root = toml::parse(std::string_view(*doc.text), std::string_view(doc.name));
  } catch (const toml::parse_error& e) {
    const auto& b = e.source().begin;
    Diagnostics d;
    std::string msg(e.description());
    if (!msg.empty()) msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
    while (!msg.empty() && msg.back() == '.') msg.pop_back();
    d.error(SourcePos{doc.name, static_cast<int>(b.line), static_cast<int>(b.column)}, "invalid TOML: " + msg,
            doc.line(static_cast<int>(b.line)));
    return d;
  }
  return doc;
}

namespace {
// Line indices at which the pieces of a file of `[[key]]` tables start: the first header line,
// then the first header line at or after each 1/pieces of the text. Empty when the file does not
// open (after blank and comment lines) with the header, so it cannot be cut.
std::vector<size_t> cut_lines(const std::string& t, const std::vector<size_t>& starts, const std::string& header,
                              size_t pieces) {
  std::vector<size_t> cuts;
  for (size_t li = 0; li < starts.size(); ++li) {
    const size_t from = starts[li];
    size_t to = t.find('\n', from);
    if (to == std::string::npos) to = t.size();
    std::string_view line(t.data() + from, to - from);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    if (line != header) return {};
    cuts.push_back(li);
    break;
  }
  if (cuts.empty()) return {};
  auto is_header = [&](size_t from) {
    if (t.compare(from, header.size(), header) != 0) return false;
    const size_t end = from + header.size();
    return end == t.size() || t[end] == '\n' || t[end] == '\r';
  };
  for (size_t k = 1; k < pieces; ++k) {
    const size_t target = t.size() * k / pieces;
    auto it = std::lower_bound(starts.begin(), starts.end(), target);
    for (size_t li = std::max(static_cast<size_t>(it - starts.begin()), cuts.back() + 1); li < starts.size(); ++li)
      if (is_header(starts[li])) {
        cuts.push_back(li);
        break;
      }
  }
  return cuts;
}

// Parses the lines [cuts[i], cuts[i+1]) of the text as a piece of the whole file; nothing when it
// does not parse or holds anything but the array of `key` tables at top level (the cut is then
// not to be trusted).
std::optional<Document> parse_piece(const std::shared_ptr<const std::string>& text,
                                    const std::shared_ptr<const std::vector<size_t>>& starts, const std::string& name,
                                    std::string_view key, const std::vector<size_t>& cuts, size_t i) {
  const std::string& t = *text;
  const size_t from = (*starts)[cuts[i]];
  const size_t to = i + 1 < cuts.size() ? (*starts)[cuts[i + 1]] : t.size();
  std::optional<Document> d(std::in_place);
  d->name = name;
  d->text = text;
  d->line_starts = starts;
  d->line_offset = static_cast<int>(cuts[i]);
  try {
    d->root = toml::parse(std::string_view(t.data() + from, to - from), std::string_view(name));
  } catch (const toml::parse_error&) {
    return std::nullopt;
  }
  if (d->root.size() != 1 || !d->root.contains(key) || !d->root.get(key)->is_array_of_tables()) return std::nullopt;
  return d;
}
}  // namespace

Expected<std::vector<Document>> parse_chunked(std::string text, const std::string& name, std::string_view key,
                                              unsigned threads) {
  auto whole = [&](std::string s) -> Expected<std::vector<Document>> {
    auto d = parse(std::move(s), name);
    if (!d) return d.error();
    std::vector<Document> v;
    v.push_back(std::move(*d));
    return v;
  };
  if (threads < 2 || text.size() < (1u << 20)) return whole(std::move(text));
  auto shared_text = std::make_shared<const std::string>(std::move(text));
  auto starts = std::make_shared<const std::vector<size_t>>(line_starts(*shared_text));
  const std::vector<size_t> cuts = cut_lines(*shared_text, *starts, "[[" + std::string(key) + "]]", threads);
  if (cuts.empty()) return whole(*shared_text);
  const size_t n = cuts.size();
  std::vector<std::optional<Document>> parts(n);
  parallel::ranges(n, static_cast<unsigned>(n), [&](unsigned, size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) parts[i] = parse_piece(shared_text, starts, name, key, cuts, i);
  });
  for (const auto& p : parts)
    if (!p) return whole(*shared_text);
  std::vector<Document> out;
  out.reserve(n);
  for (auto& p : parts) out.push_back(std::move(*p));
  return out;
}

bool for_each_chunk(const std::shared_ptr<const std::string>& text, const std::string& name, std::string_view key,
                    unsigned threads, const std::function<void(size_t)>& prepare,
                    const std::function<void(size_t, unsigned, const Document&)>& use) {
  if (threads < 2 || text->size() < kChunkMinBytes) return false;
  auto starts = std::make_shared<const std::vector<size_t>>(line_starts(*text));
  const std::vector<size_t> cuts =
      cut_lines(*text, *starts, "[[" + std::string(key) + "]]", std::max<size_t>(threads, text->size() / kChunkBytes));
  if (cuts.size() < 2) return false;
  prepare(cuts.size());
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  // An exception in `use` (or out of memory) stops every worker and is thrown again here, once
  // all have stopped: a thread must not end on an exception.
  std::vector<std::exception_ptr> thrown(threads);
  auto work = [&](unsigned worker) {
    try {
      for (size_t i = next++; i < cuts.size() && !failed; i = next++) {
        std::optional<Document> d = parse_piece(text, starts, name, key, cuts, i);
        if (!d) {
          failed = true;
          return;
        }
        use(i, worker, *d);
      }
    } catch (...) {
      thrown[worker] = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < threads; ++k) pool.emplace_back(work, k);
  work(0);
  for (auto& th : pool) th.join();
  for (const auto& e : thrown)
    if (e) std::rethrow_exception(e);
  return !failed;
}

}  // namespace gunpowder::input
