// snapshot.cpp - the sections of the built-in tables' snapshot that the program links, if any.
#include "gunpowder/data/snapshot.hpp"

namespace gunpowder::data::snapshot {

namespace {
// Set before main by the generated snapshot's initialiser; read-only afterwards.
const SectionBytes* g_sections = nullptr;  // NOLINT(cppcoreguidelines-avoid-non-const-global-variables)
std::size_t g_count = 0;                   // NOLINT(cppcoreguidelines-avoid-non-const-global-variables)
}  // namespace

void install(const SectionBytes* sections, std::size_t count) {
  g_sections = sections;
  g_count = count;
}

std::string_view section(std::string_view name) {
  for (std::size_t i = 0; i < g_count; ++i)
    if (g_sections[i].name == name) return g_sections[i].bytes;  // NOLINT: an array of g_count sections
  return {};
}

}  // namespace gunpowder::data::snapshot
