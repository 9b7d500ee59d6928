// describe.hpp - what a tool's outputs are, from their declarations: the hidden option
// --describe-output prints every JSON document's schema and key table and every csv table's
// columns as one JSON document, from which the build writes docs/schema/ and the man pages' key
// tables (scripts/describe-outputs.py). Nothing here is written by hand per tool.
#pragma once

#include <iosfwd>
#include <optional>
#include <vector>

#include "common/args.hpp"
#include "gunpowder/core/json.hpp"
#include "gunpowder/core/model.hpp"

namespace gunpowder::cli {

struct ToolInfo;

/// The declared tables of the "house_rules" member every document has under house rules.
const report::TableSpec& house_rules_files_spec();
const report::TableSpec& house_rules_changes_spec();
/// The schema of that member (the extra property of every document's schema).
json::Value house_rules_schema();

/// The description --describe-output prints: {"tool", "documents": [{"name", "version", "schema",
/// "json_keys", "csv_tables"}]}.
json::Value describe_outputs(const ToolInfo& info);

/// Prints describe_outputs when the command line asks for it (Args::describe: --describe-output,
/// before anything else is parsed); returns the exit code then, nullopt otherwise.
std::optional<int> describe_outputs_if_asked(const ToolInfo& info, const Args& args, std::ostream& out);

}  // namespace gunpowder::cli
