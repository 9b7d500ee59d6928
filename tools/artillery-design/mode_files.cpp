// mode_files.cpp - artillery-design FILE...: the [[piece]] tables of TOML files (or "-").
//
// A large file is streamed in small pieces on two threads (input::for_each_chunk), each into its
// own Part; parts are joined in input order, so the output and the order of the errors do not
// depend on the split. Reading errors are all reported before any design error, as for a file
// read whole.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "artillery-design/modes.hpp"
#include "artillery-design/pieces.hpp"
#include "gunpowder/artillery/read_pieces.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::artillery_app {

namespace {

// Reads the pieces of one document and designs each into `part`; a rule error is placed at the
// key of the piece's table that it concerns.
void design_document(const artillery::Catalogue& cat, const Options& opt, const DesignSettings& s,
                     const input::Document& doc, Part& part) {
  std::vector<artillery::PieceInput> pieces = artillery::read_pieces(doc, part.read_errors);
  if (!part.read_errors.empty()) return;
  part.items.reserve(pieces.size());
  for (auto& p : pieces) {
    artillery::Request& req = p.request;
    // Economy flags apply to every piece of the files unless a piece sets its own.
    if (opt.gunpowder != "historical" && !p.gunpowder_given) req.gunpowder = opt.gunpowder;
    if (opt.price_multiplier && !req.price_multiplier) req.price_multiplier = opt.price_multiplier;
    if (opt.powder_price && !req.powder_gp_per_lb) req.powder_gp_per_lb = opt.powder_price;
    const toml::table& table = *p.table;
    design_into(cat, std::move(req), s, part, pieces.size() == 1,
                [&](const Diagnostics& e) { return input::place_fields(e, doc, table); });
  }
}

// Reads one input, streamed in chunks when large, into new parts appended to `parts`; a syntax
// error goes to `input_errors`. Returns the error that stops the run (an input that cannot be
// read), empty otherwise.
Diagnostics design_input(const artillery::Catalogue& cat, const Options& opt, const DesignSettings& s,
                         const std::string& path, std::vector<Part>& parts, Diagnostics& input_errors) {
  auto text = input::read_input(path);
  if (!text) return text.error();
  const std::string name = path == "-" ? "<stdin>" : path;
  auto shared = std::make_shared<const std::string>(std::move(*text));
  const size_t base = parts.size();
  const bool streamed = input::for_each_chunk(
      shared, name, "piece", 2, [&](size_t count) { parts.resize(base + count); },
      [&](size_t i, unsigned, const input::Document& doc) { design_document(cat, opt, s, doc, parts[base + i]); });
  if (streamed) return {};
  parts.resize(base);
  auto doc = input::parse(*shared, name);
  if (!doc) {
    input_errors.append(doc.error());
    return {};
  }
  parts.emplace_back();
  design_document(cat, opt, s, *doc, parts.back());
  return {};
}

}  // namespace

Expected<report::Report> run_files(const artillery::Catalogue& cat, const Options& opt, const cli::CommonOptions& common) {
  if (opt.powder || opt.shot_used || opt.carriage || opt.era || opt.name)
    return cli::usage_error("", "--powder, --shot-used, --carriage, --era and --name go with --type/--shot; "
                                "in a file, give them as keys of each [[piece]]");
  const DesignSettings s = design_settings(opt, common);
  std::vector<Part> parts;
  Diagnostics input_errors;
  for (const auto& path : common.inputs)
    if (auto fatal = design_input(cat, opt, s, path, parts, input_errors); !fatal.empty()) return fatal;
  if (auto errors = errors_of(parts, input_errors); !errors.empty()) return errors;
  return pieces_report(parts, s);
}

}  // namespace gunpowder::artillery_app
