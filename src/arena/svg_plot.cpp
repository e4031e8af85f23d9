#include "arena/svg_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace mancala::arena {

namespace {

constexpr const char* kFont = "font-family=\"Helvetica, Arial, sans-serif\"";
constexpr const char* kInk = "#222";
constexpr const char* kMuted = "#666";
constexpr const char* kGrid = "#e4e4e4";
constexpr const char* kAccent = "#2563eb";

// Maps data values onto pixel coordinates.
struct Scale {
    double d0, d1, p0, p1;
    double operator()(double v) const { return p0 + (v - d0) / (d1 - d0) * (p1 - p0); }
};

std::string tick_label(double v, double step) {
    const int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    if (std::abs(v) < step * 1e-9) v = 0;  // no "-0"
    return fmt::format("{:.{}f}", v, decimals);
}

std::string header(double width, double height, const std::string& title, const std::string& subtitle) {
    std::string svg = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" height=\"{1:.0f}\" viewBox=\"0 0 {0:.0f} "
        "{1:.0f}\" {2}>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
        width, height, kFont);
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"28\" font-size=\"18\" font-weight=\"bold\" fill=\"{}\" "
        "text-anchor=\"middle\">{}</text>\n",
        width / 2, kInk, xml_escape(title));
    if (!subtitle.empty())
        svg += fmt::format(
            "<text x=\"{:.1f}\" y=\"48\" font-size=\"12\" fill=\"{}\" text-anchor=\"middle\">{}</text>\n",
            width / 2, kMuted, xml_escape(subtitle));
    return svg;
}

}  // namespace

std::string xml_escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::vector<double> nice_ticks(double low, double high, int target, double min_step) {
    if (!(high > low)) {
        low -= 1;
        high += 1;
    }
    const double raw = (high - low) / std::max(1, target);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    step = std::max(step, min_step);
    // Multiples of the step, computed (not accumulated) so that rounding errors do not add up.
    std::vector<double> ticks;
    const double first = std::floor(low / step);
    for (double i = 0;; ++i) {
        ticks.push_back((first + i) * step);
        if (ticks.back() >= high - step * 1e-9) break;
    }
    return ticks;
}

std::string render_svg(const IntervalChart& chart) {
    std::size_t longest = 8;
    for (const IntervalRow& row : chart.rows) longest = std::max(longest, row.label.size());
    const double width = 820;
    const double left = std::clamp(24.0 + 7.5 * static_cast<double>(longest), 120.0, 400.0);
    const double right = 110, top = 72, row_height = 30, bottom = 64;
    const double height =
        top + row_height * static_cast<double>(std::max<std::size_t>(1, chart.rows.size())) + bottom;
    const double plot_bottom = height - bottom;

    double lo = chart.reference.value_or(0), hi = lo;
    for (const IntervalRow& row : chart.rows) {
        lo = std::min({lo, row.low, row.value});
        hi = std::max({hi, row.high, row.value});
    }
    const double pad = 0.04 * (hi - lo);  // keeps whisker caps off the plot's edges
    const std::vector<double> ticks = nice_ticks(lo - pad, hi + pad, 6);
    const Scale x{ticks.front(), ticks.back(), left, width - right};
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;

    std::string svg = header(width, height, chart.title, chart.subtitle);
    for (std::size_t i = 0; i < chart.rows.size(); i += 2)  // banded rows guide the eye across
        svg +=
            fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#f6f7f9\"/>\n",
                        left, top + row_height * static_cast<double>(i), width - right - left, row_height);
    for (double t : ticks) {
        svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\"/>\n",
                           x(t), top, plot_bottom, kGrid);
        svg += fmt::format(
            "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" fill=\"{}\" "
            "text-anchor=\"middle\">{}</text>\n",
            x(t), plot_bottom + 18, kMuted, tick_label(t, step));
    }
    if (chart.reference)
        svg += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#999\" "
            "stroke-dasharray=\"4 3\"/>\n",
            x(*chart.reference), top, plot_bottom);
    svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"{3}\"/>\n", left,
                       plot_bottom, width - right, kInk);
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" fill=\"{}\" text-anchor=\"middle\">{}</text>\n",
        (left + width - right) / 2, plot_bottom + 42, kInk, xml_escape(chart.axis_label));

    for (std::size_t i = 0; i < chart.rows.size(); ++i) {
        const IntervalRow& row = chart.rows[i];
        const double y = top + row_height * (static_cast<double>(i) + 0.5);
        svg += fmt::format(
            "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" fill=\"{}\" text-anchor=\"end\">{}</text>\n",
            left - 10, y + 4, kInk, xml_escape(row.label));
        svg += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{2:.1f}\" x2=\"{1:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\" "
            "stroke-width=\"2\"/>\n",
            x(row.low), x(row.high), y, kAccent);
        for (double end : {row.low, row.high})
            svg += fmt::format(
                "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\" "
                "stroke-width=\"2\"/>\n",
                x(end), y - 6, y + 6, kAccent);
        svg += fmt::format(
            "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"5\" fill=\"{}\" stroke=\"white\" "
            "stroke-width=\"1.5\"/>\n",
            x(row.value), y, kAccent);
        svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" fill=\"{}\">{}</text>\n",
                           width - right + 10, y + 4, kInk, xml_escape(row.note));
    }
    return svg + "</svg>\n";
}

std::string render_svg(const LineChart& chart) {
    const double width = 820, height = 470, left = 76, right = 32, top = 88, bottom = 64;
    const double plot_bottom = height - bottom, plot_right = width - right;
    double x_lo = 0, x_hi = 1;
    if (!chart.points.empty()) {
        x_lo = chart.points.front().x;
        x_hi = chart.points.front().x;
        for (const LinePoint& p : chart.points) {
            x_lo = std::min(x_lo, p.x);
            x_hi = std::max(x_hi, p.x);
        }
    }
    bool whole_x = true;  // integer parameters get integer ticks
    for (const LinePoint& p : chart.points) whole_x = whole_x && p.x == std::floor(p.x);
    const std::vector<double> x_ticks = nice_ticks(x_lo, x_hi, 10, whole_x ? 1.0 : 0.0);
    const std::vector<double> y_ticks = nice_ticks(chart.y_min, chart.y_max, 5);
    const Scale x{x_ticks.front(), x_ticks.back(), left, plot_right};
    const Scale y{y_ticks.front(), y_ticks.back(), plot_bottom, top};
    const double x_step = x_ticks.size() > 1 ? x_ticks[1] - x_ticks[0] : 1;
    const double y_step = y_ticks.size() > 1 ? y_ticks[1] - y_ticks[0] : 1;

    std::string svg = header(width, height, chart.title, chart.subtitle);
    for (double t : y_ticks) {
        svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{2:.1f}\" x2=\"{1:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\"/>\n",
                           left, plot_right, y(t), kGrid);
        const std::string label = chart.y_percent ? tick_label(100 * t, 100 * y_step) + "%" : tick_label(t, y_step);
        svg += fmt::format(
            "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" fill=\"{}\" text-anchor=\"end\">{}</text>\n",
            left - 8, y(t) + 4, kMuted, label);
    }
    for (double t : x_ticks) {
        svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\"/>\n",
                           x(t), top, plot_bottom, kGrid);
        svg += fmt::format(
            "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" fill=\"{}\" "
            "text-anchor=\"middle\">{}</text>\n",
            x(t), plot_bottom + 18, kMuted, tick_label(t, x_step));
    }
    if (chart.reference)
        svg += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{2:.1f}\" x2=\"{1:.1f}\" y2=\"{2:.1f}\" stroke=\"#999\" "
            "stroke-dasharray=\"4 3\"/>\n",
            left, plot_right, y(*chart.reference));
    // Axes.
    svg += fmt::format(
        "<polyline points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"none\" stroke=\"{}\"/>\n", left, top,
        left, plot_bottom, plot_right, plot_bottom, kInk);
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" fill=\"{}\" text-anchor=\"middle\">{}</text>\n",
        (left + plot_right) / 2, plot_bottom + 42, kInk, xml_escape(chart.x_label));
    svg += fmt::format(
        "<text transform=\"translate({:.1f},{:.1f}) rotate(-90)\" font-size=\"12\" fill=\"{}\" "
        "text-anchor=\"middle\">{}</text>\n",
        left - 52, (top + plot_bottom) / 2, kInk, xml_escape(chart.y_label));

    if (!chart.points.empty()) {
        std::string band, line;
        for (const LinePoint& p : chart.points) band += fmt::format("{:.1f},{:.1f} ", x(p.x), y(p.high));
        for (auto p = chart.points.rbegin(); p != chart.points.rend(); ++p)
            band += fmt::format("{:.1f},{:.1f} ", x(p->x), y(p->low));
        for (const LinePoint& p : chart.points) line += fmt::format("{:.1f},{:.1f} ", x(p.x), y(p.y));
        band.pop_back();
        line.pop_back();
        svg += fmt::format("<polygon points=\"{}\" fill=\"{}\" fill-opacity=\"0.15\" stroke=\"none\"/>\n", band,
                           kAccent);
        svg += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>\n", line,
                           kAccent);
        for (const LinePoint& p : chart.points)
            svg += fmt::format(
                "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.5\" fill=\"{}\" stroke=\"white\" "
                "stroke-width=\"1\"/>\n",
                x(p.x), y(p.y), kAccent);
    }
    // Legend, above the plot's top right corner, where no data can hide it.
    svg += fmt::format(
        "<rect x=\"{0:.1f}\" y=\"{1:.1f}\" width=\"18\" height=\"10\" fill=\"{2}\" fill-opacity=\"0.15\"/>\n"
        "<line x1=\"{0:.1f}\" y1=\"{3:.1f}\" x2=\"{4:.1f}\" y2=\"{3:.1f}\" stroke=\"{2}\" stroke-width=\"2\"/>\n"
        "<text x=\"{5:.1f}\" y=\"{6:.1f}\" font-size=\"11\" fill=\"{7}\">win rate and 95% interval</text>\n",
        plot_right - 160, top - 20, kAccent, top - 15, plot_right - 142, plot_right - 136, top - 11, kInk);
    return svg + "</svg>\n";
}

}  // namespace mancala::arena
