#pragma once
// Elo ratings by maximum likelihood under the Bradley-Terry model on the Elo
// scale: agent a scores against b with expectation 1 / (1 + 10^((r_b - r_a) / 400)),
// a draw counting as half a win. Ratings are anchored so that their mean is 0.
// The 95% confidence interval of each rating is +-1.96 standard errors from the
// observed Fisher information (the inverse of the negative Hessian of the
// log-likelihood at the maximum, under the mean-zero constraint).

#include <vector>

namespace mancala::arena {

/// Games and points between every two agents.
class PairwiseResults {
public:
    explicit PairwiseResults(int agents);

    int agents() const { return n_; }
    /// Records `games` games between a and b in which a scored `score_a` points
    /// (win 1, draw 0.5); `games` may be fractional (virtual games of a prior).
    void add(int a, int b, double score_a, double games = 1.0);
    double games(int a, int b) const { return games_[index(a, b)]; }
    double score(int a, int b) const { return score_[index(a, b)]; }  ///< a's points against b

private:
    std::size_t index(int a, int b) const { return static_cast<std::size_t>(a * n_ + b); }
    int n_;
    std::vector<double> games_;
    std::vector<double> score_;
};

struct Rating {
    double elo = 0;   ///< relative to the mean of all agents
    double ci95 = 0;  ///< half-width of the 95% confidence interval
};

/// The maximum-likelihood ratings. Throws std::invalid_argument when they are not
/// finite: when the agents do not all meet, directly or through others, or when a
/// group of agents scored every point (or none) against all the others. The arena
/// avoids both by adding one virtual draw per pairing (see add_prior_draws).
std::vector<Rating> fit_elo(const PairwiseResults& results);

/// Adds `draws` virtual drawn games between each pair that meets in `pairs`, a
/// weak prior (as in BayesElo) that keeps ratings finite when an agent wins or
/// loses every game, and pulls them slightly towards each other.
template <typename PairList>
void add_prior_draws(PairwiseResults& results, const PairList& pairs, double draws) {
    for (const auto& p : pairs) results.add(p.first, p.second, 0.5 * draws, draws);
}

/// The Elo difference for an expected score `score` in (0, 1): 400 log10(s / (1 - s)).
double elo_difference(double score);

}  // namespace mancala::arena
