// json.cpp - serialisation of the ordered JSON value (locale-independent numbers).
#include "gunpowder/json.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace gunpowder::json {

const Value* Value::find(const std::string& key) const {
  if (!is_object()) return nullptr;
  for (const auto& [k, v] : object())
    if (k == key) return &v;
  return nullptr;
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

namespace {

std::string number(double d) {
  if (!std::isfinite(d)) return "null";
  if (d == 0) return "0";  // also folds -0
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, d);
  return std::string(buf, r.ptr);
}

void write(std::string& out, const Value& v, int indent, bool pretty) {
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
    const decltype(nl)& newline;
    void operator()(std::monostate) const { out += "null"; }
    void operator()(bool b) const { out += b ? "true" : "false"; }
    void operator()(std::int64_t i) const { out += std::to_string(i); }
    void operator()(double d) const { out += number(d); }
    void operator()(const std::string& s) const { out += quote(s); }
    void operator()(const Array& a) const {
      if (a.empty()) { out += "[]"; return; }
      out += '[';
      for (size_t i = 0; i < a.size(); ++i) {
        if (i) out += ',';
        newline(indent + 1);
        write(out, a[i], indent + 1, pretty);
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
        out += quote(o[i].first);
        out += pretty ? ": " : ":";
        write(out, o[i].second, indent + 1, pretty);
      }
      newline(indent);
      out += '}';
    }
  };
  std::visit(Visitor{out, indent, pretty, nl}, v.storage());
}

}  // namespace

std::string dump(const Value& v) {
  std::string out;
  write(out, v, 0, true);
  return out + '\n';
}

std::string dump_compact(const Value& v) {
  std::string out;
  write(out, v, 0, false);
  return out;
}

}  // namespace gunpowder::json
