// describe.cpp - the tools' outputs described from their declarations (see describe.hpp).
#include "common/describe.hpp"

#include <ostream>
#include <string>
#include <string_view>

#include "common/args.hpp"
#include "common/cli.hpp"

namespace gunpowder::cli {

namespace {
using report::Field;
using report::Kind;
constexpr Field kFile{"file", "Rules file", Kind::text, "", "a house-rules file, as named", "", false};
constexpr Field kTable{"table", "Built-in table", Kind::text, "", "the built-in table it changes", "", false};
constexpr Field kDescription{"description", "Description", Kind::text, "", "the file's own description"};
constexpr Field kFigure{"figure", "Figure", Kind::text, "", "the key or row changed, as a path", "", false};
constexpr Field kChange{
    "change", "Change", Kind::enumerated, "", "what was done to it", "changed|added|removed|replaced", false};
constexpr Field kBuiltIn{"built_in", "Book", Kind::text, "", "the built-in value (null: a row the house rules add)"};
constexpr Field kHouseRule{"house_rule", "House rule", Kind::text, "",
                           "the house rule's value (null: a row they remove)"};

json::Value rows_json(const std::vector<report::KeyRow>& rows) {
  json::Value a = json::array();
  for (const auto& r : rows) {
    json::Value o = json::object();
    o.set("key", r.key);
    o.set("type", r.type);
    o.set("unit", r.unit);
    o.set("meaning", r.meaning);
    a.push(std::move(o));
  }
  return a;
}
}  // namespace

const report::TableSpec& house_rules_files_spec() {
  static const report::TableSpec s("house-rules-files", "House rules files", "one house-rules file in effect",
                                   {kFile, kTable, kDescription});
  return s;
}

const report::TableSpec& house_rules_changes_spec() {
  static const report::TableSpec s("house-rules", "House rules (these results are not the book's)",
                                   "one figure or row a house-rules file changed",
                                   {kFile, kTable, kFigure, kChange, kBuiltIn, kHouseRule});
  return s;
}

json::Value house_rules_schema() {
  json::Value files = json::object();
  files.set("type", "array");
  files.set("items", report::describe_items(house_rules_files_spec()));
  json::Value changes = json::object();
  changes.set("type", "array");
  changes.set("items", report::describe_items(house_rules_changes_spec()));
  json::Value props = json::object();
  props.set("files", std::move(files));
  props.set("changes", std::move(changes));
  json::Value hr = json::object();
  hr.set("description", "present only under house rules: the files in effect and what each changed");
  hr.set("type", "object");
  hr.set("additionalProperties", false);
  hr.set("required", json::Value(json::Array{"files", "changes"}));
  hr.set("properties", std::move(props));
  json::Value extra = json::object();
  extra.set("house_rules", std::move(hr));
  return extra;
}

json::Value describe_outputs(const ToolInfo& info) {
  json::Value out = json::object();
  out.set("tool", info.name);
  json::Value docs = json::array();
  if (info.documents)
    for (const report::DocumentSpec* d : info.documents()) {
      json::Value o = json::object();
      o.set("name", std::string(d->name));
      o.set("version", d->version);
      o.set("schema", report::describe_schema(*d, house_rules_schema()));
      auto keys = report::describe_json_keys(*d);
      for (const auto* t : {&house_rules_files_spec(), &house_rules_changes_spec()}) {
        const std::string k =
            std::string("house_rules.") + (t == &house_rules_files_spec() ? "files" : "changes") + "[]";
        keys.push_back({k, "array", "", std::string(t->description) + " (only under house rules)"});
        for (const auto& c : report::describe_csv_columns(*t))
          keys.push_back({k + "." + c.key, c.type, c.unit, c.meaning});
      }
      o.set("json_keys", rows_json(keys));
      json::Value csv = json::array();
      for (const report::TableSpec* t : d->tables) {
        if (t->shown == report::Shown::people) continue;
        json::Value c = json::object();
        c.set("table", std::string(t->name));
        c.set("title", std::string(t->title));
        c.set("columns", rows_json(report::describe_csv_columns(*t)));
        csv.push(std::move(c));
      }
      o.set("csv_tables", std::move(csv));
      docs.push(std::move(o));
    }
  out.set("documents", std::move(docs));
  return out;
}

std::optional<int> describe_outputs_if_asked(const ToolInfo& info, const Args& args, std::ostream& out) {
  if (!args.describe) return std::nullopt;
  out << json::dump(describe_outputs(info));
  out.flush();
  return 0;
}

}  // namespace gunpowder::cli
