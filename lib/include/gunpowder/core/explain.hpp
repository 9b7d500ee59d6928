// explain.hpp - the derivation --explain shows, as typed steps: each says what figure it derives,
// by which rule (with its inputs in place), from which inputs, with what result, citing the book
// and section the rule is from. The rules return them (a module's result holds its steps); the
// core renders them: a line each in text and markdown, an object each in JSON. No step is display
// text to be read back: a program reads the JSON's inputs and result.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace gunpowder::report {

/// One input of a step: what it is, and its value as the step shows it (with its unit).
struct StepInput {
  std::string name;   ///< "troops", "hit dice", "shot"
  std::string value;  ///< "60", "0.75", "12 lb"
};

/// How a step's result follows from its rule.
enum class Yields {
  equals,   ///< the rule computes it exactly ("= 6")
  rounded,  ///< the rule's value rounded or looked up in a table ("-> 1")
};

/// One step of a derivation.
struct Step {
  std::string subject;            ///< whom or what it is about ("Elves", "12-pdr Gun"); empty: the whole result
  std::string figure;             ///< the figure it derives ("BR", "uhp", "target value"); empty: a statement
  std::string rule;               ///< the rule as the book writes it, with the inputs in place ("60 x 2 x 0.75 / 15")
  std::string result;             ///< the figure's value ("6"); empty when the step states a fact
  std::string source;             ///< where the rule is from: "Book, Section" (a formula of the book), or a reading
  std::vector<StepInput> inputs;  ///< what the rule reads, each with its value
  Yields yields = Yields::equals;

  Step() = default;
  /// A step of its parts in declaration order (the trailing ones may be left out); its inputs are
  /// added with in().
  // NOLINTNEXTLINE(bugprone-easily-swappable-parameters): written with its parts in their order
  Step(std::string subject_, std::string figure_, std::string rule_, std::string result_, std::string source_ = {},
       std::vector<StepInput> inputs_ = {}, Yields yields_ = Yields::equals)
      : subject(std::move(subject_)),
        figure(std::move(figure_)),
        rule(std::move(rule_)),
        result(std::move(result_)),
        source(std::move(source_)),
        inputs(std::move(inputs_)),
        yields(yields_) {}

  /// Adds an input (chained: `Step{...}.in("troops", "60").in("HD", "0.75")`).
  Step& in(std::string name, std::string value) {
    inputs.push_back({std::move(name), std::move(value)});
    return *this;
  }
};

/// A step deriving `figure` by `rule` (its inputs in place) with `result`, from `source`, about
/// `subject` (empty: the caller names it); inputs are added with `.in(name, value)`. The one
/// builder the modules share, for a step whose subject is named last or not at all.
inline Step step(std::string figure, std::string rule, std::string result, std::string source,
                 Yields yields = Yields::equals, std::string subject = {}) {
  return {std::move(subject), std::move(figure), std::move(rule), std::move(result), std::move(source), {}, yields};
}

/// A step that states a fact or a choice (no figure derived, no result): "the target is a structure".
inline Step statement(std::string rule, std::string source = {}) {
  Step s;
  s.rule = std::move(rule);
  s.source = std::move(source);
  return s;
}

/// A derivation: its steps in order.
using Steps = std::vector<Step>;

/// The step as a line of text: "subject: figure = rule = result (source)", each part only when it
/// is there ("-> result" for a rounded one; "figure = result" without a rule; "rule" alone for a
/// statement).
std::string step_line(const Step& s);

/// Puts every step of `steps` under `subject`: its subject where it has none (a unit's steps, named
/// once), else before its own ("siege machine: besieger rating" before "Elves").
void with_subject(Steps& steps, const std::string& subject);
/// Appends `steps` to `to`, each under `subject` (with_subject).
void append_under(Steps& to, Steps steps, const std::string& subject);

}  // namespace gunpowder::report
