// pieces.cpp - designing the requested pieces and the report of them (see pieces.hpp).
#include "artillery-design/pieces.hpp"

#include <utility>

#include "artillery-design/design_report.hpp"
#include "artillery-design/specs.hpp"

namespace gunpowder::artillery_app {

DesignSettings design_settings(const Options& opt, const cli::CommonOptions& common) {
  DesignSettings s;
  s.formula = opt.formula;
  s.explain = common.explain;
  s.json_out = report::parse_format(common.format) == report::Format::json;
  s.csv_formulas = common.csv_formulas ? report::CsvFormulas::keep : report::CsvFormulas::guard;
  return s;
}

void design_into(const artillery::Catalogue& cat, artillery::Request req, const DesignSettings& s, Part& part,
                 bool keep, const Placer& place) {
  req.force_formula = s.formula;
  req.explain = s.explain;
  auto d = artillery::design(cat, req);
  if (!d) {
    part.design_errors.append(place(d.error()));
    return;
  }
  if (!part.design_errors.empty()) return;
  if (s.check_only) {
    ++part.checked;
    if (d->carriage) ++part.carriages;
    return;
  }
  Item it;
  it.explain = std::move(d->explain);
  it.row = summary_row(*d);
  it.carriage = carriage_row(*d);
  if (part.emit) {
    part.emit(it);
    return;
  }
  if (keep && !s.streamed) it.design = std::move(*d);
  part.items.push_back(std::move(it));
}

Diagnostics errors_of(const std::vector<Part>& parts, const Diagnostics& input_errors) {
  Diagnostics errors = input_errors;
  for (const auto& p : parts) errors.append(p.read_errors);
  if (errors.empty())
    for (const auto& p : parts) errors.append(p.design_errors);
  return errors;
}

report::Report pieces_report(std::vector<Part>& parts, const DesignSettings& s) {
  report::Report rep;
  rep.document = &pieces_document();
  size_t total = 0;
  for (const auto& p : parts) total += p.items.size();
  if (total == 1) {
    for (auto& p : parts)
      if (!p.items.empty()) detail_tables(*p.items[0].design, rep.tables);
  } else {
    std::vector<std::vector<report::Cell>> rows;
    rows.reserve(total);
    report::Table mob = carriages_table();
    for (auto& p : parts)
      for (auto& it : p.items) {
        rows.push_back(std::move(it.row));
        if (!it.carriage.empty()) mob.rows.push_back(std::move(it.carriage));
      }
    rep.tables.push_back(summary_table(std::move(rows), "Pieces"));
    if (!mob.rows.empty()) rep.tables.push_back(std::move(mob));
  }
  if (s.explain)
    for (const auto& p : parts)
      for (const auto& it : p.items) rep.explain.insert(rep.explain.end(), it.explain.begin(), it.explain.end());
  return rep;
}

}  // namespace gunpowder::artillery_app
