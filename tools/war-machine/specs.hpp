// specs.hpp - the tables and JSON documents of war-machine, declared once (specs.cpp).
#pragma once

#include <string>

#include "gunpowder/core/distribution.hpp"
#include "gunpowder/core/model.hpp"

namespace gunpowder::war_app::specs {

const report::TableSpec& rate_settings();
const report::TableSpec& rate_forces();
const report::TableSpec& force_rating();
const report::TableSpec& statements();
const report::TableSpec& battle_force_rating();
const report::TableSpec& battle_statements();
const report::TableSpec& battle_settings();
const report::TableSpec& battle_forces();
const report::TableSpec& adjustments();
const report::TableSpec& battles();
/// The note under the table of battles: what Wins, Loses and Tie count (with ties settled they add
/// up to more than 100%), for the tie policy `policy` as spelt (reroll, no-result, defender,
/// higher-br). `wins` and `loses` are the headers of the two odds with ties settled (siege: "Assault
/// wins", "Defence holds").
std::string battles_note(const std::string& policy, const std::string& wins = "Wins",
                         const std::string& loses = "Loses");
const report::TableSpec& odds();
const report::TableSpec& results();
const report::TableSpec& sides();
/// A battle's casualties, killed and wounded of each force, one value at a time (for programs).
const report::DistributionSpec& casualty_distribution();
const report::TableSpec& after();
const report::TableSpec& rolled();
const report::TableSpec& consequences();
const report::TableSpec& final_state();
const report::TableSpec& repeated();
const report::TableSpec& unmatched();
const report::TableSpec& campaign_settings();
const report::TableSpec& campaign_end();
const report::TableSpec& endings();
const report::TableSpec& after_each_battle();
const report::TableSpec& battles_fought();
const report::TableSpec& troops_left();
const report::SummarySpec& battles_fought_summary();
const report::SummarySpec& troops_left_summary();
const report::TableSpec& march_query();
const report::TableSpec& march_rates();
const report::TableSpec& forced_march();
const report::TableSpec& food();
const report::TableSpec& siege_settings();
const report::TableSpec& siege_weeks();
const report::DocumentSpec& rate_document();
const report::DocumentSpec& battle_document();
const report::DocumentSpec& campaign_document();
const report::DocumentSpec& march_document();
const report::DocumentSpec& siege_document();

}  // namespace gunpowder::war_app::specs
