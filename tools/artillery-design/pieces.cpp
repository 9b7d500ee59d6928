// pieces.cpp - designing the requested pieces and the report of them (see pieces.hpp).
#include "artillery-design/pieces.hpp"

#include <utility>

#include "artillery-design/design_report.hpp"

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
    return;
  }
  if (s.streamed && s.json_out) {  // written into the part's text, in order: no item is kept
    json::ArrayStream::append(part.json, design_json(*d));
    return;
  }
  Item it;
  it.explain = std::move(d->explain);
  if (s.json_out) {
    // Serialised here, on the thread that designed it, for its place in {"pieces": [ ... ]}.
    it.json = json::raw(design_json(*d), 2);
  } else {
    it.row = summary_row(*d);
    it.carriage = carriage_row(*d);
    if (keep) it.design = std::move(*d);
  }
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
  rep.json = json::document(kInfo.name, "pieces", kSchemaVersion);
  rep.json.set("tool", kInfo.name);
  size_t total = 0;
  for (const auto& p : parts) total += p.items.size();
  if (s.json_out) {
    json::Value arr = json::array();
    arr.array().reserve(total);
    for (auto& p : parts)
      for (auto& it : p.items) arr.push(std::move(it.json));
    rep.json.set("pieces", std::move(arr));
  } else if (total == 1) {
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
