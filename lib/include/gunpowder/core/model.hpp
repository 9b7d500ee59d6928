// model.hpp - the one description of a result: typed fields, declared tables and documents.
//
// Every figure a command reports is a Field, declared once: its key (the vocabulary's name: csv
// column and JSON key alike), its header for people, its kind (which decides its JSON type, its
// schema and its bounds), its unit and what it means. A TableSpec lists the fields of one table
// (its columns, or for a record table the figures it may hold), a DocumentSpec the tables of one
// JSON document. From these declarations the core renders text, markdown, csv and JSON
// (report.hpp), and generates the JSON Schemas and the man pages' key tables (describe_*): no tool
// sets a JSON key or writes a schema by hand.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gunpowder/core/json.hpp"

namespace gunpowder::report {

/// What a figure is. It decides how its raw value is written in JSON and what the schema allows.
enum class Kind {
  text,         ///< a string (a name, a label of the book, prose)
  enumerated,   ///< one of Field::values (lower-case words joined by '-')
  boolean,      ///< true or false (csv writes "true"/"false", text "yes"/"no")
  count,        ///< a whole number >= 0 (troops, dice, rounds)
  integer,      ///< any whole number (an adjustment, a modifier)
  number,       ///< any real number
  amount,       ///< a real number >= 0: money, length, weight, time (Field::unit says which)
  probability,  ///< a real number from 0 to 1 (text shows it as a percentage): a chance (key p_...)
  fraction,     ///< a real number from 0 to 1 that is a share of a whole, not a chance (damage as a
                ///< fraction of the shp)
  dice,         ///< dice as the books write them ("2d6+1", "8d10")
};

/// The name of a kind as the man pages and vocabulary write it ("count", "probability").
std::string_view kind_name(Kind k);

/// What a kind allows of a value, declared once: whether it is a number, a whole one, and its
/// bounds. The JSON Schemas' type, minimum and maximum come from it, and so does the check of
/// every figure before it is written (report::figure_out_of_range).
struct KindRange {
  bool numeric = false;
  bool whole = false;
  std::optional<double> min;
  std::optional<double> max;
};
KindRange kind_range(Kind k);

/// One figure, declared once (a constexpr object a tool or module defines in one place). The same
/// key means the same thing, in the same unit and kind, wherever it appears (docs.vocabulary).
struct Field {
  std::string_view key;          ///< csv column and JSON key: lower-case words joined by '_', unit suffix
  std::string_view header;       ///< the column header (text, markdown) or the figure's label in a record
  Kind kind = Kind::text;        ///< its type
  std::string_view unit;         ///< "gp", "lb", "yd", "ft", "in", "days", "weeks", "%"...; empty: none
  std::string_view description;  ///< what it is, in a sentence (schema description, man page row)
  std::string_view values;       ///< an enumerated field's values, separated by '|' ("short|medium|long")
  bool nullable = true;          ///< may be null (a figure that does not apply, shown "-")

  // NOLINTNEXTLINE(bugprone-easily-swappable-parameters): declared with every argument named in place
  constexpr Field(std::string_view key_, std::string_view header_, Kind kind_, std::string_view unit_ = {},
                  std::string_view description_ = {}, std::string_view values_ = {}, bool nullable_ = true)
      : key(key_),
        header(header_),
        kind(kind_),
        unit(unit_),
        description(description_),
        values(values_),
        nullable(nullable_) {}

  /// The same figure (key, kind, unit, values) under another header and sentence: a figure of the
  /// shared vocabulary (gunpowder/core/fields.hpp) as one table of one tool shows it.
  [[nodiscard]] constexpr Field as(std::string_view header_, std::string_view description_,
                                   bool nullable_ = true) const {
    return Field(key, header_, kind, unit, description_, values, nullable_);
  }
};

/// The values of an enumerated field, in their declared order.
std::vector<std::string_view> enum_values(const Field& f);

/// Who sees a column or a figure: people (text, markdown), programs (csv, JSON), or both. A figure
/// the book prints as one composite ("160/560/1600") is shown to people as one column (or record
/// line) of kind text, next to one field per number for programs.
enum class Shown { everywhere, people, programs };

/// How a table is laid out.
enum class Layout {
  rows,    ///< one row per record, one column per field (csv: the same; JSON: an object per row)
  record,  ///< one record shown as a list of figures, one line each: "Characteristic / Value /
           ///< Source" for people; csv one row per figure (figure, value, unit, source); JSON one
           ///< object per record whose members are the figures (and "sources" when they have any)
};

/// A field in a table: the field, its header there (empty: the field's) and who sees it. A Field
/// converts to it: `{kName, kCost, {kRange, "", Shown::people}}`.
struct FieldUse {
  const Field* field = nullptr;
  std::string_view header;  ///< empty: field->header
  Shown shown = Shown::everywhere;

  FieldUse(const Field& f, std::string_view header_ = {},
           Shown shown_ = Shown::everywhere)  // NOLINT: a field is its use
      : field(&f), header(header_), shown(shown_) {}
  FieldUse(const Field& f, Shown shown_) : field(&f), shown(shown_) {}
};

/// The declaration of one table: its name (what --table selects; its JSON key is the name with
/// '_' for '-'), its default title and what it holds. Context fields (the force or piece the table
/// is about) come first in every csv row and JSON object. Declared once, in a function-local
/// static: `static const TableSpec s = TableSpec("mobility", "Mobility", "one carriage", {...})
/// .with_context({kPiece});`
struct TableSpec {
  std::string_view name;
  std::string_view title;
  std::string_view description;  ///< what one row (or record) of it is
  std::vector<FieldUse> fields;  ///< rows: the columns in order; record: every figure it may hold
  Layout layout = Layout::rows;
  std::vector<FieldUse> context;
  std::string_view figure_header;           ///< record: the header of the figure column ("Characteristic")
  std::string_view value_header = "Value";  ///< record: the header of the value column (people)
  bool sourced = false;                     ///< record: each figure has a source (a "Source" column)
  /// Its figures have sources only under house rules (Table::house_rules): the Source column, csv's
  /// `source` and JSON's `sources` (a record: one per figure) or `source` (rows: one per row, the
  /// last column) are there exactly then, naming the house rule behind each figure (or row) it
  /// changed or that is computed from one it changed (empty for the others)
  bool sourced_under_house_rules = false;
  std::string_view source_header;   ///< record: the header of that column for people (empty: "Source")
  Shown shown = Shown::everywhere;  ///< a table for people only (prose) or programs only
  /// Made in every format only on request (--distributions, or --table naming it): a long table of
  /// values (a distribution value by value), whose summary is always there; otherwise left out
  /// (JSON: [])
  bool on_request = false;

  TableSpec(std::string_view name_, std::string_view title_, std::string_view description_,
            std::vector<FieldUse> fields_)
      : name(name_), title(title_), description(description_), fields(std::move(fields_)) {}
  /// The fields every row (or record) is about, first in csv and JSON.
  TableSpec& with_context(std::vector<FieldUse> c) {
    context = std::move(c);
    return *this;
  }
  /// A record table: one figure a line under `figure_header_` (values under `value_header_`), with
  /// a Source column when `sourced_` (headed `source_header_` for people, "Source" unless told; csv
  /// and JSON still say "source").
  TableSpec& as_record(std::string_view figure_header_, bool sourced_, std::string_view value_header_ = "Value",
                       std::string_view source_header_ = {}) {
    layout = Layout::record;
    figure_header = figure_header_;
    sourced = sourced_;
    value_header = value_header_;
    source_header = source_header_;
    return *this;
  }
  /// A table whose figures (a record) or rows have sources under house rules only
  /// (sourced_under_house_rules; a row's source: Table::add_row(cells, source)).
  TableSpec& sourced_by_house_rules() {
    sourced_under_house_rules = true;
    return *this;
  }
  /// A table only `who` sees (Shown::programs: csv and JSON; Shown::people: text and markdown).
  TableSpec& only_for(Shown who) {
    shown = who;
    return *this;
  }
  /// A table made only on request (on_request).
  TableSpec& only_on_request() {
    on_request = true;
    return *this;
  }
};

/// The declaration of one JSON document: gunpowder/<tool>/<name>, version N, and its tables in the
/// order their keys come. A table of the document that a run does not make is written as [].
struct DocumentSpec {
  std::string_view tool;
  std::string_view name;
  int version = 1;
  std::string_view description;
  std::vector<const TableSpec*> tables;
  /// The tool offers --fractions: each object of a table with probabilities may carry "fractions".
  bool fractions = false;

  DocumentSpec(std::string_view tool_, std::string_view name_, int version_, std::string_view description_,
               std::vector<const TableSpec*> tables_)
      : tool(tool_), name(name_), version(version_), description(description_), tables(std::move(tables_)) {}
  /// Declares fractions (--fractions).
  DocumentSpec& with_fractions() {
    fractions = true;
    return *this;
  }
};

/// The JSON key of a table: its name with '_' for '-'.
std::string json_key(std::string_view table_name);

/// The JSON Schema (draft 2020-12, closed objects, enums and bounds from the kinds) of a document,
/// as the core renders it (render_json): the envelope ("schema", "tool"), an array per table, the
/// optional "explain" and the members `extra` (e.g. house rules; each a property schema, optional).
json::Value describe_schema(const DocumentSpec& doc, const json::Value& extra = json::object());

/// The schema of one object of a table's JSON array (a row, or a record); with `fractions`
/// (DocumentSpec::fractions) a table with probabilities may have "fractions".
json::Value describe_items(const TableSpec& t, bool fractions = false);

/// One row of a man page's key table: the key (a JSON path such as `forces[].troops`, or a csv
/// column), its type, its unit and its meaning.
struct KeyRow {
  std::string key;
  std::string type;
  std::string unit;
  std::string meaning;
};
/// The JSON keys of a document, in order (the envelope first).
std::vector<KeyRow> describe_json_keys(const DocumentSpec& doc);
/// The csv columns of a table (context, then fields; a record table's figure/value/unit/source).
std::vector<KeyRow> describe_csv_columns(const TableSpec& t);

}  // namespace gunpowder::report
