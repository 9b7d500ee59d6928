// declared_values.hpp - a check shared by the tools' tests: the completion values of every option
// are the values it declares.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "built_in_tables.hpp"
#include "common/commands.hpp"

namespace gunpowder::test {

// Every option of `app` and its subcommands: the declared values of each are offered by the bash
// script, and an option whose check lists values ("{a,b}", as CLI11 describes an IsMember) declares them.
inline void check_declared_values(CLI::App& app, const std::string& bash, int& with_values) {
  for (CLI::Option* o : app.get_options()) {
    const auto* cmd = dynamic_cast<const cli::Command*>(&app);
    REQUIRE(cmd);
    const std::vector<std::string> values = cmd->values_of(o, gunpowder::testing::built_in());
    bool listed = false;
    for (int i = 0;; ++i) {
      try {
        const std::string d = o->get_validator(i)->get_description();
        listed = listed || (!d.empty() && d.front() == '{');
      } catch (const CLI::OptionNotFound&) {
        break;
      }
    }
    if (listed) CHECK_MESSAGE(!values.empty(), o->get_name(), " lists values it does not declare");
    if (values.empty()) continue;
    ++with_values;
    std::string words;
    for (const auto& v : values)
      if (v.find_first_of(" '\"") == std::string::npos) words += (words.empty() ? "" : " ") + v;
    CHECK_MESSAGE(bash.find("_gunpowder_words \"" + words + "\"") != std::string::npos, o->get_name());
  }
  for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    check_declared_values(*sub, bash, with_values);
}

}  // namespace gunpowder::test
