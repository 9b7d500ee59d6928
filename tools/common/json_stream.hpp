// json_stream.hpp - a report's JSON document written as its rows are made (a streamed batch:
// unit-br's units, siege-duration's structures), the text render_json writes for the same tables.
#pragma once

#include <cstdio>
#include <iosfwd>
#include <string>
#include <vector>

#include "gunpowder/core/report.hpp"

namespace gunpowder::cli {

/// Appends the JSON objects of the rows (or the record) of `t`, each after ",\n    ", as
/// render_json writes them in the table's array (the first one's comma is dropped by
/// JsonDocumentStream::write).
void append_json_objects(std::string& out, const report::Table& t);

/// The JSON document of `doc` written in order: the envelope, then one array per declared table
/// (none for a table shown to people alone, as render_json). One array at a time is open and
/// written as its objects come; the objects of a later array wait in a temporary file of their own
/// until it opens, so that memory does not grow with the batch.
class JsonDocumentStream {
 public:
  /// Writes the envelope and opens the first array.
  JsonDocumentStream(std::ostream& os, const report::DocumentSpec& doc);
  JsonDocumentStream(const JsonDocumentStream&) = delete;
  JsonDocumentStream& operator=(const JsonDocumentStream&) = delete;
  ~JsonDocumentStream();
  /// The index of the table of `spec` in the document.
  [[nodiscard]] size_t index(const report::TableSpec* spec) const;
  /// Writes a block of objects of table `i` (each after ",\n    ", as append_json_objects), after
  /// those written before: at once when its array is open, else into its temporary file (an array
  /// before the open one is closed: std::logic_error).
  void write(size_t i, const std::string& block);
  /// Closes the arrays before table `i`, with what waited for them, and opens its array.
  void open_through(size_t i);
  /// Closes every array, with what waited for it, and the document; the error when a temporary
  /// file failed (exit 74), none else.
  Diagnostics finish();

 private:
  [[nodiscard]] bool shown(size_t i) const;
  void open(size_t i);
  void close(size_t i);
  void drain(size_t i);
  std::ostream& os_;
  const report::DocumentSpec& doc_;
  std::vector<FILE*> spill_;
  std::vector<bool> any_;
  size_t open_ = 0;      ///< the open array (doc_.tables.size() once finished)
  bool failed_ = false;  ///< a temporary file could not be written or read
};

}  // namespace gunpowder::cli
