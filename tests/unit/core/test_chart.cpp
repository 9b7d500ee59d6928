// test_chart.cpp - the chart renderers: text bars (--chart) and SVG panels (--svg), as strings.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "gunpowder/core/report.hpp"

using namespace gunpowder;

namespace {

report::Chart one_series() {
  report::Chart c;
  c.title = "Outcome";
  c.labels = {"win", "lose"};
  c.values = {0.75, 0.25};
  return c;
}

report::Chart two_series() {
  report::Chart c;
  c.title = "Casualties";
  c.labels = {"0", "1"};
  c.add_series("knockdowns", {0.5, 0.25}).add_series("wounds", {0.25, std::nullopt});
  return c;
}

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

// The widest line, in code points.
size_t widest_line(const std::string& s) {
  size_t widest = 0, n = 0;
  for (unsigned char ch : s) {
    if (ch == '\n') {
      widest = std::max(widest, n);
      n = 0;
    } else if ((ch & 0xC0) != 0x80) {
      ++n;
    }
  }
  return std::max(widest, n);
}

}  // namespace

TEST_CASE("report::render_chart_text") {
  SUBCASE("ASCII where the terminal may not show blocks: '#' in whole characters, rounded") {
    // 0.25 / 0.75 of 8 characters is 2.67 characters: 3 '#'.
    CHECK(report::render_chart_text({one_series()}, 8, {100, true}) == "Outcome\nwin   ######## 75.00%\nlose  ### 25.00%\n");
  }
  SUBCASE("within the columns given: long labels cut to their share of the line, the bar shortened") {
    report::Chart c = one_series();
    c.labels[0] = std::string(60, 'x');
    for (size_t columns : {40, 60, 80, 100}) {
      CAPTURE(columns);
      const std::string out = report::render_chart_text({c}, 50, {columns, true});
      size_t start = 0;
      while (start < out.size()) {
        const size_t end = out.find('\n', start);
        size_t shown = 0;  // columns: code points (the ellipsis of a cut label is three bytes)
        for (size_t i = start; i < end; ++i) shown += (static_cast<unsigned char>(out[i]) & 0xC0) != 0x80;
        CHECK(shown <= columns);
        start = end + 1;
      }
    }
  }
  SUBCASE("bars scale to the largest value, in eighths of a character") {
    // 0.25 / 0.75 of 8 characters is 21.3 eighths: 2 full blocks and a five-eighths block.
    CHECK(report::render_chart_text({one_series()}, 8) ==
          "Outcome\nwin   \u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588 75.00%\nlose  \u2588\u2588\u258B 25.00%\n");
  }
  SUBCASE("several series: one line per label and series, the series named, a missing value skipped") {
    CHECK(report::render_chart_text({two_series()}, 8) ==
          "Casualties\n"
          "0  knockdowns  \u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588 50.00%\n"
          "   wounds      \u2588\u2588\u2588\u2588 25.00%\n"
          "1  knockdowns  \u2588\u2588\u2588\u2588 25.00%\n");
  }
  SUBCASE("a probability under 1% keeps four decimals; counts are plain numbers") {
    report::Chart c = one_series();
    c.values = {1.0, 0.001};
    CHECK(report::render_chart_text({c}, 4).find("lose   0.1000%\n") != std::string::npos);
    c.values = {1.0, 1e-9};
    CHECK(report::render_chart_text({c}, 4).find("lose   <0.0001%\n") != std::string::npos);
    c.percent = false;
    c.values = {12, 7};
    CHECK(report::render_chart_text({c}, 12) ==
          "Outcome\nwin   "
          "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588 12\nlose  "
          "\u2588\u2588\u2588\u2588\u2588\u2588\u2588 7\n");
  }
  SUBCASE("every line fits 100 columns: long labels cut, titles wrapped, bars shortened") {
    report::Chart c;
    std::string title;
    for (int i = 0; i < 30; ++i) title += "word" + std::to_string(i) + " ";
    c.title = title;
    c.labels = {std::string(60, 'x'), "y"};
    c.add_series(std::string(40, 'n'), {1.0, 0.5}).add_series("m", {0.5, 1.0});
    const std::string s = report::render_chart_text({c}, 200);
    CHECK(widest_line(s) <= static_cast<size_t>(report::kChartColumns));
    CHECK(s.find(std::string(31, 'x') + "\u2026  ") != std::string::npos);  // 32 columns
    CHECK(s.find("word29") != std::string::npos);                           // wrapped, not lost
  }
}

TEST_CASE("report::render_chart_svg") {
  SUBCASE("one series: one colour, no legend, a value axis of round ticks titled Probability") {
    report::Chart c = one_series();
    c.values = {0.5, 0.3};
    const std::string s = report::render_chart_svg({c});
    // 0.5 at most: ticks every 10% up to 50%, the 440 px axis; 0.3 is 264 px.
    for (const char* tick : {">0%</text>", ">10%</text>", ">50%</text>"}) CHECK(s.find(tick) != std::string::npos);
    CHECK(s.find(">60%</text>") == std::string::npos);
    CHECK(s.find("width=\"440\" height=\"18\" fill=\"#0072B2\"") != std::string::npos);
    CHECK(s.find("width=\"264\" height=\"18\" fill=\"#0072B2\"") != std::string::npos);
    CHECK(s.find(">Probability</text>") != std::string::npos);
    CHECK(s.find("#D55E00") == std::string::npos);
    CHECK(s.find(">Outcome</text>") != std::string::npos);
    CHECK(s.find(">win</text>") != std::string::npos);
    CHECK(s.find(">30.00%</text>") != std::string::npos);
  }
  SUBCASE("counts: ticks of 1, 2 or 5 times a power of ten, the axis titled as asked") {
    report::Chart c = one_series();
    c.percent = false;
    c.values = {12, 7};
    c.value_axis = "Troops";
    const std::string s = report::render_chart_svg({c});
    // 12 at most: steps of 5 up to 15; 12 is 12/15 of 440 px.
    for (const char* tick : {">0</text>", ">5</text>", ">10</text>", ">15</text>"})
      CHECK(s.find(tick) != std::string::npos);
    CHECK(s.find(">20</text>") == std::string::npos);
    CHECK(s.find("width=\"352\"") != std::string::npos);
    CHECK(s.find(">Troops</text>") != std::string::npos);
  }
  SUBCASE("several series: a colour each, a legend, no bar where a series has no value") {
    report::Chart c = two_series();
    c.label_axis = "Casualties";
    const std::string s = report::render_chart_svg({c});
    CHECK(count(s, "fill=\"#0072B2\"") == 3);  // the legend's swatch and two bars
    CHECK(count(s, "fill=\"#D55E00\"") == 2);  // the legend's swatch and one bar
    CHECK(s.find(">knockdowns</text>") != std::string::npos);
    CHECK(s.find(">wounds</text>") != std::string::npos);
    CHECK(count(s, ">Casualties</text>") == 2);  // the title and the labels' heading
  }
  SUBCASE("one panel per chart, the document sized to hold them") {
    const std::string s = report::render_chart_svg({one_series(), two_series()});
    CHECK(count(s, "<g>") == 2);
    CHECK(s.rfind("</svg>\n") == s.size() - 7);
    CHECK(s.find("viewBox=\"0 0 ") != std::string::npos);
  }
  SUBCASE("nothing to draw: an empty document, still well-formed") {
    const std::string s = report::render_chart_svg({});
    CHECK(s.find("<svg") != std::string::npos);
    CHECK(count(s, "<g>") == 0);
  }
}
