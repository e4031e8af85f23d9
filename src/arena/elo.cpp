#include "arena/elo.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mancala::arena {

namespace {

constexpr double kZ95 = 1.959963984540054;
const double kLog10Over400 = std::log(10.0) / 400.0;  // the Elo scale as a logistic slope

using Matrix = std::vector<std::vector<double>>;

// log(1 / (1 + e^-x)), without overflow for large |x|.
double log_sigmoid(double x) { return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }
double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// Solves a x = b for a small dense matrix by Gaussian elimination with partial pivoting.
std::vector<double> solve(Matrix a, std::vector<double> b) {
    const std::size_t n = b.size();
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t row = col + 1; row < n; ++row)
            if (std::abs(a[row][col]) > std::abs(a[pivot][col])) pivot = row;
        if (std::abs(a[pivot][col]) < 1e-300) throw std::invalid_argument("the rating system is singular");
        std::swap(a[col], a[pivot]);
        std::swap(b[col], b[pivot]);
        for (std::size_t row = col + 1; row < n; ++row) {
            const double f = a[row][col] / a[col][col];
            for (std::size_t k = col; k < n; ++k) a[row][k] -= f * a[col][k];
            b[row] -= f * b[col];
        }
    }
    std::vector<double> x(n);
    for (std::size_t i = n; i-- > 0;) {
        double sum = b[i];
        for (std::size_t k = i + 1; k < n; ++k) sum -= a[i][k] * x[k];
        x[i] = sum / a[i][i];
    }
    return x;
}

// Agents reachable from agent 0 along edges a -> b where edge(a, b) holds.
template <typename Edge>
bool all_reachable(int n, Edge edge) {
    std::vector<bool> seen(static_cast<std::size_t>(n));
    std::vector<int> stack{0};
    seen[0] = true;
    while (!stack.empty()) {
        const int a = stack.back();
        stack.pop_back();
        for (int b = 0; b < n; ++b)
            if (!seen[static_cast<std::size_t>(b)] && edge(a, b)) {
                seen[static_cast<std::size_t>(b)] = true;
                stack.push_back(b);
            }
    }
    return std::all_of(seen.begin(), seen.end(), [](bool s) { return s; });
}

// Finite ratings exist exactly when every agent took points from, and gave points
// to, every other agent through some chain of results (Zermelo's condition).
void check_finite(const PairwiseResults& r) {
    const int n = r.agents();
    if (!all_reachable(n, [&](int a, int b) { return r.games(a, b) > 0; }))
        throw std::invalid_argument("no ratings: the agents do not all meet, directly or through others");
    const bool up = all_reachable(n, [&](int a, int b) { return r.score(a, b) > 0; });
    const bool down = all_reachable(n, [&](int a, int b) { return r.score(b, a) > 0; });
    if (!up || !down)
        throw std::invalid_argument(
            "no finite ratings: some agents won (or lost) every game against the others; add prior draws");
}

double log_likelihood(const PairwiseResults& r, const std::vector<double>& elo) {
    double sum = 0;
    const int n = r.agents();
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
            if (r.games(a, b) == 0) continue;
            const double x = kLog10Over400 * (elo[static_cast<std::size_t>(a)] - elo[static_cast<std::size_t>(b)]);
            sum += r.score(a, b) * log_sigmoid(x) + r.score(b, a) * log_sigmoid(-x);
        }
    return sum;
}

// The observed information (negative Hessian of the log-likelihood) plus the
// projector onto the all-ones direction, which pins the mean: invertible, and its
// inverse minus that projector is the covariance under the mean-zero constraint.
Matrix anchored_information(const PairwiseResults& r, const std::vector<double>& elo) {
    const int n = r.agents();
    const auto size = static_cast<std::size_t>(n);
    Matrix info(size, std::vector<double>(size, 1.0 / n));
    for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b) {
            if (a == b || r.games(a, b) == 0) continue;
            const auto ua = static_cast<std::size_t>(a);
            const auto ub = static_cast<std::size_t>(b);
            const double p = sigmoid(kLog10Over400 * (elo[ua] - elo[ub]));
            const double w = kLog10Over400 * kLog10Over400 * r.games(a, b) * p * (1 - p);
            info[ua][ua] += w;
            info[ua][ub] -= w;
        }
    return info;
}

std::vector<double> gradient(const PairwiseResults& r, const std::vector<double>& elo) {
    const int n = r.agents();
    std::vector<double> g(static_cast<std::size_t>(n));
    for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b) {
            if (a == b || r.games(a, b) == 0) continue;
            const double p =
                sigmoid(kLog10Over400 * (elo[static_cast<std::size_t>(a)] - elo[static_cast<std::size_t>(b)]));
            g[static_cast<std::size_t>(a)] += kLog10Over400 * (r.score(a, b) - r.games(a, b) * p);
        }
    return g;
}

}  // namespace

PairwiseResults::PairwiseResults(int agents)
    : n_(agents),
      games_(static_cast<std::size_t>(agents * agents)),
      score_(static_cast<std::size_t>(agents * agents)) {}

void PairwiseResults::add(int a, int b, double score_a, double games) {
    games_[index(a, b)] += games;
    games_[index(b, a)] += games;
    score_[index(a, b)] += score_a;
    score_[index(b, a)] += games - score_a;
}

double elo_difference(double score) { return 400.0 * std::log10(score / (1.0 - score)); }

std::vector<Rating> fit_elo(const PairwiseResults& results) {
    const int n = results.agents();
    if (n < 2) throw std::invalid_argument("ratings need at least two agents");
    check_finite(results);
    const auto size = static_cast<std::size_t>(n);

    // Newton's method on the concave log-likelihood, halving steps that do not improve it.
    std::vector<double> elo(size, 0.0);
    double current = log_likelihood(results, elo);
    for (int iteration = 0; iteration < 200; ++iteration) {
        const std::vector<double> step = solve(anchored_information(results, elo), gradient(results, elo));
        double t = 1.0;
        std::vector<double> trial(size);
        double value = current;
        for (int halving = 0; halving < 60; ++halving, t /= 2) {
            for (std::size_t i = 0; i < size; ++i) trial[i] = elo[i] + t * step[i];
            value = log_likelihood(results, trial);
            if (value >= current - 1e-12) break;
        }
        double largest = 0;
        for (std::size_t i = 0; i < size; ++i) largest = std::max(largest, std::abs(trial[i] - elo[i]));
        elo = trial;
        current = value;
        if (largest < 1e-9) break;
    }

    // The covariance: inverse of the anchored information minus the all-ones projector.
    const Matrix info = anchored_information(results, elo);
    std::vector<Rating> ratings(size);
    for (std::size_t i = 0; i < size; ++i) {
        std::vector<double> unit(size, 0.0);
        unit[i] = 1.0;
        const double variance = solve(info, unit)[i] - 1.0 / n;
        ratings[i] = Rating{elo[i], kZ95 * std::sqrt(std::max(0.0, variance))};
    }
    return ratings;
}

}  // namespace mancala::arena
