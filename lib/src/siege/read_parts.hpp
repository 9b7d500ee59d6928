// read_parts.hpp - the parts of read_siege (read_siege.cpp), one file per input shape: the
// siege of seed 000 (read_siege_sides.cpp), [[structure]] (read_structure.cpp) and
// [siege_machine] (read_siege_machine.cpp). Private to the siege module's readers.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gunpowder/input/reader.hpp"
#include "gunpowder/siege/siege.hpp"
#include "gunpowder/siege/siege_machine.hpp"
#include "gunpowder/siege/structures.hpp"

namespace gunpowder::siege::reading {

inline constexpr double kMaxShp = 100'000'000;  // absurdly large strongholds are refused
inline constexpr double kMaxUnits = 1'000'000;
inline constexpr double kMaxCount = 1000;  // pieces or engines in one line
inline constexpr int kMaxPiecesPerSide = 1000;
inline constexpr double kMaxRangeYd = 100'000;
inline constexpr double kMaxInches = 10'000;

/// "a, b, c" for messages.
std::string list_of(const std::vector<std::string>& v);
/// The value of `allowed` that `typed` names (compared in the suite's spelling, and against the
/// book's label of the same index in `labels` when given); nullopt when none.
std::optional<std::string> match_value(std::string_view typed, const std::vector<std::string>& allowed,
                                       const std::vector<std::string>& labels = {});
/// The ids of a data file's rows and the book's labels of the same rows, for TableReader::value.
struct Vocabulary {
  std::vector<std::string> ids, labels;
};
template <class Rows>
Vocabulary vocabulary_of(const Rows& rows) {
  Vocabulary v;
  v.ids.reserve(rows.size());
  v.labels.reserve(rows.size());
  for (const auto& row : rows) {
    v.ids.push_back(row.id);
    v.labels.push_back(row.label);
  }
  return v;
}

/// [stronghold]: material, site and its size (shp, value_gp or structures).
void read_stronghold(const input::Document& doc, const toml::table& t, const Rules& rules, Diagnostics& diags,
                     Stronghold& s);
/// [besieger] or [defender]: units, artillery and engines.
void read_side(const input::Document& doc, const toml::table& t, bool besieger, const Rules& rules,
               const artillery::Catalogue& cat, Diagnostics& diags, Side& side);
/// The duel's labels across both sides' artillery rows (read_side has checked each row's own):
/// an error at the first label that names a second piece, or the letter the duel gives a piece of
/// a row without labels (duel_letters).
void check_labels(const input::Document& doc, const toml::table& besieger, const toml::table& defender,
                  const Siege& s, Diagnostics& diags);
/// One [[structure]] table, appended to `out` when complete.
void read_structure(const input::Document& doc, const toml::table& t, const Rules& rules, bool use_pi,
                    Diagnostics& diags, std::vector<StructureSpec>& out);

/// What [siege_machine] describes.
struct MachineRequest {
  SmSetup setup;
  std::array<std::optional<war::Rating>, 2> ratings{};  ///< sides rated from a force table
  bool bombardment = false;                             ///< [siege_machine.attacker] bombardment_damage = true
};
/// [siege_machine] with [siege_machine.attacker] and [siege_machine.defender].
/// `bombardment_possible`: the input's [besieger] park can bombard (every piece has range_yd).
void read_machine(const input::Document& doc, const toml::table& t, const SiegeMachineRules& sm, const war::Rules& war,
                  bool bombardment_possible, Diagnostics& diags, MachineRequest& out);

}  // namespace gunpowder::siege::reading
