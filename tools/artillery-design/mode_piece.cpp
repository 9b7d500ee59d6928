// mode_piece.cpp - artillery-design --type T --shot-lb LB [...]: one piece from the command line.
#include <string>
#include <vector>

#include "artillery-design/modes.hpp"
#include "artillery-design/pieces.hpp"

namespace gunpowder::artillery_app {

namespace {

// The request the piece flags describe (--type and --shot-lb given).
artillery::Request request_from_flags(const Options& opt) {
  artillery::Request req;
  req.type = *artillery::parse_type(*opt.type);
  req.shot_lb = *opt.shot_lb;
  req.powder_lb = opt.powder_lb;
  req.shot_used_lb = opt.shot_used_lb;
  if (opt.carriage) req.carriage = artillery::parse_carriage(*opt.carriage);
  if (opt.era) req.era = artillery::parse_era(*opt.era);
  req.gunpowder = opt.gunpowder;
  req.name = opt.name.value_or("");
  req.price_multiplier = opt.price_multiplier;
  req.powder_gp_per_lb = opt.powder_gp_per_lb;
  req.rate_reading = *artillery::parse_rate_reading(opt.rate_reading);
  req.lb_per_stone = opt.stone_lb;
  return req;
}

}  // namespace

Expected<report::Report> run_piece(const artillery::Catalogue& cat, const Options& opt,
                                   const cli::CommonOptions& common) {
  if (!opt.type) return cli::usage_error("--type", "required with --shot-lb (cannon, gun or mortar)");
  if (!opt.shot_lb) return cli::usage_error("--shot-lb", "required with --type (shot weight in pounds)");
  const DesignSettings s = design_settings(opt, common);
  std::vector<Part> parts(1);
  design_into(cat, request_from_flags(opt), s, parts[0], true,
              [](const Diagnostics& e) { return cli::place_on_flags(e, nullptr); });
  if (auto errors = errors_of(parts, {}); !errors.empty()) return errors;
  return pieces_report(parts, s);
}

}  // namespace gunpowder::artillery_app
