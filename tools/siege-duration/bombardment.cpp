// bombardment.cpp - siege-duration --method bombardment: the besieger's gunpowder artillery
// against the stronghold (seed 000, Bombarding with Gunpowder Artillery): shp a day, days,
// breaches, powder-and-shot cost, and the defender's cannon lost (seed 001).
#include "gunpowder/core/fmtnum.hpp"
#include "siege-duration/methods.hpp"

namespace gunpowder::siege_app {

using fmtnum::grouped;
using fmtnum::trim;
using report::Align;
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

// Bombardment: result, one row per figure (for programs: key, raw value and unit).
void result_table(const siege::Rules& rules, const siege::Siege& sg, const siege::Bombardment& b, report::Report& rep) {
  Table r;
  r.name = "result";
  r.title = "Bombardment: result";
  key_value_columns(r);
  key_value_row(
      r, "Stronghold shp", "shp",
      report::cell::shown_as(grouped(sg.stronghold.shp) + " (" + siege::to_string(sg.stronghold.material) + ")",
                             sg.stronghold.shp),
      "shp");
  key_value_row(r, "shp destroyed a day", "shp_per_day", gp_cell(b.shp_per_day), "shp");
  key_value_row(r, "Days to bring it to zero", "days",
                b.days ? report::cell::integer(*b.days) : report::cell::none("never (no piece bombards)"), "days");
  key_value_row(r, "Powder and shot a day", "cost_gp_per_day",
                report::cell::shown_as(gp(b.cost_gp_per_day) + " gp", b.cost_gp_per_day), "gp");
  key_value_row(
      r, "Powder and shot in all", "cost_gp_total",
      b.cost_gp_total ? report::cell::shown_as(gp(*b.cost_gp_total) + " gp", *b.cost_gp_total) : report::cell::none(),
      "gp");
  key_value_row(r, "Days to the first breach", "days_to_first_breach", report::cell::integer(b.days_to_first_breach),
                "days");
  if (b.breaches_wanted)
    key_value_row(r, "Days to " + std::to_string(*b.breaches_wanted) + " breaches", "days_to_breaches",
                  b.days_to_breaches ? report::cell::integer(*b.days_to_breaches)
                                     : report::cell::none("more breaches than the stronghold's shp allow"),
                  "days");
  key_value_row(r, "Defender's artillery reach", "defender_reach_yd",
                b.defender_reach_yd ? yd_cell(*b.defender_reach_yd) : report::cell::none("no artillery"), "yd");
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
                        const siege::Bombardment& b, report::Report& rep, json::Value& out) {
  Table p;
  p.name = "park";
  p.title = "Bombardment: the park (Guns of War, Bombarding with Gunpowder Artillery, pp. 17-18; " +
            std::string(b.cautious ? "cautious besieger" : "every piece") + ")";
  p.add_column("piece", "Piece")
      .add_column("count", "Count", Align::right)
      .add_column("range_yd", "Range", Align::right)
      .add_column("range_band", "Bracket")
      .add_column("fire", "Fire")
      .add_column("shp_per_day_each", "shp/day each", Align::right)
      .add_column("shp_per_day", "shp/day", Align::right)
      .add_column("cost_gp_per_day", "gp/day", Align::right)
      .add_column("used", "Used");
  json::Value jp = json::array();
  for (const auto& l : b.lines) {
    p.add_row({l.piece, report::cell::integer(l.count), yd_cell(l.range_yd), artillery::to_string(l.bracket),
               artillery::to_string(l.mode), gp_cell(l.shp_per_day_each), gp_cell(l.shp_per_day),
               gp_cell(l.cost_gp_per_day), l.used ? "yes" : "no"});
    json::Value o = json::object();
    o.set("piece", l.piece);
    o.set("count", l.count);
    o.set("range_yd", l.range_yd);
    o.set("range_band", artillery::to_string(l.bracket));
    o.set("fire", artillery::to_string(l.mode));
    o.set("shp_per_day_each", l.shp_per_day_each);
    o.set("shp_per_day", l.shp_per_day);
    o.set("cost_gp_per_day", l.cost_gp_per_day);
    o.set("used", l.used);
    o.set("note", json::text_or_null(l.note));
    jp.push(std::move(o));
    if (!l.used) p.notes.push_back(l.piece + ": " + l.note);
  }
  if (sg.stronghold.material == siege::Material::wood) p.notes.push_back(wood_note(cat));
  rep.tables.push_back(std::move(p));

  result_table(rules, sg, b, rep);
  if (!b.defender_losses.empty()) {
    Table c;
    c.name = "artillery-lost";
    c.title = "Bombardment: the defender's artillery lost as the stronghold is damaged (Baggins Wood Cannons, Firing)";
    c.add_column("damage_fraction", "Damage", Align::right)
        .add_column("day", "Day", Align::right)
        .add_column("pieces_lost", "Pieces lost", Align::right);
    for (const auto& l : b.defender_losses)
      c.add_row({report::cell::percent(l.damage_fraction, 0), report::cell::integer(l.day),
                 report::cell::integer(l.pieces_lost)});
    c.notes.push_back("the rule of " + rules.structures.cannon_loss_source +
                      ", applied to the stronghold (a decision; see the man page)");
    rep.tables.push_back(std::move(c));
  }
  if (b.days && !b.shp_by_day.empty())
    rep.tables.push_back(schedule_table("Bombardment: stronghold shp day by day", b.shp_by_day));

  out.set("cautious", b.cautious);
  out.set("material", siege::to_string(sg.stronghold.material));
  out.set("shp", sg.stronghold.shp);
  out.set("shp_per_day", b.shp_per_day);
  out.set("days", opt_int(b.days));
  out.set("cost_gp_per_day", b.cost_gp_per_day);
  out.set("cost_gp_total", opt_num(b.cost_gp_total));
  out.set("shp_per_breach", b.shp_per_breach);
  out.set("days_to_first_breach", opt_int(b.days_to_first_breach));
  out.set("breaches", opt_int(b.breaches_wanted));
  out.set("days_to_breaches", opt_int(b.days_to_breaches));
  out.set("defender_reach_yd", opt_num(b.defender_reach_yd));
  out.set("pieces", std::move(jp));
  json::Value jl = json::array();
  for (const auto& l : b.defender_losses) {
    json::Value o = json::object();
    o.set("damage_fraction", l.damage_fraction);
    o.set("day", opt_int(l.day));
    o.set("pieces_lost", l.pieces_lost);
    jl.push(std::move(o));
  }
  out.set("defender_artillery_lost", std::move(jl));
  out.set("schedule", b.days ? schedule_json(b.shp_by_day) : json::array());
  for (const auto& l : b.explain) rep.explain.push_back("bombardment: " + l);
}

}  // namespace

MethodResult run_bombardment(const Context& c) {
  const siege::Siege& sg = *c.in.siege;
  if (sg.besieger.artillery.empty()) {
    if (!c.all()) return cli::usage_error("--method", "bombardment needs artillery in [besieger]");
    c.skip("bombardment", "the besieger has no artillery");
    return json::Value();
  }
  if (!c.in.ranges_complete && c.all()) {
    c.skip("bombardment", "a besieger piece has no range_yd");
    return json::Value();
  }
  auto b = siege::bombard(c.rules, c.cat, sg, c.opt.cautious, c.opt.breaches);
  if (!b) return input::place_fields(b.error(), c.doc, c.doc.root);
  json::Value out = json::object();
  bombardment_report(c.rules, c.cat, sg, *b, c.rep, out);
  return out;
}

}  // namespace gunpowder::siege_app
