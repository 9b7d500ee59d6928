// make_snapshot.cpp - build-time generator of the built-in tables' snapshot (issue 15).
//
// Runs every loader on the embedded data/*.toml (the strict reading of the tests and of house rules:
// unknown keys, wrong types, missing rows are errors), and writes a C++ source holding what each
// loader built, encoded by data::snapshot, and installing it before main. A table with an error is
// printed and the generator exits 1, so that a broken data/ file fails the build.
//
// It names no module: each module's loader registers its section (data::snapshot::Section), and
// the build links every module library whole into this program (lib/CMakeLists.txt,
// gunpowder_link_sections), so that no registration is left out of the link. A program that
// registers no section at all is refused.
//
// Usage: gunpowder-snapshot OUTPUT.cpp
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>

#include "gunpowder/data/tables.hpp"

namespace {

// A string literal of the bytes: printable ASCII as itself, anything else as a 3-digit octal escape
// (never followed by a digit that could extend it), split into lines.
void write_literal(std::ostream& out, std::string_view bytes) {
  out << "    \"";
  std::size_t column = 0;
  for (const char c : bytes) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\' && c != '?') {
      out << c;
      ++column;
    } else {
      char esc[5];
      std::snprintf(esc, sizeof esc, "\\%03o", u);
      out << esc;
      column += 4;
    }
    if (column >= 100) {
      out << "\"\n    \"";
      column = 0;
    }
  }
  out << "\"";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: gunpowder-snapshot OUTPUT.cpp\n";
    return 64;
  }
  const auto producers = gunpowder::data::producers();
  if (producers.empty()) {
    std::cerr << "gunpowder-snapshot: no module registered a section (are the module libraries linked whole?)\n";
    return 1;
  }
  const gunpowder::data::Tables tables(gunpowder::data::Tables::Source::toml);
  bool failed = false;
  std::ofstream out(argv[1], std::ios::binary);
  out << "// Generated at build time by gunpowder-snapshot (lib/snapshot/make_snapshot.cpp) from data/*.toml.\n"
         "// Do not edit: change data/ and rebuild.\n"
         "#include \"gunpowder/data/snapshot.hpp\"\n\nnamespace {\n\n";
  std::size_t index = 0;
  for (const auto* p : producers) {
    auto section = p->encode(tables);
    if (!section) {
      for (const auto& d : section.error().items()) std::cerr << gunpowder::format_diagnostic("gunpowder-snapshot", d);
      failed = true;
      continue;
    }
    out << "// " << p->name() << ": " << section->size() << " bytes\n";
    out << "constexpr char kSection" << index++ << "[] =\n";
    write_literal(out, *section);
    out << ";\n\n";
  }
  out << "constexpr gunpowder::data::snapshot::SectionBytes kSections[] = {\n";
  index = 0;
  for (const auto* p : producers) {
    out << "    {\"" << p->name() << "\", {kSection" << index << ", sizeof kSection" << index << " - 1}},\n";
    ++index;
  }
  out << "};\n\n"
         "const bool kInstalled = (gunpowder::data::snapshot::install(kSections, std::size(kSections)), true);\n\n"
         "}  // namespace\n";
  out.close();
  if (failed || !out) {
    std::remove(argv[1]);
    std::cerr << "gunpowder-snapshot: the built-in tables of data/ have errors (above); no snapshot written\n";
    return 1;
  }
  return 0;
}
