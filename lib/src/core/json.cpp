// json.cpp - serialisation of the ordered JSON value (locale-independent numbers).
#include "gunpowder/core/json.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ostream>
#include <stdexcept>

#include "gunpowder/core/escape.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/parallel.hpp"

namespace gunpowder::json {

const Value* Value::find(const std::string& key) const {
  if (!is_object()) return nullptr;
  for (const auto& [k, v] : object())
    if (k == key) return &v;
  return nullptr;
}

namespace {
constexpr char kHex[] = "0123456789abcdef";

void append_u00(std::string& out, char32_t c) {
  out += "\\u00";
  out += kHex[(c >> 4) & 0xF];
  out += kHex[c & 0xF];
}

}  // namespace

// A JSON string: quotes and backslashes escaped, every control character (C0, DEL and C1) as an
// escape, and each sequence of bytes that is not UTF-8 as U+FFFD, so that the output is always
// valid UTF-8 (RFC 8259 section 8.1) whatever a name given on the command line holds.
void append_quoted(std::string& out, std::string_view s) {
  out += '"';
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;  // a run of bytes that need nothing is copied at once
    while (j < s.size()) {
      const auto c = static_cast<unsigned char>(s[j]);
      if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') break;
      ++j;
    }
    out.append(s.substr(i, j - i));
    if (j == s.size()) break;
    i = j;
    const auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: {
        if (c < 0x80) {  // C0 control or DEL
          append_u00(out, c);
          break;
        }
        const escape::Utf8Step step = escape::utf8_next(s, i);
        if (!step.valid) out += escape::kReplacement;
        else if (step.code_point <= 0x9F) append_u00(out, step.code_point);
        else out.append(s.substr(i, step.length));
        i += step.length;
        continue;
      }
    }
    ++i;
  }
  out += '"';
}

Value schema(std::string_view tool, std::string_view document, int version) {
  Value s = object();
  s.set("name", "gunpowder/" + std::string(tool) + "/" + std::string(document));
  s.set("version", version);
  return s;
}

Value document(std::string_view tool, std::string_view document, int version) {
  Value d = object();
  d.set("schema", schema(tool, document, version));
  return d;
}

std::string quote(const std::string& s) {
  std::string out;
  append_quoted(out, s);
  return out;
}

namespace {

void append_number(std::string& out, double d) {
  if (!std::isfinite(d)) {
    out += "null";
    return;
  }
  out += fmtnum::shortest(d, kSignificantDigits);
}

void append_integer(std::string& out, std::int64_t i) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, i);
  out.append(buf, r.ptr);
}

// Arrays of at least this many elements are written on two threads, each half into its own
// string, joined in order (a batch of 100,000 units or pieces).
constexpr size_t kParallelElements = 20000;
// Written to a stream (dump_to), the text goes out whenever this much has gathered between two
// elements of an array.
constexpr size_t kFlushBytes = 1 << 20;

void write(std::string& out, const Value& v, int indent, bool pretty, std::ostream* sink = nullptr) {
  const auto nl = [&](int level) {
    if (pretty) {
      out += '\n';
      out.append(static_cast<size_t>(level) * 2, ' ');
    }
  };
  struct Visitor {
    std::string& out;
    int indent;
    bool pretty;
    std::ostream* sink;
    const decltype(nl)& newline;
    void operator()(std::monostate) const { out += "null"; }
    void operator()(bool b) const { out += b ? "true" : "false"; }
    void operator()(std::int64_t i) const { append_integer(out, i); }
    void operator()(double d) const { append_number(out, d); }
    void operator()(const std::string& s) const { append_quoted(out, s); }
    void operator()(const Raw& r) const {
      if (!pretty || r.level != indent) throw std::logic_error("json: raw text placed at another level or compact");
      out += r.text;
    }
    void operator()(const Array& a) const {
      if (a.empty()) { out += "[]"; return; }
      out += '[';
      auto elements = [&](std::string& o, size_t from, size_t to, std::ostream* to_sink) {
        for (size_t i = from; i < to; ++i) {
          if (i) o += ',';
          if (pretty) {
            o += '\n';
            o.append(static_cast<size_t>(indent + 1) * 2, ' ');
          }
          write(o, a[i], indent + 1, pretty, to_sink);
          if (to_sink && o.size() >= kFlushBytes) {
            to_sink->write(o.data(), static_cast<std::streamsize>(o.size()));
            o.clear();
          }
        }
      };
      if (sink) {
        elements(out, 0, a.size(), sink);
      } else if (a.size() >= kParallelElements) {
        std::string second;
        parallel::both([&] { elements(out, 0, a.size() / 2, nullptr); },
                       [&] { elements(second, a.size() / 2, a.size(), nullptr); });
        out += second;
      } else {
        elements(out, 0, a.size(), nullptr);
      }
      newline(indent);
      out += ']';
    }
    void operator()(const Object& o) const {
      if (o.empty()) { out += "{}"; return; }
      out += '{';
      for (size_t i = 0; i < o.size(); ++i) {
        if (i) out += ',';
        newline(indent + 1);
        append_quoted(out, o[i].first);
        out += pretty ? ": " : ":";
        write(out, o[i].second, indent + 1, pretty, sink);
      }
      newline(indent);
      out += '}';
    }
  };
  std::visit(Visitor{out, indent, pretty, sink, nl}, v.storage());
}

// The bytes of raw text held in `v`: dump() reserves them at once, so that a large batch of
// serialised elements is copied into the output once, not at every doubling of the string.
size_t raw_bytes(const Value& v) {
  if (const auto* r = std::get_if<Raw>(&v.storage())) return r->text.size();
  size_t n = 0;
  if (const auto* a = std::get_if<Array>(&v.storage()))
    for (const auto& e : *a) n += raw_bytes(e);
  if (const auto* o = std::get_if<Object>(&v.storage()))
    for (const auto& m : *o) n += raw_bytes(m.second);
  return n;
}

}  // namespace

std::string dump(const Value& v) {
  std::string out;
  if (const size_t n = raw_bytes(v)) out.reserve(n + n / 16 + 4096);
  write(out, v, 0, true);
  out += '\n';
  return out;
}

void dump_to(std::ostream& os, const Value& v) {
  std::string out;
  out.reserve(2 * kFlushBytes);
  write(out, v, 0, true, &os);
  out += '\n';
  os.write(out.data(), static_cast<std::streamsize>(out.size()));
}

std::string dump_at(const Value& v, int level) {
  std::string out;
  write(out, v, level, true);
  return out;
}

ArrayStream::ArrayStream(std::ostream& os, const Value& head, const std::string& key) : os_(os) {
  // As write() lays out an object at level 0 whose member `key` is an array (level 1).
  std::string out = "{";
  bool first = true;
  for (const auto& [k, v] : head.object()) {
    out += first ? "\n  " : ",\n  ";
    first = false;
    append_quoted(out, k);
    out += ": ";
    json::write(out, v, 1, true);
  }
  out += first ? "\n  " : ",\n  ";
  append_quoted(out, key);
  out += ": [";
  os_.write(out.data(), static_cast<std::streamsize>(out.size()));
}

void ArrayStream::append(std::string& block, const std::string& element) {
  block += ",\n    ";
  block += element;
}

void ArrayStream::append(std::string& block, const Value& element) {
  block += ",\n    ";
  json::write(block, element, 2, true);
}

void ArrayStream::write(const std::string& block) {
  if (block.empty()) return;
  // The first element of the array has no comma before it.
  const size_t skip = any_ ? 0 : 1;
  any_ = true;
  os_.write(block.data() + skip, static_cast<std::streamsize>(block.size() - skip));
}

void ArrayStream::finish() {
  const char* end = any_ ? "\n  ]\n}\n" : "]\n}\n";
  os_.write(end, static_cast<std::streamsize>(std::char_traits<char>::length(end)));
}

std::string dump_compact(const Value& v) {
  std::string out;
  write(out, v, 0, false);
  return out;
}

}  // namespace gunpowder::json
