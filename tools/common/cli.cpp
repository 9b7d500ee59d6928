// cli.cpp - shared command-line driver: parsing, rendering, atomic output, exit codes.
#include "common/cli.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <new>
#include <optional>
#include <ostream>
#include <vector>

#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/args.hpp"
#include "common/bounds.hpp"
#include "common/commands.hpp"
#include "common/completion.hpp"
#include "common/describe.hpp"
#include "common/suggest.hpp"
#include "common/width.hpp"
#include "gunpowder/core/escape.hpp"
#include "gunpowder/data/tables.hpp"

namespace gunpowder::cli {

const char* const kVersion = GUNPOWDER_VERSION;

void add_common_options(CLI::App& app, CommonOptions& common, const ToolInfo& info) {
  if (info.output_dir.empty())
    app.add_option("inputs", common.inputs, "TOML input files; - (or none, with a pipe) reads standard input")
        ->type_name("FILE");
  else  // gunpowder-book: its one word is the directory it writes (CommonOptions::inputs all the same)
    app.add_option(info.output_dir, common.inputs, info.output_dir_help)->type_name("DIR");
  choices(app,
          app.add_option("-f,--format", common.format,
                         "output format: text, markdown, csv or json, in any case (default text)"),
          {"text", "markdown", "md", "csv", "json"})
      ->type_name("FORMAT");
  app.add_option("-o,--output", common.output, "write to FILE (atomically) instead of standard output")
      ->check(file_name())
      ->type_name("FILE");
  app.add_flag("--explain", common.explain, "show the derivation of every figure, step by step");
  std::vector<const CLI::Option*> charts;
  if (info.charts) charts.push_back(app.add_flag("--chart", common.chart, "show the distributions as text bar charts"));
  if (info.charts)
    charts.push_back(app.add_flag("--distributions", common.distributions,
                                  "every distribution value by value, in every format (the long ones are otherwise "
                                  "summed up: mean, sd, median, quantiles)"));
  app.add_option("--table", common.table,
                 "show the table NAME alone (csv shows one table: the main one without --table); "
                 "--table help lists the tables of the command")
      ->type_name("NAME");
  app.add_flag("--csv-formulas", common.csv_formulas,
               "csv: write cells beginning with = + - @ as they are, without the leading ' guard");
  if (info.charts)
    charts.push_back(app.add_option("--svg", common.svg, "write the distributions as an SVG bar chart to FILE")
                         ->check(file_name())
                         ->type_name("FILE"));
  if (auto* tool = dynamic_cast<Command*>(&app)) tool->chart_options(std::move(charts));
  app.add_option("--house-rules", common.rules,
                 "house rules: a TOML file that changes the built-in tables (repeatable; after GUNPOWDER_RULES)")
      ->check(file_name())
      ->type_name("FILE");
  choices(app,
          app.add_option("--print-rules", common.print_rules,
                         "print the built-in table TABLE (every table without it) as TOML, to copy into a rules file"),
          data::table_names())
      ->expected(0, 1)
      ->type_name("TABLE");
  app.set_version_flag("-V,--version", info.name + " " + kVersion + " (gunpowder suite)");
  app.footer(info.examples +
             "\nExit status: 0 success, 64 usage error, 65 bad input data, 66 input not found,\n"
             "70 internal error, 71 out of memory, 73 output cannot be created, 74 write error.");
}

namespace {
// Whether standard input holds at least one byte, found without taking any: a regular file past
// the offset, or a pipe or socket with bytes to read once its writer has written or closed it
// (poll waits for either; FIONREAD counts what is there). A terminal or another device: false.
bool standard_input_holds_data() {
  struct stat st {};
  if (fstat(STDIN_FILENO, &st) != 0) return false;
  if (S_ISREG(st.st_mode)) {
    const off_t at = lseek(STDIN_FILENO, 0, SEEK_CUR);
    return st.st_size > (at > 0 ? at : 0);
  }
  if (!S_ISFIFO(st.st_mode) && !S_ISSOCK(st.st_mode)) return false;
  pollfd p{STDIN_FILENO, POLLIN, 0};
  while (poll(&p, 1, -1) < 0)
    if (errno != EINTR) return false;
  int n = 0;
  if (ioctl(STDIN_FILENO, FIONREAD, &n) != 0) return (p.revents & POLLIN) != 0;
  return n > 0;
}
}  // namespace

bool read_standard_input(const CommonOptions& common) {
  if (!common.inputs.empty() || !common.own_stdin || isatty(STDIN_FILENO) || !standard_input_holds_data()) return false;
  common.inputs.emplace_back("-");
  return true;
}

std::vector<std::string> rules_files(const char* env, const std::vector<std::string>& flags) {
  std::vector<std::string> out;
  if (env) {
    std::string_view list(env);
    while (!list.empty()) {
      const size_t colon = list.find(':');
      const std::string_view one = list.substr(0, colon);
      if (!one.empty()) out.emplace_back(one);
      if (colon == std::string_view::npos) break;
      list.remove_prefix(colon + 1);
    }
  }
  out.insert(out.end(), flags.begin(), flags.end());
  return out;
}

// The JSON array of the rows of `t` (made from a TableSpec), as the core writes a table.
json::Value json_rows(const report::Table& t) {
  json::Value a = json::array();
  const report::JsonRows rows(t, 3);  // house_rules.files[] and .changes[] sit at level 3
  for (const auto& row : t.rows) {
    json::Raw raw{{}, 3};
    rows.append(raw.text, row);
    a.push(std::move(raw));
  }
  return a;
}

void note_house_rules(const data::Tables& tables, report::Report& r) {
  if (!tables.house_rules_in_effect()) return;
  report::Table t(house_rules_changes_spec());
  report::Table files_table(house_rules_files_spec());
  for (const auto& f : tables.house_rules_files()) {
    // By the file's last component, as in the table (the JSON names it whole): a line whose
    // wrapping depended on where the file lives would differ from one checkout to another.
    t.notes.push_back("house rules: " + base_of(f.name) + " changes the " + f.table + " table" +
                      (f.description.empty() ? "" : ": " + f.description));
    files_table.add_row({f.name, f.table, report::cell::text_or_none(f.description)});
  }
  report::Table changes_table(house_rules_changes_spec());  // the JSON names each file whole
  for (const auto& c : tables.house_rule_changes()) {
    // The table and the notes name the file by its last component; the JSON names it whole.
    t.add_row({base_of(c.file), c.table, c.path, c.action, c.built_in, c.value});
    changes_table.add_row({c.file, c.table, c.path, c.action, c.built_in, c.value});
  }
  json::Value files = json_rows(files_table);
  json::Value changes = json_rows(changes_table);
  if (r.main_table.empty()) r.main_table = report::main_table_name(r);  // still the command's own
  // csv shows one table: each of the command's tables gets the rules files as its first column.
  std::string names;
  for (const auto& f : tables.house_rules_files())  // each by its last component, as in the table
    names += (names.empty() ? "" : "; ") + base_of(f.name);
  for (auto& table : r.tables) {
    table.context.insert(table.context.begin(), {"house_rules", names});
    table.house_rules = true;
  }
  r.tables.insert(r.tables.begin(), std::move(t));
  json::Value hr = json::object();
  hr.set("files", std::move(files));
  hr.set("changes", std::move(changes));
  if (!r.json.is_object()) {
    json::Value wrapped = json::object();
    wrapped.set("result", std::move(r.json));
    r.json = std::move(wrapped);
  }
  r.json.set("house_rules", std::move(hr));
}

std::optional<std::string> print_rules_text(const std::string& table) {
  std::string name = table;
  if (name.size() > 5 && name.substr(name.size() - 5) == ".toml") name.resize(name.size() - 5);
  std::string out;
  bool found = false;
  for (const auto& n : data::table_names()) {
    if (!name.empty() && n != name) continue;
    found = true;
    out += "# ---- data/";
    out += n;
    out +=
        ".toml: the book's figures, as built into this program ----\n"
        "# A house-rules file for this table has the same layout, gives only the keys and rows it\n"
        "# changes, adds or removes, and begins with:\n"
        "#   [house_rules]\n"
        "#   table = \"";
    out += n;
    out += "\"\n# (docs/house-rules.md, man page: HOUSE RULES). Use it with --house-rules FILE or GUNPOWDER_RULES.\n";
    out += data::embedded(n + ".toml");
    if (!out.empty() && out.back() != '\n') out += '\n';
  }
  if (!found) return std::nullopt;
  return out;
}

Diagnostics usage_error(const std::string& option, const std::string& message) {
  Diagnostics d;
  d.error(SourcePos{}, option.empty() ? message : option + ": " + message, {}, ExitCode::usage);
  return d;
}

Diagnostics place_on_flags(const Diagnostics& in, const std::function<std::string(const std::string&)>& flag_of) {
  Diagnostics out;
  for (auto item : in.items()) {
    if (!item.field.empty()) {
      std::string flag = flag_of ? flag_of(item.field) : std::string{};
      if (flag.empty()) {
        flag = "--" + item.field;
        std::replace(flag.begin(), flag.end(), '_', '-');
      }
      item.pos = SourcePos{};
      item.message = flag + ": " + item.message;
      item.code = ExitCode::usage;
      item.field.clear();
    }
    out.add(std::move(item));
  }
  return out;
}

Diagnostics place_on_rules_file(const data::Tables& tables, const Diagnostics& in) {
  if (tables.house_rules_files().empty()) return in;
  Diagnostics out;
  for (auto item : in.items()) {
    if (item.pos.file.empty() && item.field.empty() && item.code == ExitCode::data_error)
      item.pos.file = tables.house_rules_files().front().name;
    out.add(std::move(item));
  }
  return out;
}

Expected<bool> write_file_atomically(const std::string& path, const std::string& text) {
  Outputs one;
  one.add("", path, text);
  return one.commit();
}

CLI::Validator file_name() {
  return CLI::Validator(
      [](const std::string& s) { return s.empty() ? std::string("needs a file name") : std::string(); }, "");
}

bool table_alone(report::Report& r, const std::string& name) {
  auto chosen = report::tables_named(r, name);
  if (chosen.empty()) return false;
  for (auto& t : chosen) t.asked = true;  // shown as asked, even a table declared for programs only
  r.tables = std::move(chosen);
  r.main_table = name;
  return true;
}

namespace {
// --table: "help" lists the tables (the main one first) and ends the run; a name keeps those
// tables alone. Usage errors for json, which holds every table, and for an unknown name.
Expected<bool> select_table(const std::string& name, report::Format format, report::Report& r, std::ostream& out) {
  if (name.empty()) return false;
  if (format == report::Format::json)
    return usage_error("--table", "json holds every table; give --format text, markdown or csv");
  if (r.write) return usage_error("--table", "this output is written as it is made and has its main table only");
  auto names = report::table_names(r);
  const std::string main = report::main_table_name(r);
  if (name == "help") {
    std::string list = main + " (main)\n";
    for (const auto& n : names)
      if (n != main) list += n + "\n";
    out << list;
    out.flush();
    return true;
  }
  if (!table_alone(r, name)) {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    return usage_error("--table", "no table " + escape::visible(name) + " in this output (tables: " + list + ")");
  }
  return false;
}

int report_errors(const ToolInfo& info, const Diagnostics& d, std::ostream& err) {
  for (const auto& item : d.items()) err << format_diagnostic(info.name, item);
  err.flush();
  return static_cast<int>(d.code());
}

/// Parses the command line; every argument after the first "--" is an input file (CLI11 2.1 hands
/// "--" after a subcommand back to the parent app, which then refuses "-x.toml"). Returns the exit
/// code when the run ends here (help, version, a usage error).
// The long names (--name) of the options of `app` and of the subcommands it ran.
void long_names(const CLI::App& app, std::vector<std::string>& out) {
  for (const CLI::Option* opt : app.get_options())
    for (const auto& n : opt->get_lnames()) out.push_back("--" + n);
  for (const CLI::App* sub : app.get_subcommands()) long_names(*sub, out);
}

// "unknown subcommand 'batle'; did you mean 'battle'?" when the first word of the command line
// (neither an option nor an option's value) is not a subcommand of a tool that has them. Where the
// subcommand is optional (fire-odds: subcommands or input files), a word that may name a file
// ("-", a path with '.' or '/', or a file that exists) is an input.
std::optional<std::string> unknown_subcommand(const CLI::App& app, const Args& args) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  if (names.empty() || !args.first_word || args.first_word == args.subcommand) return std::nullopt;
  const std::string& a = args.words[*args.first_word].text;
  const bool required = app.get_require_subcommand_min() > 0;
  const std::string list = subcommand_list(app, ", ");
  const bool path_like = a == "-" || a.find_first_of("./") != std::string::npos;
  // exists() without an error code throws for a name the system refuses (longer than NAME_MAX).
  std::error_code ec;
  if (!required && (path_like || std::filesystem::exists(a, ec))) return std::nullopt;
  if (path_like)  // a file, given before any subcommand
    return "a subcommand is required before the input " + escape::visible(a) + " (subcommands: " + list + ")";
  if (auto near = nearest(a, names))
    return "unknown subcommand '" + escape::visible(a) + "'; did you mean '" + *near + "'?";
  return "unknown subcommand '" + escape::visible(a) + "' (subcommands: " + list + ")";
}

// CLI11's "The following argument was not expected: --dice", with the nearest option of the
// command when the first such argument is an option ("unknown option '--dice'; did you mean ...").
std::string unknown_option_message(const CLI::App& app, std::string cli11) {
  std::vector<std::string> extras = app.remaining(true);
  for (const auto& x : extras) {
    if (x.size() < 2 || x[0] != '-') continue;
    const std::string name = x.substr(0, x.find('='));
    std::vector<std::string> valid;
    long_names(app, valid);
    if (auto near = nearest(name, valid))
      return "unknown option '" + escape::visible(name) + "'; did you mean '" + *near + "'?";
    std::string command = app.get_name();  // with the subcommand that ran: its --help lists them
    for (const CLI::App* sub = &app; !sub->get_subcommands().empty();) {
      sub = sub->get_subcommands().front();
      command += " " + sub->get_name();
    }
    return "unknown option '" + escape::visible(name) + "' (" + command + " --help lists the options)";
  }
  return cli11;
}

// CLI11's "--range-band: shrot not in {short,medium,long}", with "; did you mean 'short'?" when one
// value is near.
std::string with_value_suggestion(std::string msg) {
  const size_t not_in = msg.rfind(" not in {");
  const size_t colon = msg.find(": ");
  if (not_in == std::string::npos || colon == std::string::npos || colon > not_in || msg.back() != '}') return msg;
  const std::string typed = msg.substr(colon + 2, not_in - colon - 2);
  std::vector<std::string> values;
  std::string_view set(msg);
  set = set.substr(not_in + 9, set.size() - not_in - 10);
  while (!set.empty()) {
    const size_t comma = set.find(',');
    values.emplace_back(set.substr(0, comma));
    if (comma == std::string_view::npos) break;
    set.remove_prefix(comma + 1);
  }
  if (auto near = nearest(typed, values)) msg += "; did you mean '" + *near + "'?";
  return msg;
}

// The first named option of `app` or of a subcommand it ran that was given an empty value
// (`--troops ''`, `--name=`): CLI11 would read it as the option's default.
std::optional<std::string> empty_value(const CLI::App& app) {
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_lnames().empty() && opt->get_snames().empty()) continue;  // a positional input
    for (const auto& r : opt->results())
      if (r.empty())
        return opt->get_lnames().empty() ? "-" + opt->get_snames().front() : "--" + opt->get_lnames().front();
  }
  for (const CLI::App* sub : app.get_subcommands())
    if (auto e = empty_value(*sub)) return e;
  return std::nullopt;
}

// The first option of the tool given to a subcommand that does not offer it (cli::offers: --chart
// to a command that draws no distribution), refused as an unknown option of that subcommand: what
// its --help and completion do not offer, its command line does not take. Looked for before the
// parse, so that a missing value (`rate --svg`) is refused alike.
std::optional<std::string> not_offered(CLI::App& app, const Args& args) {
  if (!args.subcommand) return std::nullopt;
  const CLI::App& sub = *app.get_subcommand(args.words[*args.subcommand].text);
  for (const Word& w : args.words) {
    // An unknown option is CLI11's to refuse; the subcommand's own is offered.
    if (w.kind != Word::Kind::option || !w.option || app.get_option_no_throw(w.name) != w.option) continue;
    if (!offers(sub, *w.option))
      return "unknown option '" + w.name + "' for " + app.get_name() + " " + sub.get_name() + " (" + app.get_name() +
             " " + sub.get_name() + " --help lists the options)";
  }
  return std::nullopt;
}

std::optional<int> parse_args(const ToolInfo& info, CLI::App& app, const Args& args, CommonOptions& common, int argc,
                              const char* const* argv, std::ostream& out, std::ostream& err) {
  const int split = args.split;
  // --print-rules [TABLE] ends the run before the options are checked (like --help): a tool's
  // required subcommand or input is not needed for it.
  if (args.print_rules) {
    const std::string& table = *args.print_rules;
    const auto text = print_rules_text(table);
    if (!text) {
      std::string list;
      for (const auto& n : data::table_names()) list += (list.empty() ? "" : ", ") + n;
      report_errors(info,
                    usage_error("--print-rules", "unknown table " + escape::visible(table) + " (tables: " + list + ")"),
                    err);
      return static_cast<int>(ExitCode::usage);
    }
    out << *text;
    out.flush();
    return 0;
  }
  if (auto bad = unknown_subcommand(app, args)) {
    report_errors(info, usage_error("", *bad), err);
    return static_cast<int>(ExitCode::usage);
  }
  if (auto refused = not_offered(app, args)) {
    err << info.name << ": error: " << escape::visible(*refused) << "\n"
        << info.name << ": run with --help for usage\n";
    return static_cast<int>(ExitCode::usage);
  }
  try {
    app.parse(split, argv);
  } catch (const CLI::ExtrasError& e) {
    std::string msg = unknown_option_message(app, e.what());
    err << info.name << ": error: " << escape::visible(msg) << "\n" << info.name << ": run with --help for usage\n";
    return static_cast<int>(ExitCode::usage);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::CallForVersion& v) {
    out << v.what() << '\n';
    return 0;
  } catch (const CLI::ParseError& e) {
    std::string msg = with_value_suggestion(e.what());
    if (!msg.empty()) msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
    err << info.name << ": error: " << escape::visible(msg) << "\n" << info.name << ": run with --help for usage\n";
    return static_cast<int>(ExitCode::usage);
  }
  if (auto empty = empty_value(app)) {
    report_errors(info, usage_error(*empty, kEmptyValue), err);
    return static_cast<int>(ExitCode::usage);
  }
  for (int i = split + 1; i < argc; ++i) common.inputs.emplace_back(argv[i]);
  // Standard input can be read once: a second - (an input or house rules) would read it empty.
  const auto stdin_uses = (info.output_dir.empty() ? std::count(common.inputs.begin(), common.inputs.end(), "-") : 0) +
                          std::count(common.rules.begin(), common.rules.end(), "-");
  if (stdin_uses > 1) {
    report_errors(info, usage_error("-", "standard input given more than once"), err);
    return static_cast<int>(ExitCode::usage);
  }
  return std::nullopt;
}

// Whether the terminal can show the charts' block characters: a UTF-8 locale (the first of LC_ALL,
// LC_CTYPE and LANG that is set names UTF-8) and a TERM other than "dumb". Otherwise '#'.
bool utf8_terminal() {
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* v = std::getenv(name);
    if (!v || !*v) continue;
    std::string locale(v);
    for (char& c : locale) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return locale.find("utf-8") != std::string::npos || locale.find("utf8") != std::string::npos;
  }
  return false;
}

/// Renders the report and writes every output: the files (--svg, --output, the run's own) are
/// prepared first, standard output is written before they are renamed into place.
Expected<bool> write_results(const CommonOptions& common, report::Format format, const report::Report& result,
                             std::ostream& out) {
  Outputs& files = common.outputs;
  if (!common.svg.empty()) files.add("--svg", common.svg, report::render_chart_svg(result.charts));
  const bool to_stdout = common.output.empty() || common.output == "-";
  if (result.write) {  // a batch written as it is made (nothing of it is held)
    if (!to_stdout) {
      files.add_streamed("--output", common.output, result.write);
      return files.commit();
    }
    return files.commit([&]() -> Expected<bool> {
      if (auto stopped = result.write(out); !stopped.empty()) return stopped;
      out.flush();
      if (!out) return Expected<bool>::failure("cannot write to standard output", {}, ExitCode::io_error);
      return true;
    });
  }
  // JSON to standard output is written as it is made: a large batch is not held twice.
  const bool stream_json = format == report::Format::json && to_stdout;
  std::string text;
  if (!stream_json) {
    text = report::render(result, format, common.explain,
                          common.csv_formulas ? report::CsvFormulas::keep : report::CsvFormulas::guard,
                          output_width(to_stdout ? &out : nullptr));
    const report::TextChartStyle style{output_width(to_stdout ? &out : nullptr), !utf8_terminal()};
    if (common.chart && format == report::Format::text)
      text += "\n" + report::render_chart_text(result.charts, 50, style);
    if (common.chart && format == report::Format::markdown)
      text += "\n```\n" + report::render_chart_text(result.charts, 50, style) + "```\n";
  }
  if (!to_stdout) {
    files.add("--output", common.output, std::move(text));
    return files.commit();
  }
  return files.commit([&]() -> Expected<bool> {
    if (stream_json)
      report::render_json_to(out, result, common.explain);
    else
      out << text;
    out.flush();
    if (!out) return Expected<bool>::failure("cannot write to standard output", {}, ExitCode::io_error);
    return true;
  });
}
// A figure out of its kind's range (report::figure_out_of_range): refused, never written. Only a
// rules file's figures lead there (the flags and inputs are bounded), and the error names them.
Diagnostics out_of_range(const data::Tables& tables, const std::string& what) {
  Diagnostics d;
  std::string names;
  for (const auto& f : tables.house_rules_files()) names += (names.empty() ? "" : ", ") + f.name;
  SourcePos pos;
  if (!tables.house_rules_files().empty()) pos.file = tables.house_rules_files().front().name;
  const size_t files = tables.house_rules_files().size();
  d.error(pos, what + out_of_range_cause(files > 0, files > 1 ? names : std::string()));
  return d;
}

// Runs the command on the run's tables and writes what it made; the exit code.
int run_and_write(const ToolInfo& info, const data::Tables& tables, const CommonOptions& common, report::Format format,
                  const RunFunction& run, std::ostream& out, std::ostream& err, report::Report* kept) {
  Expected<report::Report> result = run(tables, common);
  if (!result) return report_errors(info, place_on_rules_file(tables, result.error()), err);
  if (auto bad = report::figure_out_of_range(*result)) return report_errors(info, out_of_range(tables, *bad), err);
  note_house_rules(tables, *result);
  if (kept != nullptr) *kept = *result;  // before --table and --distributions choose its tables
  auto listed = select_table(common.table, format, *result, out);
  if (!listed) return report_errors(info, listed.error(), err);
  if (*listed) return 0;
  // The long distributions value by value only when asked (--distributions, or --table naming one).
  if (!common.distributions)
    std::erase_if(result->tables,
                  [](const report::Table& t) { return t.spec != nullptr && t.spec->on_request && !t.asked; });
  if ((common.chart || !common.svg.empty()) && result->charts.empty())
    return report_errors(
        info, usage_error(common.chart ? "--chart" : "--svg", "this command has no distribution to chart"), err);
  auto written = write_results(common, format, *result, out);
  if (!written) return report_errors(info, written.error(), err);
  return 0;
}

// run_tool's work, on the tables of GUNPOWDER_RULES and --house-rules, or on `given` (run_tool_on).
int run_command(const ToolInfo& info, int argc, const char* const* argv, std::ostream& out, std::ostream& err,
                const std::function<void(CLI::App&, CommonOptions&)>& setup, const RunFunction& run,
                const data::Tables* given, report::Report* kept) {
  try {
    Command app(info.description, info.name);
    wrap_help(app, output_width(&out));  // --help is written to `out`
    CommonOptions common;
    setup(app, common);
    add_common_options(app, common, info);
    const Args args = walk_args(app, argc, argv);  // the one look at argv before CLI11's
    // The hidden --describe-output (describe.hpp): the declared outputs, before any option is parsed.
    if (auto described = describe_outputs_if_asked(info, args, out)) return *described;
    // The hidden --completion SHELL (completion.hpp): needs every subcommand's options registered.
    if (auto script = print_completion_if_asked(app, info.name, args, out, err)) return *script;
    if (auto ended = parse_args(info, app, args, common, argc, argv, out, err)) return *ended;
    common.own_stdin = given == nullptr && &out == &std::cout;
    common.hold = kept != nullptr;
    const auto format = report::parse_format(common.format);
    if (!format) return report_errors(info, usage_error("--format", "unknown format " + common.format), err);
    if (given != nullptr) return run_and_write(info, *given, common, *format, run, out, err, kept);

    // The tables of this run: the built-in ones, with the house rules merged over them.
    auto tables = data::Tables::with_house_rules(rules_files(std::getenv("GUNPOWDER_RULES"), common.rules));
    if (!tables) return report_errors(info, tables.error(), err);
    const int code = run_and_write(info, *tables, common, *format, run, out, err, kept);
    // The program's own run ends here: its tables are never freed (data::Tables::keep_until_exit).
    if (common.own_stdin) data::Tables::keep_until_exit(std::move(*tables));
    return code;
  } catch (const std::bad_alloc&) {
    err << info.name << ": error: out of memory\n";
    return static_cast<int>(ExitCode::os_error);
  } catch (const std::exception& e) {
    err << info.name << ": internal error: " << e.what() << '\n';
    return static_cast<int>(ExitCode::internal);
  } catch (...) {
    err << info.name << ": internal error\n";
    return static_cast<int>(ExitCode::internal);
  }
}
}  // namespace

int run_tool(const ToolInfo& info, int argc, const char* const* argv, std::ostream& out, std::ostream& err,
             const std::function<void(CLI::App&, CommonOptions&)>& setup, const RunFunction& run) {
  return run_command(info, argc, argv, out, err, setup, run, nullptr, nullptr);
}

int run_tool_on(const data::Tables& tables, const ToolInfo& info, const std::vector<std::string>& args,
                std::ostream& out, std::ostream& err, const std::function<void(CLI::App&, CommonOptions&)>& setup,
                const RunFunction& run, report::Report* kept) {
  std::vector<const char*> argv;
  argv.reserve(args.size() + 1);
  argv.push_back(info.name.c_str());
  for (const auto& a : args) argv.push_back(a.c_str());
  return run_command(info, static_cast<int>(argv.size()), argv.data(), out, err, setup, run, &tables, kept);
}

}  // namespace gunpowder::cli
