// provenance.hpp - where a figure came from when a house rule changed it, or a figure it is
// computed from: the Source (or Rule) column of a record table, csv's `source`, JSON's `sources`.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "gunpowder/data/tables.hpp"

namespace gunpowder::cli {

/// The house rule of `tables` ("house rule (FILE)") that changed one of `paths` of the built-in
/// table `table` (a key, a row, or a key of a row; spelled as data::Tables::house_rule_source spells
/// them: `firearm[name = "Matchlock Arquebus, Smoothbore"].damage_dice`), the last file that did;
/// nullopt when none did, and at once when no house rule is in effect.
std::optional<std::string> ruled(const data::Tables& tables, std::string_view table,
                                 std::initializer_list<std::string_view> paths);

/// The house rule that changed any figure of the built-in table `table` (the last file that did):
/// for a figure computed from the whole table (a simulation that reads every part of it).
std::optional<std::string> ruled_table(const data::Tables& tables, std::string_view table);

/// The first of `a` and `b` that is set: a figure computed from two figures is ruled when either is.
std::optional<std::string> either(std::optional<std::string> a, const std::optional<std::string>& b);

/// The row path `key[name = "value"]` (`firearm[name = "X"]`) and a key of it (`...].damage_dice`).
std::string row_path(std::string_view key, std::string_view field, std::string_view value);

/// The source a figure shows: `plain` when `rule` is not set; else the house rule, followed by
/// ", plain" unless `plain` is empty or "book" (the house rule replaces the book).
std::string sourced(const std::optional<std::string>& rule, std::string plain);

}  // namespace gunpowder::cli
