// chart.cpp - the charts of a report: text bars for a terminal (--chart) and one SVG document
// of panels (--svg).
#include <algorithm>
#include <cmath>

#include "gunpowder/core/escape.hpp"
#include "gunpowder/core/fmtnum.hpp"
#include "gunpowder/core/report.hpp"

namespace gunpowder::report {

std::vector<Series> Chart::all_series() const {
  if (!series.empty()) return series;
  Series one;
  one.values.assign(values.begin(), values.end());
  return {one};
}

namespace {

// Code points of `s` (its width on a terminal for the scripts the tools print).
size_t columns_of(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); i += escape::utf8_next(s, i).length) ++n;
  return n;
}

// `s` cut to at most `max` code points, the last of them an ellipsis when something is cut.
std::string cut(const std::string& s, size_t max) {
  if (columns_of(s) <= max || max == 0) return s;
  size_t i = 0;
  for (size_t n = 0; n + 1 < max; ++n) i += escape::utf8_next(s, i).length;
  return s.substr(0, i) + "\u2026";
}

// `text` in lines of at most `width` code points, broken at spaces (a longer word is cut).
std::vector<std::string> wrap(const std::string& text, size_t width) {
  std::vector<std::string> lines;
  std::string line;
  size_t from = 0;
  while (from <= text.size()) {
    size_t to = text.find(' ', from);
    if (to == std::string::npos) to = text.size();
    const std::string word = text.substr(from, to - from);
    if (!line.empty() && columns_of(line) + 1 + columns_of(word) > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    from = to + 1;
  }
  if (!line.empty() || lines.empty()) lines.push_back(cut(line, width));
  for (auto& l : lines) l = cut(l, width);
  return lines;
}

bool has(const Series& s, size_t i) { return i < s.values.size() && s.values[i].has_value(); }

// A value as a bar's length: a negative or non-finite value draws no bar.
double drawn(double v) { return std::isfinite(v) && v > 0 ? v : 0.0; }

double largest(const std::vector<Series>& series, size_t labels) {
  double max = 0;
  for (const auto& s : series)
    for (size_t i = 0; i < labels; ++i)
      if (has(s, i)) max = std::max(max, drawn(*s.values[i]));
  return max;
}

// A value as printed at the end of its bar: a percentage (four decimals under 1%, and a chance too
// small for them "<0.0001%", not a zero), or the number.
std::string value_text(double v, bool percent) {
  if (!percent) return fmtnum::trim(v, 4);
  if (v > 0 && v < 0.5e-6) return "<0.0001%";
  return fmtnum::percent(v, v > 0 && v < 0.01 ? 4 : 2);
}

void pad_to(std::string& out, const std::string& s, size_t w) {
  out += s;
  const size_t have = columns_of(s);
  if (have < w) out.append(w - have, ' ');
}

// A bar of `v` on a scale where `max` is `width` characters; eighth-block characters give it a
// resolution of 1/8 of a character.
std::string text_bar(double v, double max, int width, bool ascii) {
  const long eighths = max > 0 ? std::lround(drawn(v) / max * width * 8) : 0;
  std::string bar;
  if (ascii) return std::string(static_cast<size_t>((eighths + 4) / 8), '#');  // whole characters only
  for (long k = 0; k < eighths / 8; ++k) bar += "\u2588";
  static const char* const kPartial[] = {"", "\u258F", "\u258E", "\u258D", "\u258C", "\u258B", "\u258A", "\u2589"};
  bar += kPartial[eighths % 8];
  return bar;
}

// The widest label and series name shown; longer ones are cut with an ellipsis.
constexpr size_t kTextLabelColumns = 32;
constexpr size_t kTextSeriesColumns = 28;

void text_chart(std::string& out, const Chart& c, int width, const TextChartStyle& style) {
  const size_t columns = std::max<size_t>(style.columns, 40);
  // Labels and series names keep their share of a 100-column line (32 and 28) in narrower ones.
  const size_t label_cap = std::min(kTextLabelColumns, columns * kTextLabelColumns / kChartColumns);
  const size_t name_cap = std::min(kTextSeriesColumns, columns * kTextSeriesColumns / kChartColumns);
  for (const auto& line : wrap(escape::visible(c.title, escape::Breaks::space), columns)) out += line + '\n';
  const std::vector<Series> series = c.all_series();
  const size_t n = c.labels.size();
  // The series are named on their lines when some label has bars of two series.
  bool named = false;
  for (size_t i = 0; i < n && !named; ++i)
    named = std::count_if(series.begin(), series.end(), [i](const Series& s) { return has(s, i); }) > 1;
  std::vector<std::string> labels, names;
  size_t label_w = 0, name_w = 0, value_w = 0;
  for (const auto& l : c.labels) {
    labels.push_back(cut(escape::visible(l, escape::Breaks::space), label_cap));
    label_w = std::max(label_w, columns_of(labels.back()));
  }
  for (const auto& s : series) {
    names.push_back(cut(escape::visible(s.name, escape::Breaks::space), name_cap));
    if (named) name_w = std::max(name_w, columns_of(names.back()));
    for (size_t i = 0; i < n; ++i)
      if (has(s, i)) value_w = std::max(value_w, value_text(*s.values[i], c.percent).size());
  }
  // The bars take what the line leaves, up to `width`: label, two spaces, the series' name and
  // two spaces, the bar, a space and the value.
  const long room =
      static_cast<long>(columns) - static_cast<long>(label_w + 2 + (named ? name_w + 2 : 0) + 1 + value_w);
  const int bar_w = static_cast<int>(std::clamp<long>(room, 1, std::max(1, width)));
  const double max = largest(series, n);
  for (size_t i = 0; i < n; ++i) {
    bool first = true;
    for (size_t k = 0; k < series.size(); ++k) {
      if (!has(series[k], i)) continue;
      const double v = *series[k].values[i];
      std::string line;
      pad_to(line, first ? labels[i] : "", label_w);
      line += "  ";
      if (named) {
        pad_to(line, names[k], name_w);
        line += "  ";
      }
      out += line + text_bar(v, max, bar_w, style.ascii) + ' ' + value_text(v, c.percent) + '\n';
      first = false;
    }
  }
}

}  // namespace

std::string render_chart_text(const std::vector<Chart>& charts, int width, const TextChartStyle& style) {
  std::string out;
  for (const auto& c : charts) {
    if (!out.empty()) out += '\n';
    text_chart(out, c, width, style);
  }
  return out;
}

// ---- SVG

namespace {

std::string xml(const std::string& s) {
  std::string out;
  escape::append_xml(out, s);
  return out;
}

std::string num(double x) { return fmtnum::trim(x, 1); }

// A colour-blind-safe palette (Okabe and Ito, "Color Universal Design"), without its yellow,
// which is too pale on white; series beyond it take the colours again.
constexpr const char* kPalette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"};
constexpr size_t kColours = sizeof kPalette / sizeof kPalette[0];

// The colour of series `k`: its own, or its place's.
const char* colour_of(const std::vector<Series>& series, size_t k) {
  const int c = series[k].colour;
  return kPalette[(c >= 0 ? static_cast<size_t>(c) : k) % kColours];
}

// The layout, in pixels; text widths are estimated from the number of characters.
constexpr int kMargin = 10;       // around the panels
constexpr int kPad = 14;          // inside a panel
constexpr double kCharPx = 7.0;   // a character at 12 px
constexpr double kTitlePx = 8.6;  // a character of the 15 px bold title
constexpr int kPlotPx = 440;      // the value axis' length
constexpr int kValueRoom = 78;    // after the plot, for the value at a bar's end
constexpr int kLabelMax = 48;     // a label's characters shown; longer ones are cut
constexpr int kGroupGap = 8;      // between the bars of two labels

// The value axis: from 0 to `top` in steps of `step` (1, 2 or 5 times a power of ten, about five
// ticks), its labels with `decimals` decimals.
struct Scale {
  double top = 1, step = 0.2;
  int decimals = 0;
  bool percent = true;
  std::string tick(double t) const {
    return percent ? fmtnum::fixed(t * 100, decimals) + "%" : fmtnum::fixed(t, decimals);
  }
};

Scale scale_for(double max, bool percent) {
  Scale s;
  s.percent = percent;
  if (!(max > 0)) max = 1;
  const double raw = max / 5;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / mag;
  s.step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
  s.top = std::ceil(max / s.step - 1e-9) * s.step;
  const double shown = percent ? s.step * 100 : s.step;
  s.decimals = shown >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(shown) - 1e-9));
  return s;
}

// One panel, drawn at `top`: its SVG and its height.
struct Panel {
  std::string svg;
  int height = 0;
};

struct PanelLayout {
  int label_w = 80;  // the label column
  int width = 0;     // a panel's
  int plot_x() const { return kMargin + kPad + label_w + 10; }
};

// The estimated width of a label as drawn (cut at kLabelMax characters).
int text_px(const std::string& s) {
  return static_cast<int>(static_cast<double>(std::min<size_t>(columns_of(s), kLabelMax)) * kCharPx);
}

std::string text_at(double x, double y, const std::string& attrs, const std::string& body) {
  return "    <text x=\"" + num(x) + "\" y=\"" + num(y) + "\"" + attrs + ">" + xml(body) + "</text>\n";
}

// The legend: a swatch and the name of each series, in rows that fit the panel.
int legend(std::string& out, const std::vector<Series>& series, const PanelLayout& L, int y) {
  double x = kMargin + kPad;
  const double right = kMargin + L.width - kPad;
  int rows = 1;
  for (size_t k = 0; k < series.size(); ++k) {
    const std::string name = cut(series[k].name, kLabelMax);
    const double w = 16 + static_cast<double>(columns_of(name)) * kCharPx + 18;
    if (x > kMargin + kPad && x + w > right) {
      x = kMargin + kPad;
      y += 18;
      ++rows;
    }
    out += "    <rect x=\"" + num(x) + "\" y=\"" + std::to_string(y - 10) + "\" width=\"11\" height=\"11\" fill=\"" +
           colour_of(series, k) + "\"/>\n";
    out += text_at(x + 16, y, "", name);
    x += w;
  }
  return rows * 18;
}

// The value axis under the plot: grid lines, ticks and their labels, and the axis' title.
void value_axis(std::string& out, const Chart& c, const Scale& s, const PanelLayout& L, int plot_top, int plot_bottom) {
  const int x0 = L.plot_x();
  const int steps = static_cast<int>(std::lround(s.top / s.step));
  for (int k = 0; k <= steps; ++k) {
    const double x = x0 + kPlotPx * (k * s.step) / s.top;
    out += "    <line x1=\"" + num(x) + "\" y1=\"" + std::to_string(plot_top) + "\" x2=\"" + num(x) + "\" y2=\"" +
           std::to_string(plot_bottom + 4) + "\" stroke=\"" + (k ? "#dddddd" : "#444444") + "\"/>\n";
    out += text_at(x, plot_bottom + 17, " text-anchor=\"middle\" font-size=\"11\"", s.tick(k * s.step));
  }
  out += "    <line x1=\"" + std::to_string(x0) + "\" y1=\"" + std::to_string(plot_bottom) + "\" x2=\"" +
         std::to_string(x0 + kPlotPx) + "\" y2=\"" + std::to_string(plot_bottom) + "\" stroke=\"#444444\"/>\n";
  const std::string title = !c.value_axis.empty() ? c.value_axis : c.percent ? "Probability" : "Value";
  out += text_at(x0 + kPlotPx / 2.0, plot_bottom + 34, " text-anchor=\"middle\" font-weight=\"bold\"", title);
}

// The bars of every label, each series in its colour, the value at the end of each bar.
int bars(std::string& out, const Chart& c, const std::vector<Series>& series, const Scale& s, const PanelLayout& L, int y) {
  const int bar_h = series.size() > 1 ? 13 : 18;
  const int x0 = L.plot_x();
  for (size_t i = 0; i < c.labels.size(); ++i) {
    int present = 0;
    for (const auto& se : series) present += has(se, i) ? 1 : 0;
    if (present == 0) continue;
    const int group_h = present * bar_h + (present - 1) * 2;
    out += text_at(x0 - 8, y + group_h / 2.0 + 4, " text-anchor=\"end\"", cut(c.labels[i], kLabelMax));
    for (size_t k = 0; k < series.size(); ++k) {
      if (!has(series[k], i)) continue;
      const double v = *series[k].values[i];
      const double w = kPlotPx * std::min(drawn(v), s.top) / s.top;
      out += "    <rect x=\"" + std::to_string(x0) + "\" y=\"" + std::to_string(y) + "\" width=\"" + num(w) +
             "\" height=\"" + std::to_string(bar_h) + "\" fill=\"" + colour_of(series, k) + "\"/>\n";
      out += text_at(x0 + w + 4, y + bar_h / 2.0 + 4, " font-size=\"10\" fill=\"#333333\"", value_text(v, c.percent));
      y += bar_h + 2;
    }
    y += kGroupGap - 2;
  }
  return y;
}

Panel panel(const Chart& c, const PanelLayout& L, int top) {
  Panel p;
  std::string body;
  int y = top + kPad;
  const size_t title_chars = static_cast<size_t>((L.width - 2 * kPad) / kTitlePx);
  for (const auto& line : wrap(c.title, title_chars)) {
    y += 18;
    body += text_at(kMargin + kPad, y, " font-size=\"15\" font-weight=\"bold\"", line);
  }
  y += 6;
  const std::vector<Series> series = c.all_series();
  const bool legend_shown = series.size() > 1 || !series.front().name.empty();
  if (legend_shown) y += 6 + legend(body, series, L, y + 12);
  if (!c.label_axis.empty()) {
    y += 16;
    body += text_at(L.plot_x() - 8, y, " text-anchor=\"end\" font-weight=\"bold\"", cut(c.label_axis, kLabelMax));
  }
  const int plot_top = y + 6;
  const Scale s = scale_for(largest(series, c.labels.size()), c.percent);
  std::string bar_svg;
  const int plot_bottom = bars(bar_svg, c, series, s, L, plot_top + kGroupGap) - kGroupGap + 8;
  value_axis(body, c, s, L, plot_top, plot_bottom);
  body += bar_svg;
  p.height = plot_bottom + 38 + kPad - top;
  p.svg = "  <g>\n    <title>" + xml(c.title) + "</title>\n    <rect x=\"" + std::to_string(kMargin) + "\" y=\"" +
          std::to_string(top) + "\" width=\"" + std::to_string(L.width) + "\" height=\"" + std::to_string(p.height) +
          "\" rx=\"4\" fill=\"#fafafa\" stroke=\"#cccccc\"/>\n" + body + "  </g>\n";
  return p;
}

}  // namespace

std::string render_chart_svg(const std::vector<Chart>& charts) {
  // One label column for every panel, as wide as the widest label (cut at kLabelMax characters),
  // so that the panels' axes line up.
  PanelLayout L;
  for (const auto& c : charts) {
    for (const auto& l : c.labels) L.label_w = std::max(L.label_w, text_px(l));
    L.label_w = std::max(L.label_w, text_px(c.label_axis));
  }
  L.width = kPad + L.label_w + 10 + kPlotPx + kValueRoom + kPad;
  std::string body;
  int y = kMargin;
  for (const auto& c : charts) {
    if (c.labels.empty()) continue;
    const Panel p = panel(c, L, y);
    body += p.svg;
    y += p.height + kMargin;
  }
  const std::string w = std::to_string(L.width + 2 * kMargin), h = std::to_string(std::max(y, 2 * kMargin));
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w +
         "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n  <rect width=\"100%\" height=\"100%\" "
         "fill=\"#ffffff\"/>\n" +
         body + "</svg>\n";
}

}  // namespace gunpowder::report
