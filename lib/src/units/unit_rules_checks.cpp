// unit_rules_checks.cpp - the invariants of data/unit_rules.toml's whole tables, checked on the
// built-in tables and on house-ruled ones alike: a figure that only places a row or a band (a
// movement row's order, a cell's column, a band's edges) is checked against the rest of its
// table, so that a lone change of it is refused rather than silently ignored.
#include <cmath>
#include <string>

#include "gunpowder/core/fmtnum.hpp"
#include "unit_checks.hpp"

namespace gunpowder::units::detail {

namespace {

void fail(Diagnostics& d, const std::string& why) {
  d.error(SourcePos{"data/unit_rules.toml"}, why, {}, ExitCode::internal);
}

// Standard and Cavalry Unit Movement Rate and Formation (p. 43): the rows are read from the top
// down in their order, each cell is its column's, and a cell marked "*" (choose when the unit is
// created) is the one cell that offers two formations.
void check_move_table(const MoveTable& t, const char* table, Diagnostics& d) {
  for (size_t i = 0; i < t.rows.size(); ++i) {
    const MoveRow& row = t.rows[i];
    const std::string where = std::string("[") + table + "] row \"" + row.weapons + "\"";
    if (row.order != static_cast<int>(i) + 1)
      fail(d, where + ": order " + std::to_string(row.order) + " is not its place " + std::to_string(i + 1) +
                  " (the table is read from the top row down, in the rows' order)");
    for (size_t c = 0; c < row.cells.size() && c < t.columns_ft.size(); ++c) {
      const MoveCell& cell = row.cells[c];
      if (cell.encounter_move_ft != t.columns_ft[c])
        fail(d, where + ": cell " + std::to_string(c + 1) + "'s encounter_move_ft " +
                    std::to_string(cell.encounter_move_ft) + " is not its column's " + std::to_string(t.columns_ft[c]) +
                    " (columns_ft)");
      if (cell.choose_at_creation != (cell.formations.size() > 1))
        fail(d, where + ", " + std::to_string(t.columns_ft[c]) + "' column: choose_at_creation " +
                    (cell.choose_at_creation ? "true" : "false") + " with " + std::to_string(cell.formations.size()) +
                    " formation(s) (a cell marked * offers two formations to choose from when the unit is created)");
    }
  }
}

// Firearm Number of Attacks and Reload Tokens (p. 44): the bands, from the highest down, cover
// every raw value once at the table's precision: the first is open above, the last open below,
// and each band ends one step (0.01) below where the band above it starts.
void check_attack_bands(const AttackCountRules& a, Diagnostics& d) {
  const double step = std::pow(10.0, -a.comparison_precision);
  const auto& bands = a.bands;
  for (size_t i = 0; i < bands.size(); ++i) {
    const Band& b = bands[i];
    const std::string where = "[attacks_and_reload_tokens] band \"" + b.printed + "\": ";
    const bool first = i == 0, last = i + 1 == bands.size();
    if (b.raw_max.has_value() == first)
      fail(d, where + (first ? "the highest band is open above (no raw_max)" : "raw_max is needed below the top band"));
    if (b.raw_min.has_value() == last)
      fail(d,
           where + (last ? "the lowest band is open below (no raw_min)" : "raw_min is needed above the lowest band"));
    if (b.raw_min && b.raw_max && *b.raw_min > *b.raw_max)
      fail(d, where + "raw_min " + fmtnum::trim(*b.raw_min, 4) + " is above raw_max " + fmtnum::trim(*b.raw_max, 4));
    if (!first && b.raw_max && bands[i - 1].raw_min && std::abs(*bands[i - 1].raw_min - step - *b.raw_max) > 1e-9)
      fail(d, where + "raw_max " + fmtnum::trim(*b.raw_max, 4) + " does not end one step (" + fmtnum::trim(step, 4) +
                  ") below the band above, which starts at " + fmtnum::trim(*bands[i - 1].raw_min, 4) +
                  " (the bands cover every raw value once)");
  }
}

}  // namespace

void check_unit_rules(const Catalogue& cat, Diagnostics& d) {
  check_move_table(cat.infantry, "infantry_movement_formation", d);
  check_move_table(cat.cavalry, "cavalry_movement_formation", d);
  check_attack_bands(cat.attack, d);
}

}  // namespace gunpowder::units::detail
