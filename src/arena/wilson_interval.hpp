#pragma once
// The Wilson score interval for a proportion: unlike the textbook p +- z sqrt(p(1-p)/n),
// it stays inside [0, 1] and is sensible for 0 or n successes and small n.

namespace mancala::arena {

struct Interval {
    double low = 0;
    double high = 0;
};

/// The 95% Wilson interval of `successes` out of `trials` (trials > 0; [0, 1] for none).
Interval wilson_interval(double successes, double trials);

}  // namespace mancala::arena
