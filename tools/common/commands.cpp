// commands.cpp - a tool's commands declared once (commands.hpp).
#include "common/commands.hpp"

#include <algorithm>
#include <cctype>
#include <memory>

namespace gunpowder::cli {

Command::Command(std::string description, std::string name, CLI::App* parent, std::function<void(CLI::App&)> setup)
    : CLI::App(std::move(description), std::move(name), parent), setup_(std::move(setup)), set_up_(false) {
  preparse_callback([this](std::size_t) { set_up(); });
}

void Command::set_up() {
  if (set_up_) return;
  set_up_ = true;
  if (setup_) setup_(*this);
}

void Command::declare_values(const CLI::Option* opt, Values values) { values_.emplace_back(opt, std::move(values)); }

std::vector<std::string> Command::values_of(const CLI::Option* opt, const data::Tables& tables) const {
  std::vector<std::string> out;
  for (const auto& [o, values] : values_)
    if (o == opt)
      for (auto& v : values(tables))
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(std::move(v));
  return out;
}

std::vector<Command*> add_subcommands(CLI::App& tool, const std::vector<Subcommand>& table, bool required) {
  tool.fallthrough();  // the tool's options (--format, --output, ...) may follow the subcommand
  if (required)
    tool.require_subcommand(1);
  else
    tool.require_subcommand(0, 1);
  std::vector<Command*> out;
  for (const auto& s : table) {
    auto sub = std::make_shared<Command>(s.description, s.name, &tool, s.setup);
    out.push_back(sub.get());
    tool.add_subcommand(std::move(sub));
  }
  return out;
}

void set_up_all(CLI::App& app) {
  if (auto* c = dynamic_cast<Command*>(&app)) c->set_up();
  for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) set_up_all(*sub);
}

std::string subcommand_list(const CLI::App& app, const std::string& last) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i == 0 ? "" : i + 1 == names.size() ? last : ", ") + names[i];
  return out;
}

namespace {
std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The command an option is declared on, to record its values; a bare CLI::App records nothing.
void declare(CLI::App& cmd, const CLI::Option* opt, Command::Values values) {
  if (auto* c = dynamic_cast<Command*>(&cmd)) c->declare_values(opt, std::move(values));
}
}  // namespace

CLI::Option* choices(CLI::App& cmd, CLI::Option* opt, const std::vector<std::string>& values,
                     const std::function<std::string(std::string)>& spelling) {
  // Any case: both sides lower-cased, then the suite's or the books' spelling (which may keep case).
  std::function<std::string(std::string)> filter = [spelling](std::string s) {
    return spelling ? lower(spelling(lower(std::move(s)))) : lower(std::move(s));
  };
  opt->transform(CLI::IsMember(values, filter));
  declare(cmd, opt, [values](const data::Tables&) { return values; });
  return opt;
}

CLI::Option* completion_values(CLI::App& cmd, CLI::Option* opt, Command::Values values) {
  declare(cmd, opt, std::move(values));
  return opt;
}

void reads_input(CLI::App& cmd) {
  if (auto* c = dynamic_cast<Command*>(&cmd)) c->reads_input();
}

void draws_no_charts(CLI::App& cmd) {
  if (auto* c = dynamic_cast<Command*>(&cmd)) c->draws_no_charts();
}

bool offers(const CLI::App& sub, const CLI::Option& opt) {
  const auto* c = dynamic_cast<const Command*>(&sub);
  if (opt.get_positional()) return c && c->takes_input();
  const auto* tool = dynamic_cast<const Command*>(sub.get_parent());
  if (!c || !tool || c->draws_charts()) return true;
  const auto& charts = tool->chart_options();
  return std::find(charts.begin(), charts.end(), &opt) == charts.end();
}

}  // namespace gunpowder::cli
