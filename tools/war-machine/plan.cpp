// plan.cpp - the plan of a battle file, shared by battle and siege: read the file, merge its
// [battle] settings with the flags, then the war module rates the forces, divides them into
// sides, pairs them and works out each battle's odds; rule errors are placed in the file here.
#include "war-machine/commands.hpp"

namespace gunpowder::war_app {

/// The settings of the battle: a flag wins over the file's [battle] table, which wins over the
/// data's defaults.
Expected<war::BattleConfig> battle_settings(const war::Rules& R, const Options& opt,
                                            const war::BattleFileSettings& fs) {
  war::BattleConfig s;
  // The data's defaults, and the house rules that may have set them (none once a flag or the file gives one).
  s.options.tie = R.default_tie_policy;
  s.options.tie_ruled = R.ruled.tie_policy;
  s.battle.ratio_reading = R.troop_ratio.default_reading;
  s.battle.ratio_reading_ruled = R.ruled.ratio_reading;
  s.battle.percent_reading = R.default_percent_reading;
  s.battle.percent_reading_ruled = R.ruled.statement_reading;
  s.battle.siege_machine = opt.siege_machine || fs.siege_machine.value_or(false);
  s.battle.simple_siege = opt.simple_siege || fs.simple_siege.value_or(false);
  s.battle.weeks_besieged = opt.weeks_besieged ? *opt.weeks_besieged : fs.weeks_besieged.value_or(0);
  if (auto t = opt.tie_policy ? opt.tie_policy : fs.tie_policy) {
    s.options.tie = *war::parse_tie_policy(*t);
    s.options.tie_ruled.reset();
  }
  if (auto c = opt.casualty_reading ? opt.casualty_reading : fs.casualty_reading)
    s.options.casualty_reading = *war::parse_casualty_reading(*c);
  if (auto r = opt.ratio_reading ? opt.ratio_reading : fs.ratio_reading) {
    s.battle.ratio_reading = *war::parse_ratio_reading(*r);
    s.battle.ratio_reading_ruled.reset();
  }
  if (auto r = opt.percent_reading ? opt.percent_reading : fs.percent_reading) {
    s.battle.percent_reading = *war::parse_percent_reading(*r);
    s.battle.percent_reading_ruled.reset();
  }
  if (s.battle.weeks_besieged > 0 && !s.battle.simple_siege)
    return cli::usage_error("--weeks-besieged", "goes with the simple siege (--simple-siege or simple_siege = true)");
  return s;
}

namespace {

Expected<std::unique_ptr<BattlePlan>> plan_of(const war::Rules& R, const Options& opt, const cli::CommonOptions& common,
                                              const char* command, const std::vector<input::Source>* sources) {
  // Standard input only when neither a file nor --force gives the forces.
  if (opt.force_flags.empty() ? common.inputs.size() != 1 && !cli::read_standard_input(common)
                              : common.inputs.size() > 1)
    return cli::usage_error(command, "give one TOML file with the [[force]] tables of both sides, or --force flags");
  auto flag_docs = force_documents(R, opt, true);
  if (!flag_docs) return flag_docs.error();
  auto plan = std::make_unique<BattlePlan>();
  auto input = sources != nullptr ? war::read_battle(R, *sources, std::move(*flag_docs))
                                  : war::read_battle(R, common.inputs, std::move(*flag_docs));
  if (!input) return input.error();
  plan->input = std::move(*input);
  const auto& in = plan->input;
  auto settings = battle_settings(R, opt, in.settings);
  if (!settings) return settings.error();
  plan->config = *settings;
  auto rated =
      war::rate_forces(R, in.forces, plan->config.battle.percent_reading, plan->config.battle.percent_reading_ruled);
  if (!rated) return war::place_force_fields(rated.error(), in);
  plan->rated = std::move(*rated);
  auto sides = war::make_sides(plan->rated);
  if (!sides) return war::place_force_fields(sides.error(), in);
  plan->sides = *sides;
  if (const auto d = war::check_tactics(plan->rated); !d.empty()) return war::place_force_fields(d, in);
  auto pairs = war::pair_forces(R, plan->rated, plan->sides, plan->config);
  if (!pairs) return war::place_force_fields(pairs.error(), in);
  auto battles = war::fight_pairs(R, plan->rated, plan->sides, *pairs, plan->config);
  if (!battles) return war::place_force_fields(battles.error(), in);
  plan->engagements = std::move(battles->engagements);
  plan->unmatched = std::move(battles->unmatched);
  return plan;
}

}  // namespace

Expected<std::unique_ptr<BattlePlan>> plan_battle(const war::Rules& R, const Options& opt,
                                                  const cli::CommonOptions& common, const char* command,
                                                  const std::vector<input::Source>* sources) {
  auto plan = plan_of(R, opt, common, command, sources);
  if (!plan && !opt.force_flags.empty()) return on_force_flags(plan.error());
  return plan;
}

void release(std::unique_ptr<BattlePlan>& plan) {
  // A large plan is freed on two threads: its parsed documents and input forces on one, its
  // battles and rated forces on the other.
  if (plan && plan->engagements.size() + plan->rated.size() >= 4096) {
    parallel::both(
        [&] {
          std::vector<input::Document>().swap(plan->input.docs);
          std::vector<war::BattleForce>().swap(plan->input.forces);
        },
        [&] {
          std::vector<war::Engagement>().swap(plan->engagements);
          std::vector<war::RatedForce>().swap(plan->rated);
        });
  }
  plan.reset();
}

std::array<std::string, 2> names_of(const BattlePlan& p, const war::Engagement& e) {
  return {p.rated[e.force[0]].force.name, p.rated[e.force[1]].force.name};
}

}  // namespace gunpowder::war_app
