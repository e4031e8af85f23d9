#pragma once
// Hand-written SVG charts, self-contained (no scripts, no external fonts) so
// that they open in any browser and embed in any page: a dot-and-whisker chart
// of estimates with intervals, and a line chart with a shaded interval band.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::arena {

struct IntervalRow {
    std::string label;
    double value = 0;
    double low = 0;
    double high = 0;
    std::string note;  ///< printed right of the row, e.g. "+120 ± 35"
};

/// Rows top to bottom, each a dot at `value` with a whisker from `low` to `high`.
struct IntervalChart {
    std::string title;
    std::string subtitle;
    std::string axis_label;
    std::vector<IntervalRow> rows;
    std::optional<double> reference;  ///< a dashed vertical line, e.g. at 0
};

struct LinePoint {
    double x = 0;
    double y = 0;
    double low = 0;
    double high = 0;
};

/// Points joined left to right, over a band from `low` to `high` (a rate and its interval).
struct LineChart {
    std::string title;
    std::string subtitle;
    std::string x_label;
    std::string y_label;
    std::vector<LinePoint> points;
    double y_min = 0;
    double y_max = 1;
    bool y_percent = true;            ///< label the y axis 0%..100%
    std::optional<double> reference;  ///< a dashed horizontal line, e.g. at 0.5
};

std::string render_svg(const IntervalChart& chart);
std::string render_svg(const LineChart& chart);

/// About `target` round tick values (1, 2 or 5 times a power of ten apart, at least
/// `min_step`) covering [low, high].
std::vector<double> nice_ticks(double low, double high, int target, double min_step = 0);

std::string xml_escape(std::string_view text);

}  // namespace mancala::arena
