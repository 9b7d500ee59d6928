// json_stream.cpp - a report's JSON document written as its rows are made (json_stream.hpp).
#include "common/json_stream.hpp"

#include <ostream>
#include <stdexcept>

#include "gunpowder/core/json.hpp"

namespace gunpowder::cli {

void append_json_objects(std::string& out, const report::Table& t) {
  if (t.spec != nullptr && t.spec->layout == report::Layout::record) {
    out += ",\n    ";
    report::append_json_record(out, t, 2);
    return;
  }
  const report::JsonRows rows(t, 2);
  for (const auto& row : t.rows) {
    out += ",\n    ";
    rows.append(out, row);
  }
}

JsonDocumentStream::JsonDocumentStream(std::ostream& os, const report::DocumentSpec& doc) : os_(os), doc_(doc) {
  json::Value head = json::document(doc.tool, doc.name, doc.version);
  head.set("tool", std::string(doc.tool));
  std::string out = "{";
  for (const auto& [k, v] : head.object()) {
    out += out.size() == 1 ? "\n  " : ",\n  ";
    json::append_quoted(out, k);
    out += ": " + json::dump_at(v, 1);
  }
  os_.write(out.data(), static_cast<std::streamsize>(out.size()));
  spill_.resize(doc.tables.size());
  any_.resize(doc.tables.size(), false);
  while (open_ < doc_.tables.size() && !shown(open_)) ++open_;
  if (open_ < doc_.tables.size()) open(open_);
}

JsonDocumentStream::~JsonDocumentStream() {
  for (FILE* f : spill_)
    if (f) std::fclose(f);
}

size_t JsonDocumentStream::index(const report::TableSpec* spec) const {
  for (size_t i = 0; i < doc_.tables.size(); ++i)
    if (doc_.tables[i] == spec) return i;
  throw std::logic_error("JsonDocumentStream: a table not of the document");
}

bool JsonDocumentStream::shown(size_t i) const { return doc_.tables[i]->shown != report::Shown::people; }

void JsonDocumentStream::write(size_t i, const std::string& block) {
  if (block.empty() || !shown(i)) return;
  if (i < open_) throw std::logic_error("JsonDocumentStream: an array already closed");
  const size_t skip = any_[i] ? 0 : 1;  // the first object of an array has no comma before it
  any_[i] = true;
  if (i == open_) {
    os_.write(block.data() + skip, static_cast<std::streamsize>(block.size() - skip));
    return;
  }
  if (!spill_[i]) spill_[i] = std::tmpfile();
  if (!spill_[i] || std::fwrite(block.data() + skip, 1, block.size() - skip, spill_[i]) != block.size() - skip)
    failed_ = true;
}

void JsonDocumentStream::open_through(size_t i) {
  while (open_ < i && open_ < doc_.tables.size()) {
    close(open_);
    do ++open_;
    while (open_ < doc_.tables.size() && !shown(open_));
    if (open_ < doc_.tables.size()) {
      open(open_);
      drain(open_);
    }
  }
}

Diagnostics JsonDocumentStream::finish() {
  open_through(doc_.tables.size());
  os_.write("\n}\n", 3);
  Diagnostics e;
  if (failed_)
    e.error(SourcePos{"<output>"}, "cannot write a temporary file of the JSON output", {}, ExitCode::io_error);
  return e;
}

void JsonDocumentStream::drain(size_t i) {
  FILE* f = spill_[i];
  if (!f) return;
  std::rewind(f);
  std::vector<char> buf(size_t{1} << 16);
  size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) os_.write(buf.data(), static_cast<std::streamsize>(n));
  if (std::ferror(f) != 0) failed_ = true;
  std::fclose(f);
  spill_[i] = nullptr;
}

void JsonDocumentStream::open(size_t i) {
  std::string out = ",\n  ";
  json::append_quoted(out, report::json_key(doc_.tables[i]->name));
  out += ": [";
  os_.write(out.data(), static_cast<std::streamsize>(out.size()));
}

void JsonDocumentStream::close(size_t i) {
  const char* end = any_[i] ? "\n  ]" : "]";
  os_.write(end, static_cast<std::streamsize>(std::char_traits<char>::length(end)));
}

}  // namespace gunpowder::cli
