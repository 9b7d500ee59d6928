// bombardment.cpp - siege-duration --method bombardment: the besieger's gunpowder artillery
// against the stronghold (seed 000, Bombarding with Gunpowder Artillery): shp a day, days,
// breaches, powder-and-shot cost, and the defender's cannon lost (seed 001).
#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/fields.hpp"
#include "siege-duration/methods.hpp"
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

// Bombardment: result, one figure a line.
void result_table(const siege::Rules& rules, const siege::Siege& sg, const siege::Bombardment& b, report::Report& rep) {
  namespace f = fields;
  using report::cell::integer;
  using report::cell::none;
  Table r = table_of(tables::result());
  r.title = "Bombardment: result";
  r.add_figure(f::kCautious, report::cell::boolean(b.cautious));
  r.add_figure(f::kMaterial, siege::to_string(sg.stronghold.material));
  r.add_figure(f::kBombardShp, report::cell::shown_as(
                                   grouped(sg.stronghold.shp) + " (" + siege::to_string(sg.stronghold.material) + ")",
                                   sg.stronghold.shp));
  r.add_figure(f::kShpPerDay, gp_cell(b.shp_per_day));
  r.add_figure(f::kBombardDays, b.days ? integer(*b.days) : none("never (no piece bombards)"));
  r.add_figure(f::kCostPerDay, report::cell::shown_as(gp(b.cost_gp_per_day) + " gp", b.cost_gp_per_day));
  r.add_figure(f::kCostTotal,
               b.cost_gp_total ? report::cell::shown_as(gp(*b.cost_gp_total) + " gp", *b.cost_gp_total) : none());
  r.add_figure(f::kShpPerBreach, integer(b.shp_per_breach));
  r.add_figure(f::kFirstBreach, integer(b.days_to_first_breach));
  r.add_figure(f::kBreaches, b.breaches_wanted ? integer(*b.breaches_wanted) : none());
  if (b.breaches_wanted) {
    r.add_figure(f::kDaysToBreaches, b.days_to_breaches ? integer(*b.days_to_breaches)
                                                        : none("more breaches than the stronghold's shp allow"));
    r.figures.back().label = "Days to " + std::to_string(*b.breaches_wanted) + " breaches";
  } else {
    r.add_figure(f::kDaysToBreaches, none());
    r.figures.back().shown = report::Shown::programs;
  }
  r.add_figure(f::kDefenderReach, b.defender_reach_yd ? yd_cell(*b.defender_reach_yd) : none("no artillery"));
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

void bombardment_report(const siege::Rules& rules, const artillery::Catalogue& cat, const siege::Siege& sg,
                        const siege::Bombardment& b, report::Report& rep) {
  Table p = table_of(tables::park());
  p.title = "Bombardment: the park (Guns of War, Bombarding with Gunpowder Artillery, pp. 17-18; " +
            std::string(b.cautious ? "cautious besieger" : "every piece") + ")";
  for (const auto& l : b.lines) {
    p.add_row({l.piece, report::cell::integer(l.count), yd_cell(l.range_yd), artillery::to_string(l.bracket),
               artillery::to_string(l.mode), gp_cell(l.shp_per_day_each), gp_cell(l.shp_per_day),
               gp_cell(l.cost_gp_per_day), report::cell::boolean(l.used), report::cell::text_or_none(l.note)});
    if (!l.used) p.notes.push_back(l.piece + ": " + l.note);
  }
  if (sg.stronghold.material == siege::Material::wood) p.notes.push_back(wood_note(cat));
  rep.tables.push_back(std::move(p));

  result_table(rules, sg, b, rep);
  if (!b.defender_losses.empty()) {
    Table c = table_of(tables::artillery_lost());
    c.title = "Bombardment: the defender's artillery lost as the stronghold is damaged (Baggins Wood Cannons, Firing)";
    for (const auto& l : b.defender_losses)
      c.add_row({report::cell::percent(l.damage_fraction, 0), report::cell::integer(l.day),
                 report::cell::integer(l.pieces_lost)});
    c.notes.push_back("the rule of " + rules.structures.cannon_loss_source +
                      ", applied to the stronghold (a decision; see the man page)");
    rep.tables.push_back(std::move(c));
  }
  if (b.days && !b.shp_by_day.empty())
    rep.tables.push_back(schedule_table("bombardment", "Bombardment: stronghold shp day by day", b.shp_by_day));
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
  bombardment_report(c.rules, c.cat, sg, *b, c.rep);
  return true;
}

}  // namespace gunpowder::siege_app
