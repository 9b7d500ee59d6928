// bombardment.cpp - siege-duration --method bombardment: the besieger's gunpowder artillery
// against the stronghold (seed 000, Bombarding with Gunpowder Artillery): shp a day, days,
// breaches, powder-and-shot cost, and the defender's cannon lost (seed 001).
#include "common/provenance.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/fields.hpp"
#include "siege-duration/methods.hpp"
#include "siege-duration/ruled.hpp"
#include "siege-duration/tables.hpp"

namespace gunpowder::siege_app {

using fmtnum::grouped;
using fmtnum::trim;
using report::Table;

namespace {

// Wood: the table's stone figures raised by the bombardment rules' percentages (Guns of War,
// Bombarding with Gunpowder Artillery), read from the catalogue rather than typed here.
std::string wood_note(const artillery::Catalogue& cat) {
  const auto& w = cat.attack.wood_increase_pct;
  const std::string pct[] = {trim(w[0]), trim(w[1]), trim(w[2])};
  if (w[0] == w[1])
    return "wood: the table's stone figures +" + pct[0] + "% at short and medium range, +" + pct[2] + "% at long range";
  return "wood: the table's stone figures +" + pct[0] + "% at short, +" + pct[1] + "% at medium, +" + pct[2] +
         "% at long range";
}

/// The house rules behind the bombardment's figures: each line's (its piece's bombardment figures,
/// ranges and cost, the wood increase, the fire modes, and for a cautious besieger the defender's
/// reach), the park's shp and cost a day (the lines used), the days (and the stronghold's shp).
struct BombardRuled {
  std::vector<Ruled> lines;
  Ruled reach, shp, per_day, cost, days, breach;
};

BombardRuled bombard_ruled(const data::Tables& run_tables, const siege::Siege& sg, const siege::Bombardment& b) {
  BombardRuled r;
  r.reach = reach_rule(sg.defender);
  r.shp = shp_rule(run_tables, sg.stronghold);
  // A line's shp a day: its range band and fire mode, the piece's figure (for wood, raised); its
  // cost: the piece's cost a day. Whether it is used: a cautious besieger's, the defender's reach.
  Ruled damage = cli::ruled(run_tables, "artillery", {"rules.fire_mode"});
  if (sg.stronghold.material == siege::Material::wood)
    damage = cli::either(std::move(damage), cli::ruled(run_tables, "artillery", {"rules.bombardment"}));
  const Ruled used = b.cautious ? r.reach : std::nullopt;
  // The park's lines in input order (siege::bombard makes one per entry of the besieger's park).
  const auto& park = sg.besieger.artillery;
  for (size_t i = 0; i < b.lines.size(); ++i) {
    Ruled shp = cli::either(damage, used), cost = used;
    if (i < park.size()) {
      const auto& piece = *park[i].piece;
      shp = cli::either(std::move(shp),
                        piece_rule(piece, {"bombard", "range_short_yd", "range_medium_yd", "range_long_yd"}));
      cost = cli::either(std::move(cost), piece_rule(piece, {"cost_gp_per_day"}));
    }
    if (b.lines[i].used) {
      r.per_day = cli::either(std::move(r.per_day), shp);
      r.cost = cli::either(std::move(r.cost), cost);
    }
    r.lines.push_back(cli::either(shp, cost));
  }
  r.days = cli::either(r.per_day, r.shp);
  r.breach = cli::either(r.days, cli::ruled(run_tables, "siege_duration", {"breach.shp_per_breach"}));
  return r;
}

// Bombardment: result, one figure a line.
void result_table(const data::Tables& run_tables, const siege::Rules& rules, const siege::Siege& sg,
                  const siege::Bombardment& b, const BombardRuled& ruled, report::Report& rep) {
  namespace f = fields;
  using report::cell::integer;
  using report::cell::none;
  Table r = table_of(tables::result());
  r.title = "Bombardment: result";
  const auto src = [](const Ruled& x) { return source_of(x); };
  r.add_figure(f::kCautious, report::cell::boolean(b.cautious));
  r.add_figure(f::kMaterial, siege::to_string(sg.stronghold.material));
  r.add_figure(
      f::kBombardShp,
      report::cell::shown_as(grouped(sg.stronghold.shp) + " (" + siege::to_string(sg.stronghold.material) + ")",
                             sg.stronghold.shp),
      src(ruled.shp));
  r.add_figure(f::kShpPerDay, gp_cell(b.shp_per_day), src(ruled.per_day));
  r.add_figure(f::kBombardDays, b.days ? integer(*b.days) : none("never (no piece bombards)"), src(ruled.days));
  r.add_figure(f::kCostPerDay, report::cell::shown_as(gp(b.cost_gp_per_day) + " gp", b.cost_gp_per_day),
               src(ruled.cost));
  r.add_figure(f::kCostTotal,
               b.cost_gp_total ? report::cell::shown_as(gp(*b.cost_gp_total) + " gp", *b.cost_gp_total) : none(),
               src(cli::either(ruled.cost, ruled.days)));
  r.add_figure(f::kShpPerBreach, integer(b.shp_per_breach),
               src(cli::ruled(run_tables, "siege_duration", {"breach.shp_per_breach"})));
  r.add_figure(f::kFirstBreach, integer(b.days_to_first_breach), src(ruled.breach));
  r.add_figure(f::kBreaches, b.breaches_wanted ? integer(*b.breaches_wanted) : none());
  if (b.breaches_wanted) {
    r.add_figure(
        f::kDaysToBreaches,
        b.days_to_breaches ? integer(*b.days_to_breaches) : none("more breaches than the stronghold's shp allow"),
        src(ruled.breach));
    r.figures.back().label = "Days to " + std::to_string(*b.breaches_wanted) + " breaches";
  } else {
    r.add_figure(f::kDaysToBreaches, none());
    r.figures.back().shown = report::Shown::programs;
  }
  r.add_figure(f::kDefenderReach, b.defender_reach_yd ? yd_cell(*b.defender_reach_yd) : none("no artillery"),
               src(ruled.reach));
  r.notes.push_back("one breach per " + grouped(b.shp_per_breach) + " shp of damage (" + rules.duration.source + ")");
  if (!b.cautious && b.defender_reach_yd) {
    int in_reach = 0;
    for (const auto& l : b.lines) in_reach += l.range_yd <= *b.defender_reach_yd ? l.count : 0;
    if (in_reach > 0)
      r.notes.push_back(std::to_string(in_reach) +
                        " piece(s) stand within the defender's reach: see the duel, or --cautious");
  }
  rep.tables.push_back(std::move(r));
}

void bombardment_report(const data::Tables& run_tables, const siege::Rules& rules, const artillery::Catalogue& cat,
                        const siege::Siege& sg, const siege::Bombardment& b, report::Report& rep) {
  Table p = table_of(tables::park());
  p.title = "Bombardment: the park (Guns of War, Bombarding with Gunpowder Artillery, pp. 17-18; " +
            std::string(b.cautious ? "cautious besieger" : "every piece") + ")";
  const BombardRuled ruled = bombard_ruled(run_tables, sg, b);
  for (size_t i = 0; i < b.lines.size(); ++i) {
    const auto& l = b.lines[i];
    p.add_row({l.piece, report::cell::integer(l.count), yd_cell(l.range_yd), artillery::to_string(l.bracket),
               artillery::to_string(l.mode), gp_cell(l.shp_per_day_each), gp_cell(l.shp_per_day),
               gp_cell(l.cost_gp_per_day), report::cell::boolean(l.used), report::cell::text_or_none(l.note)},
              source_of(ruled.lines[i]));
    if (!l.used) p.notes.push_back(l.piece + ": " + l.note);
  }
  if (sg.stronghold.material == siege::Material::wood) p.notes.push_back(wood_note(cat));
  rep.tables.push_back(std::move(p));

  result_table(run_tables, rules, sg, b, ruled, rep);
  if (!b.defender_losses.empty()) {
    Table c = table_of(tables::artillery_lost());
    c.title = "Bombardment: the defender's artillery lost as the stronghold is damaged (Baggins Wood Cannons, Firing)";
    // The steps of the cannon-loss rule (data/broadside.toml), reached on the days of the bombardment.
    const std::string source = source_of(cli::either(cli::ruled(run_tables, "broadside", {"cannon_loss"}), ruled.days));
    for (const auto& l : b.defender_losses)
      c.add_row({report::cell::percent(l.damage_fraction, 0), report::cell::integer(l.day),
                 report::cell::integer(l.pieces_lost)},
                source);
    c.notes.push_back("the rule of " + rules.structures.cannon_loss_source +
                      ", applied to the stronghold (a decision; see the man page)");
    rep.tables.push_back(std::move(c));
  }
  if (b.days && !b.shp_by_day.empty())
    rep.tables.push_back(
        schedule_table("bombardment", "Bombardment: stronghold shp day by day", b.shp_by_day, source_of(ruled.days)));
  report::append_under(rep.explain, b.explain, "bombardment");
}

}  // namespace

MethodResult run_bombardment(const Context& c) {
  const siege::Siege& sg = *c.in.siege;
  if (sg.besieger.artillery.empty()) {
    if (!c.all()) return cli::usage_error("--method", "bombardment needs artillery in [besieger]");
    c.skip("bombardment", "the besieger has no artillery");
    return false;
  }
  if (!c.in.ranges_complete && c.all()) {
    c.skip("bombardment", "a besieger piece has no range_yd");
    return false;
  }
  auto b = siege::bombard(c.rules, c.cat, sg, c.opt.cautious, c.opt.breaches);
  if (!b) return input::place_fields(b.error(), c.doc, c.doc.root);
  bombardment_report(c.run_tables, c.rules, c.cat, sg, *b, c.rep);
  return true;
}

}  // namespace gunpowder::siege_app
