// The learned evaluation: a hand-checked network, the vector kernel against its plain
// twin on random boards and random networks of every shape it has, the embedded
// networks, the refusals of a bad network file, and the engine searching with it on
// every board type.

#include "search/learned_evaluation.hpp"
#include "core/position.hpp"
#include "core/rules.hpp"
#include "search/engine.hpp"
#include "search/learned_network.hpp"
#include "util/checksum.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace mancala::search {
namespace {

// The weights of a network, as bench/train_eval.py writes them.
struct Weights {
    std::string game = "kalah";
    int pits = 1, buckets = 2, hidden = 32, hidden2 = 8;
    std::vector<std::int16_t> w1, b1;
    std::vector<std::int8_t> w2;
    std::vector<std::int32_t> b2, w3;
    std::int32_t b3 = 0;
    std::vector<std::pair<std::vector<std::uint8_t>, std::int32_t>> checks;

    Weights(int pits_, int buckets_, int hidden_, int hidden2_)
        : pits(pits_), buckets(buckets_), hidden(hidden_), hidden2(hidden2_) {
        w1.assign(static_cast<std::size_t>(2 * pits * buckets * hidden), 0);
        b1.assign(static_cast<std::size_t>(hidden), 0);
        w2.assign(static_cast<std::size_t>(hidden2 * hidden), 0);
        b2.assign(static_cast<std::size_t>(hidden2), 0);
        w3.assign(static_cast<std::size_t>(hidden2), 0);
    }

    std::vector<std::uint8_t> bytes() const {
        std::vector<std::uint8_t> out{'M', 'N', 'C', 'L', 'N', 'E', 'T', '1'};
        auto put = [&](auto value) {
            for (std::size_t i = 0; i < sizeof(value); ++i)
                out.push_back(static_cast<std::uint8_t>(static_cast<std::uint64_t>(value) >> (8 * i)));
        };
        put(std::uint32_t{1});
        put(static_cast<std::uint8_t>(game.size()));
        out.insert(out.end(), game.begin(), game.end());
        put(static_cast<std::uint8_t>(pits));
        put(static_cast<std::uint8_t>(buckets));
        put(static_cast<std::uint16_t>(hidden));
        put(static_cast<std::uint16_t>(hidden2));
        for (auto v : w1) put(v);
        for (auto v : b1) put(v);
        for (auto v : w2) put(v);
        for (auto v : b2) put(v);
        for (auto v : w3) put(v);
        put(b3);
        put(static_cast<std::uint16_t>(checks.size()));
        for (const auto& [counts, value] : checks) {
            out.insert(out.end(), counts.begin(), counts.end());
            put(value);
        }
        put(checksum64(out.data(), out.size()));
        return out;
    }
    std::shared_ptr<const LearnedNetwork> parse() const { return parse_learned_network(bytes(), "test"); }
};

// One pit a side, two counts a pit (empty, or not). Unit 0 of the first layer is 1.0 when
// the mover's pit holds stones; unit 0 of the second layer copies it, unit 1 is 0.5 always
// (its bias); the output is 3 stones x unit 0 - 1 stone x unit 1, less a stone (its bias).
//   mover's pit empty:     3 x 0 - 0.5 - 1 = -1.5 stones = -15 points
//   mover's pit not empty: 3 x 1 - 0.5 - 1 =  1.5 stones =  15 points
// A first-layer sum above 1.0 is clipped: the opponent's full pit adds 2.0 to unit 0, and
// with it unit 0 is 1.0 whatever the mover's pit holds.
Weights hand_checked() {
    Weights w(1, 2, 32, 8);
    const int one = LearnedNetwork::kActivationOne, weight_one = LearnedNetwork::kWeightOne;
    w.w1[static_cast<std::size_t>(1 * 32 + 0)] = static_cast<std::int16_t>(one);      // mover's pit, not empty
    w.w1[static_cast<std::size_t>(3 * 32 + 0)] = static_cast<std::int16_t>(2 * one);  // opponent's, not empty
    w.w2[0] = static_cast<std::int8_t>(weight_one);
    w.b2[1] = one * weight_one / 2;
    w.w3[0] = 3 * weight_one;
    w.w3[1] = -1 * weight_one;
    w.b3 = -one * weight_one;
    return w;
}

TEST(LearnedEvaluation, HandCheckedNetwork) {
    const auto net = hand_checked().parse();
    const std::uint8_t empty[] = {0, 0}, full[] = {5, 0}, both[] = {5, 9}, theirs[] = {0, 9};
    // 0.5 of unit 1 is 63 of 127 (63.5 rounded down by the shift): 3 x 0 - 63/127 - 1 stones.
    EXPECT_EQ(learned_reference_value(*net, empty), -15);
    EXPECT_EQ(learned_reference_value(*net, full), 15);
    EXPECT_EQ(learned_reference_value(*net, both), 15);    // unit 0 clipped at 1.0
    EXPECT_EQ(learned_reference_value(*net, theirs), 15);  // unit 0 at 1.0 from the opponent's pit
    for (const auto* counts : {empty, full, both, theirs})
        EXPECT_EQ(learned_value(*net, counts), learned_reference_value(*net, counts));
}

Weights random_weights(int pits, int buckets, int hidden, int hidden2, std::mt19937& rng) {
    Weights w(pits, buckets, hidden, hidden2);
    // Within the bounds the parser checks: 2 x pits rows and a bias stay inside 16 bits.
    const int reach = 32767 / (2 * pits + 1);
    std::uniform_int_distribution<int> first(-reach, reach), second(-127, 127), bias2(-20000, 20000),
        out(-3000, 3000);
    for (auto& v : w.w1) v = static_cast<std::int16_t>(first(rng) / 4);  // mostly inside the clip
    for (auto& v : w.b1) v = static_cast<std::int16_t>(first(rng) / 8);
    for (auto& v : w.w2) v = static_cast<std::int8_t>(second(rng));
    for (auto& v : w.b2) v = bias2(rng);
    for (auto& v : w.w3) v = out(rng);
    w.b3 = out(rng) * 50;
    return w;
}

TEST(LearnedEvaluation, VectorKernelEqualsItsTwinOnRandomNetworksAndBoards) {
    std::mt19937 rng(53);
    const std::pair<int, int> shapes[] = {{32, 32}, {64, 32}, {64, 16}, {96, 8}};
    for (const auto& [hidden, hidden2] : shapes) {
        for (const int pits : {3, 6, 7}) {
            const auto net = random_weights(pits, 24, hidden, hidden2, rng).parse();
            std::uniform_int_distribution<int> count(0, 40);
            for (int k = 0; k < 2000; ++k) {
                std::uint8_t counts[2 * kMaxPits] = {};
                for (int i = 0; i < 2 * pits; ++i) counts[i] = static_cast<std::uint8_t>(count(rng));
                ASSERT_EQ(learned_value(*net, counts), learned_reference_value(*net, counts))
                    << hidden << "x" << hidden2 << " units, " << pits << " pits, board " << k;
            }
        }
    }
}

TEST(LearnedEvaluation, CheckPositionsAreHeldToTheirValues) {
    Weights w = hand_checked();
    w.checks.push_back({{5, 0}, 15});
    EXPECT_NO_THROW(w.parse());
    w.checks.push_back({{0, 0}, -14});
    try {
        w.parse();
        FAIL() << "a wrong check value was taken";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("check position 2 is valued -15 points, the file says -14"),
                  std::string::npos)
            << e.what();
    }
}

void expect_refused(const std::vector<std::uint8_t>& bytes, const std::string& problem) {
    try {
        parse_learned_network(bytes, "bad.net");
        FAIL() << "taken, expected: " << problem;
    } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("network bad.net: "), std::string::npos) << what;
        EXPECT_NE(what.find(problem), std::string::npos) << what;
    }
}

TEST(LearnedEvaluation, RefusesBadFilesByName) {
    const std::vector<std::uint8_t> good = hand_checked().bytes();
    expect_refused({}, "not a network file");
    std::vector<std::uint8_t> other = good;
    other[0] = 'X';
    expect_refused(other, "not a network file");
    std::vector<std::uint8_t> flipped = good;
    flipped[40] ^= 1;
    expect_refused(flipped, "checksum mismatch");
    expect_refused(std::vector<std::uint8_t>(good.begin(), good.end() - 20), "checksum mismatch");

    Weights shape = hand_checked();
    shape.hidden2 = 12;
    shape.w2.resize(12 * 32);
    shape.b2.resize(12);
    shape.w3.resize(12);
    expect_refused(shape.bytes(), "12 second-layer units");
    Weights wide = hand_checked();
    wide.pits = kMaxPits + 1;
    expect_refused(wide.bytes(), "pits a side");
    Weights overflow = hand_checked();
    overflow.w1[0] = 30000;
    overflow.w1[2 * 32] = 30000;
    expect_refused(overflow.bytes(), "first-layer unit 0 can leave 16 bits");
    Weights edge = hand_checked();
    edge.w2[5] = -128;
    expect_refused(edge.bytes(), "second-layer weight -128");
    Weights cut = hand_checked();
    cut.w3.pop_back();  // the file ends inside its own fields
    expect_refused(cut.bytes(), "cut short");
}

TEST(LearnedEvaluation, EmbeddedNetworksLoadAndAreChosenByGameAndBoard) {
    ASSERT_FALSE(embedded_networks().empty());
    for (const auto& net : embedded_networks()) {
        EXPECT_EQ(net->pits, 6);
        EXPECT_EQ(embedded_network_for(make_rules(net->game, 6, 4)), net.get()) << net->game;
    }
    EXPECT_NE(embedded_network_for(make_rules("kalah", 6, 6)), nullptr);
    EXPECT_NE(embedded_network_for(make_rules("oware")), nullptr);
    EXPECT_EQ(embedded_network_for(make_rules("kalah", 4, 3)), nullptr);  // another board size: fitted
    EXPECT_EQ(embedded_network_for(make_rules("homework", 6, 6)), nullptr);
}

TEST(LearnedEvaluation, EmbeddedKernelsEqualTheirTwinsOnRandomBoards) {
    std::mt19937 rng(7);
    for (const auto& net : embedded_networks()) {
        std::uniform_int_distribution<int> count(0, 30);
        for (int k = 0; k < 5000; ++k) {
            std::uint8_t counts[2 * kMaxPits] = {};
            for (int i = 0; i < 2 * net->pits; ++i) counts[i] = static_cast<std::uint8_t>(count(rng));
            ASSERT_EQ(learned_value(*net, counts), learned_reference_value(*net, counts)) << net->game << " " << k;
        }
    }
}

// The engine reads the same values on its fast boards (packed for Kalah, cyclic for Oware)
// as on the core Position: a fixed-depth search gives the same score and move either way.
TEST(LearnedEvaluation, EngineSearchesAlikeOnEveryBoard) {
    std::mt19937 rng(3);
    for (const Rules& rules : {make_rules("kalah", 6, 6), make_rules("oware")}) {
        ASSERT_NE(embedded_network_for(rules), nullptr);
        Position p = Position::start(rules);
        for (int ply = 0; ply < 12 && !p.is_terminal(rules); ++ply) {
            const MoveList moves = p.legal_moves(rules);
            p.apply(rules, moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
        }
        ASSERT_FALSE(p.is_terminal(rules));
        SearchLimits limits;
        limits.depth = 7;
        EngineSettings fast;
        fast.heuristic = Heuristic::Learned;
        fast.reuse_deeper_results = false;
        EngineSettings core = fast;
        core.fast_boards = false;
        const SearchReport a = Engine(fast).search(rules, p, limits), b = Engine(core).search(rules, p, limits);
        EXPECT_EQ(a.score, b.score) << preset_name(rules);
        EXPECT_EQ(a.best_move, b.best_move) << preset_name(rules);
        // And not fitted's search: the network decides the leaves.
        EngineSettings fitted = fast;
        fitted.heuristic = Heuristic::Fitted;
        EXPECT_NE(Engine(fitted).search(rules, p, limits).nodes, a.nodes) << preset_name(rules);
    }
}

TEST(LearnedEvaluation, FallsBackToFittedWithoutANetwork) {
    const Rules rules = make_rules("kalah", 4, 3);
    SearchLimits limits;
    limits.depth = 8;
    EngineSettings learned;
    learned.heuristic = Heuristic::Learned;
    EngineSettings fitted;
    fitted.heuristic = Heuristic::Fitted;
    const Position start = Position::start(rules);
    const SearchReport a = Engine(learned).search(rules, start, limits),
                       b = Engine(fitted).search(rules, start, limits);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.score, b.score);
}

TEST(LearnedEvaluation, EngineRefusesANetworkOfAnotherGame) {
    EngineSettings settings;
    settings.heuristic = Heuristic::Learned;
    settings.network = hand_checked().parse();  // kalah, one pit a side
    const Rules rules = make_rules("kalah", 6, 4);
    SearchLimits limits;
    limits.depth = 2;
    EXPECT_THROW(Engine(settings).search(rules, Position::start(rules), limits), std::invalid_argument);
}

}  // namespace
}  // namespace mancala::search
