// read_scenarios.cpp - the readers of the fire-odds scenario tables: [[artillery]], [[firearm]],
// [[broadside]], [[arquebus]] and [[dowel]], each into its request (requests.hpp).
#include "gunpowder/fire/read_scenarios.hpp"

#include <algorithm>

#include "gunpowder/core/spelling.hpp"
#include "gunpowder/input/reader.hpp"

namespace gunpowder::fire {

using input::Need;

namespace {
// An optional integer of a scenario; the rules check its range.
std::optional<int> opt_int(input::TableReader& r, const char* key) {
  if (auto v = r.integer(key, Need::optional, {-1e6, 1e6})) return static_cast<int>(*v);
  return std::nullopt;
}
bool flag(input::TableReader& r, const char* key) { return r.boolean(key, Need::optional).value_or(false); }
}  // namespace

void read_artillery(input::TableReader& r, ArtilleryRequest& p) {
  p.type = r.value("type", Need::optional, choices::kPieceType);
  p.shot_lb = r.number("shot_lb", Need::optional);
  p.range_yd = r.number("range_yd", Need::optional);
  p.range_band = r.value("range_band", Need::optional, choices::kArtilleryRangeBand);
  p.plunging = flag(r, "plunging");
  p.direct = flag(r, "direct");
  p.veteran = flag(r, "veteran");
  p.attack_throw = opt_int(r, "attack_throw");
  p.few_artillerists = flag(r, "few_artillerists");
  p.modifier = opt_int(r, "modifier");
  p.exceed = r.value("exceed", Need::optional, choices::kExceed);
  p.target_ac = opt_int(r, "target_ac");
  p.target_shp = opt_int(r, "target_shp");
  p.save = opt_int(r, "save");
  p.cover = r.value("cover", Need::optional, choices::kArtilleryCover);
  p.halving = r.value("halving", Need::optional, choices::kHalving);
  p.troops = opt_int(r, "troops");
  p.hd = r.string("hd", Need::optional);
  p.cavalry = flag(r, "cavalry");
  p.enfilade = flag(r, "enfilade");
  p.fortified = flag(r, "fortified");
  p.unit_save = opt_int(r, "unit_save");
  p.table_uhp = opt_int(r, "table_uhp");
  p.hero_save = opt_int(r, "hero_save");
  p.hero_hp = opt_int(r, "hero_hp");
  p.hero_fortified = flag(r, "hero_fortified");
}

void read_firearm(input::TableReader& r, FirearmRequest& p) {
  p.weapon = r.string("weapon", Need::optional);
  p.catalogue = flag(r, "catalogue");
  p.range_ft = r.number("range_ft", Need::optional);
  p.range_yd = r.number("range_yd", Need::optional);
  p.target_ac = opt_int(r, "target_ac");
  p.armor = opt_int(r, "armor");
  p.veteran = flag(r, "veteran");
  p.attack_throw = opt_int(r, "attack_throw");
  p.training = r.value("training", Need::optional, choices::kTraining);
  p.dex = opt_int(r, "dex");
  p.carried_stone = r.number("carried_stone", Need::optional);
  p.apostles = flag(r, "apostles");
  p.weather = r.value("weather", Need::optional, choices::kWeather);
  p.uncleaned = flag(r, "uncleaned");
  p.scattershot = flag(r, "scattershot");
  p.no_rest = flag(r, "no_rest");
  p.modifier = opt_int(r, "modifier");
  p.no_naturals = flag(r, "no_naturals");
  p.penalties = r.value("penalties", Need::optional, choices::kPenalties);
  p.minutes = opt_int(r, "minutes");
  p.round_seconds = r.number("round_seconds", Need::optional);
}

void read_broadside(input::TableReader& r, BroadsideRequest& p) {
  p.cannon = opt_int(r, "cannon");
  p.weight = r.value("weight", Need::optional, choices::kWeight);
  p.dice = opt_int(r, "dice");
  p.rerolls = opt_int(r, "rerolls");
  p.range_band = r.value("range_band", Need::optional, choices::kBroadsideRangeBand);
  p.range_in = r.number("range_in", Need::optional);
  p.formation = flag(r, "formation");
  p.still = flag(r, "still");
  p.turned = flag(r, "turned");
  p.modifiers_on = r.value("modifiers_on", Need::optional, choices::kModifiersOn);
  p.reroll_mode = r.value("reroll_mode", Need::optional, choices::kRerollMode);
  p.play = r.value("play", Need::optional, choices::kPlay);
  p.raking = flag(r, "raking");
  p.formed_up = flag(r, "formed_up");
  p.ammo = r.value("ammo", Need::optional, choices::kAmmo);
  p.aim_high = flag(r, "aim_high");
  p.halving = r.value("halving", Need::optional, choices::kHalving);
  p.save_class = r.value("save_class", Need::optional, choices::kSaveClass);
  p.cover = r.value("cover", Need::optional, choices::kBroadsideCover);
  p.large_ship_from_small = flag(r, "large_ship_from_small");
  p.target_points = opt_int(r, "target_points");
  p.target_guns = opt_int(r, "target_guns");
  p.crew = opt_int(r, "crew");
}

void read_arquebus(input::TableReader& r, ArquebusRequest& p) {
  p.men = opt_int(r, "men");
  p.range_in = r.number("range_in", Need::optional);
  p.cover = r.value("cover", Need::optional, choices::kArquebusCover);
  p.rested = flag(r, "rested");
  p.natural_six = flag(r, "natural_six");
  p.system = r.value("system", Need::optional, choices::kSystem);
  p.ar = opt_int(r, "ar");
  p.rate_of_fire = r.value("rate_of_fire", Need::optional, choices::kRateOfFire);
  p.turns = opt_int(r, "turns");
  p.unloaded = flag(r, "unloaded");
  p.target_figures = opt_int(r, "target_figures");
}

// obstacle = [{ kind = "water", from_in = 20, to_in = 23 }, ...]: the dowel's terrain.
void read_obstacles(input::TableReader& r, DowelRequest& p) {
  const auto* a = r.array("obstacle", Need::optional);
  if (!a) return;
  for (const auto& n : *a) {
    const auto* t = n.as_table();
    if (!t) {
      r.error_at("obstacle", "'obstacle' must be an array of tables { kind, from_in, to_in }");
      return;
    }
    input::TableReader o(r.doc(), *t, r.diagnostics(), "obstacle");
    ObstacleRequest ob;
    ob.kind = o.value("kind", Need::required, choices::kObstacleKind).value_or("");
    ob.from_in = o.number("from_in", Need::required).value_or(0);
    ob.to_in = o.number("to_in", Need::optional);
    o.finish();
    p.obstacle.push_back(ob);
  }
}

void read_dowel(input::TableReader& r, DowelRequest& p) {
  p.gun = r.value("gun", Need::optional, choices::kGun);
  p.call = r.value("call", Need::optional, choices::kCall);
  p.range_in = r.number("range_in", Need::optional);
  p.depth_in = r.number("depth_in", Need::optional);
  p.measure = r.value("measure", Need::optional, choices::kMeasure);
  p.width_in = r.number("width_in", Need::optional);
  if (const auto* a = r.array("offsets", Need::optional)) {
    std::vector<double> v;
    bool ok = a->size() == 6;
    for (const auto& n : *a) {
      if (auto i = n.value<double>())
        v.push_back(*i);
      else
        ok = false;
    }
    if (!ok)
      r.error_at("offsets", "'offsets' must be an array of 6 numbers, one per die face");
    else
      p.offsets = v;
  }
  p.turns = opt_int(r, "turns");
  p.crew = opt_int(r, "crew");
  p.rate_as = r.value("rate_as", Need::optional, choices::kRateAs);
  p.level_flight = r.value("level_flight", Need::optional, choices::kLevelFlight);
  p.unloaded = flag(r, "unloaded");
  read_obstacles(r, p);
}

}  // namespace gunpowder::fire
