#include "support/reference_family.hpp"

#include <cstddef>
#include <map>
#include <stdexcept>
#include <utility>

// Written from docs/GAMES.md ("Rule dimensions"). Comments such as "step 3.4" name the steps
// of its "One move, step by step".

namespace mancala::reference {

namespace {

constexpr int kSouth = 0;
constexpr int kNorth = 1;
constexpr int kMaxLifts = 4096;  // step 3.3: "At most 4096 lifts a move"

int other(int player) { return 1 - player; }

// ---------------------------------------------------------------------------------
// The rules string

// Every key of the contract, in the order of its table.
const std::vector<std::string>& all_keys() {
    static const std::vector<std::string> keys = {
        "pits",         "seeds",         "direction",  "names",     "stores-on-ring",     "start",
        "skip-start",   "sowing",        "relay-side", "capture",   "capture-takes-last", "capture-counts",
        "capture-side", "capture-chain", "grand-slam", "must-feed", "extra-turn",         "tuzdyk",
        "end",          "leftovers",     "majority",   "repetition"};
    return keys;
}

[[noreturn]] void refuse(const std::string& why) { throw std::invalid_argument("family rules: " + why); }

int parse_count(const std::string& key, const std::string& text) {
    if (text.empty() || text.size() > 6) refuse("bad number for " + key + ": '" + text + "'");
    int value = 0;
    for (char ch : text) {
        if (ch < '0' || ch > '9') refuse("bad number for " + key + ": '" + text + "'");
        value = value * 10 + (ch - '0');
    }
    return value;
}

bool parse_yes_no(const std::string& key, const std::string& text) {
    if (text == "yes") return true;
    if (text == "no") return false;
    refuse("bad value for " + key + ": '" + text + "' (yes or no)");
}

// A value among named choices.
template <typename T>
T parse_choice(const std::string& key, const std::string& text,
               const std::vector<std::pair<std::string, T>>& choices) {
    for (const auto& [name, value] : choices)
        if (name == text) return value;
    refuse("bad value for " + key + ": '" + text + "'");
}

template <typename T>
std::string choice_name(T value, const std::vector<std::pair<std::string, T>>& choices) {
    for (const auto& [name, v] : choices)
        if (v == value) return name;
    return "?";
}

const std::vector<std::pair<std::string, Direction>>& kDirections() {
    static const std::vector<std::pair<std::string, Direction>> table = {{"ccw", Direction::Ccw},
                                                                         {"cw", Direction::Cw}};
    return table;
}
const std::vector<std::pair<std::string, PitNames>>& kNames() {
    static const std::vector<std::pair<std::string, PitNames>> table = {{"kalah", PitNames::Kalah},
                                                                        {"letters", PitNames::Letters}};
    return table;
}
const std::vector<std::pair<std::string, StartRule>>& kStarts() {
    static const std::vector<std::pair<std::string, StartRule>> table = {{"next", StartRule::Next},
                                                                         {"origin", StartRule::Origin}};
    return table;
}
const std::vector<std::pair<std::string, SowingRule>>& kSowings() {
    static const std::vector<std::pair<std::string, SowingRule>> table = {{"single", SowingRule::Single},
                                                                          {"relay", SowingRule::Relay}};
    return table;
}
const std::vector<std::pair<std::string, RelaySide>>& kRelaySides() {
    static const std::vector<std::pair<std::string, RelaySide>> table = {{"own", RelaySide::Own},
                                                                         {"both", RelaySide::Both}};
    return table;
}
const std::vector<std::pair<std::string, OppositeCapture>>& kCaptures() {
    static const std::vector<std::pair<std::string, OppositeCapture>> table = {
        {"if-opposite-nonempty", OppositeCapture::IfOppositeNonEmpty},
        {"always", OppositeCapture::Always},
        {"never", OppositeCapture::Never}};
    return table;
}
const std::vector<std::pair<std::string, CaptureSide>>& kCaptureSides() {
    static const std::vector<std::pair<std::string, CaptureSide>> table = {
        {"opponent", CaptureSide::Opponent}, {"own", CaptureSide::Own}, {"both", CaptureSide::Both}};
    return table;
}
const std::vector<std::pair<std::string, GrandSlam>>& kGrandSlams() {
    static const std::vector<std::pair<std::string, GrandSlam>> table = {{"captures", GrandSlam::Captures},
                                                                         {"no-capture", GrandSlam::NoCapture},
                                                                         {"forbidden", GrandSlam::Forbidden}};
    return table;
}
const std::vector<std::pair<std::string, EndRule>>& kEnds() {
    static const std::vector<std::pair<std::string, EndRule>> table = {
        {"either-row-empty", EndRule::EitherRowEmpty},
        {"board-empty", EndRule::BoardEmpty},
        {"no-move", EndRule::NoMove}};
    return table;
}
const std::vector<std::pair<std::string, Leftovers>>& kLeftovers() {
    static const std::vector<std::pair<std::string, Leftovers>> table = {
        {"own", Leftovers::Own}, {"mover", Leftovers::Mover}, {"emptied", Leftovers::Emptied}};
    return table;
}

// capture-counts: empty, `even`, or a list of counts of 1 or more separated by commas
// (`2,3`, as the contract's table writes it) or by plus signs (`2+3`, as games.ini does,
// since a comma separates the keys of a command-line rules string).
void parse_counts(const std::string& text, FamilyRules& rules) {
    rules.capture_counts.clear();
    rules.capture_counts_even = false;
    if (text.empty()) return;
    if (text == "even") {
        rules.capture_counts_even = true;
        return;
    }
    std::size_t begin = 0;
    while (begin <= text.size()) {
        const std::size_t comma = text.find_first_of(",+", begin);
        const std::size_t end = comma == std::string::npos ? text.size() : comma;
        const int count = parse_count("capture-counts", text.substr(begin, end - begin));
        if (count < 1) refuse("capture-counts are 1 or more");
        rules.capture_counts.insert(count);
        if (comma == std::string::npos) break;
        begin = comma + 1;
    }
}

// "Combinations that cannot be played".
void check_combinations(const FamilyRules& r) {
    if (r.extra_turn && !r.stores_on_ring) refuse("extra-turn = yes with stores-on-ring = no");
    if (r.start == StartRule::Origin && r.skip_start) refuse("start = origin with skip-start = yes");
    if (r.must_feed && r.end != EndRule::NoMove) refuse("must-feed = yes with an end other than no-move");
    const bool no_counts = r.capture_counts.empty() && !r.capture_counts_even;
    if (no_counts && r.capture_chain) refuse("capture-chain = yes without capture-counts");
    if (no_counts && r.capture_side != CaptureSide::Opponent)
        refuse("capture-side other than opponent without capture-counts");
    if (r.relay_side == RelaySide::Both && r.sowing == SowingRule::Single)
        refuse("relay-side = both with sowing = single");
    if (r.tuzdyk && r.pits < 2) refuse("tuzdyk = yes on a board of fewer than 2 pits");
}

// ---------------------------------------------------------------------------------
// The board as an explicit ring of cells

// One cell of the ring: a pit (side, index in its owner's sowing order) or a store.
struct Cell {
    int side = kSouth;
    bool is_store = false;
    int index = -1;  // pits only
};

// "Cells are in sowing order: South's pits 0..N-1, South's store, North's pits 0..N-1,
// North's store; a sowing walks increasing cell indices, wrapping round."
std::vector<Cell> build_ring(int n) {
    std::vector<Cell> ring;
    for (int side : {kSouth, kNorth}) {
        for (int i = 0; i < n; ++i) ring.push_back(Cell{side, false, i});
        ring.push_back(Cell{side, true, -1});
    }
    return ring;
}

int ring_size(const std::vector<Cell>& ring) { return static_cast<int>(ring.size()); }

const Cell& cell_at(const std::vector<Cell>& ring, int position) {
    return ring[static_cast<std::size_t>(position)];
}

// The ring position of pit (side, index).
int position_of_pit(int n, int side, int index) { return side * (n + 1) + index; }

std::vector<int>& row_of(FamilyState& s, int side) { return side == kSouth ? s.south : s.north; }
const std::vector<int>& row_of(const FamilyState& s, int side) { return side == kSouth ? s.south : s.north; }

int& pit_at(FamilyState& s, int side, int index) { return row_of(s, side)[static_cast<std::size_t>(index)]; }
int pit_at(const FamilyState& s, int side, int index) { return row_of(s, side)[static_cast<std::size_t>(index)]; }

int& store_of(FamilyState& s, int side) { return side == kSouth ? s.south_store : s.north_store; }

int& stones_in(FamilyState& s, const Cell& c) {
    return c.is_store ? store_of(s, c.side) : pit_at(s, c.side, c.index);
}

int row_sum(const FamilyState& s, int side) {
    int sum = 0;
    for (int x : row_of(s, side)) sum += x;
    return sum;
}

int total_stones(const FamilyState& s) {
    return row_sum(s, kSouth) + row_sum(s, kNorth) + s.south_store + s.north_store;
}

// The index (in the opponent's row) of the tuzdyk `player` owns, or -1.
int tuzdyk_of(const FamilyState& s, int player) { return player == kSouth ? s.south_tuzdyk : s.north_tuzdyk; }

// Who owns cell c as a tuzdyk (-1: nobody). A tuzdyk lies in the row of the player
// who does NOT own it.
int tuzdyk_owner(const FamilyState& s, const Cell& c) {
    if (c.is_store) return -1;
    const int owner = other(c.side);
    return tuzdyk_of(s, owner) == c.index ? owner : -1;
}

// The pit opposite (side, i) is (other side, N-1-i).
Cell opposite_of(const Cell& c, int n) { return Cell{other(c.side), false, n - 1 - c.index}; }

bool on_capture_side(const FamilyRules& r, const Cell& c, int mover) {
    switch (r.capture_side) {
        case CaptureSide::Opponent:
            return c.side != mover;
        case CaptureSide::Own:
            return c.side == mover;
        case CaptureSide::Both:
            return true;
    }
    return false;
}

// ---------------------------------------------------------------------------------
// Step 2: lift and sow

// Step 2 for one lift: lifts the pit at ring position `from` and sows its stones one
// at a time. Returns the ring position where the last stone fell.
int lift_and_sow(const FamilyRules& r, FamilyState& s, const std::vector<Cell>& ring, int from, int mover) {
    const Cell& lifted = cell_at(ring, from);
    const int stones = stones_in(s, lifted);  // "All s stones are lifted."
    stones_in(s, lifted) = 0;

    // The cells a stone never falls in.
    auto skipped = [&](int position) {
        const Cell& c = cell_at(ring, position);
        if (c.is_store && c.side != mover) return true;                       // the opponent's store always
        if (c.is_store && c.side == mover && !r.stores_on_ring) return true;  // the mover's, stores-on-ring = no
        if (position == from && r.skip_start) return true;                    // the lifted pit, skip-start = yes
        return false;
    };

    int here = from;
    for (int stone = 1; stone <= stones; ++stone) {
        if (stone == 1 && r.start == StartRule::Origin && stones > 1) {
            here = from;  // "With start = origin and s > 1 the first goes back into the lifted pit"
        } else {
            // "into the cell after the previous one, skipping ..." (at most a round of the ring)
            for (int step = 0; step < ring_size(ring); ++step) {
                here = (here + 1) % ring_size(ring);
                if (!skipped(here)) break;
            }
        }
        const Cell& c = cell_at(ring, here);
        const int owner = tuzdyk_owner(s, c);
        if (owner >= 0) {
            ++store_of(s, owner);  // "A stone for a tuzdyk goes to its owner's store instead"
        } else {
            ++stones_in(s, c);
        }
    }
    return here;
}

// ---------------------------------------------------------------------------------
// Steps 2 and 3 together: everything a move does before "After the move".

struct MoveEffect {
    bool extra_turn = false;
    int captured = 0;
    bool grand_slam = false;  // step 3.7's condition held (whatever grand-slam then did)
    int lifts = 0;
};

// A capture, remembered so that step 3.7 can put it back.
struct Taken {
    Cell from;
    int stones = 0;
};

MoveEffect sow_and_capture(const FamilyRules& r, FamilyState& s, int pit) {
    const int n = r.pits;
    const int mover = s.to_move;
    const int opponent = other(mover);
    const std::vector<Cell> ring = build_ring(n);
    MoveEffect effect;

    // Steps 2 and 3.1-3.3: sow, then relay while the rules say so.
    int last = position_of_pit(n, mover, pit);
    bool try_captures = false;
    // "At most 4096 lifts a move" on both rows; relays in the own row always end (each
    // passes the own store or moves further along the row), so they are not capped.
    const long max_lifts = r.relay_side == RelaySide::Both ? kMaxLifts : 1L << 40;
    for (long lift = 1; lift <= max_lifts; ++lift) {
        last = lift_and_sow(r, s, ring, last, mover);
        effect.lifts = static_cast<int>(lift);
        const Cell& c = cell_at(ring, last);

        // 3.1: c is the mover's store (the only store a stone can reach).
        if (c.is_store) {
            effect.extra_turn = r.extra_turn;
            return effect;
        }
        // 3.2: c is a tuzdyk: the move ends.
        if (tuzdyk_owner(s, c) >= 0) return effect;

        // 3.3: relay, when c held stones before the last stone, on a relay side.
        const bool held_stones = stones_in(s, c) - 1 > 0;
        const bool relay_side = c.side == mover || r.relay_side == RelaySide::Both;
        if (r.sowing == SowingRule::Relay && held_stones && relay_side) {
            // "after the 4096th the move ends where its last stone fell, with no capture"
            if (lift == max_lifts) return effect;
            continue;  // "lift c and go to step 2 again"
        }
        try_captures = true;
        break;
    }
    if (!try_captures) return effect;

    const Cell c = cell_at(ring, last);
    const bool was_empty = stones_in(s, c) == 1;  // c was empty before the last stone
    std::vector<Taken> taken;                     // captures of steps 3.4 and 3.6
    auto take = [&](const Cell& from) {
        const int stones = stones_in(s, from);
        stones_in(s, from) = 0;
        store_of(s, mover) += stones;
        taken.push_back(Taken{from, stones});
    };

    // 3.4: the opposite capture.
    bool opposite_capture = false;
    if (c.side == mover && was_empty) {
        const Cell across = opposite_of(c, n);
        switch (r.capture) {
            case OppositeCapture::IfOppositeNonEmpty:
                opposite_capture = stones_in(s, across) > 0;
                break;
            case OppositeCapture::Always:
                opposite_capture = true;
                break;
            case OppositeCapture::Never:
                opposite_capture = false;
                break;
        }
        if (opposite_capture) {
            take(across);
            if (r.capture_takes_last) take(c);
        }
    }

    // 3.5: a tuzdyk (only when 3.4 did not capture: 3.4 needs c in the mover's row).
    bool made_tuzdyk = false;
    if (!opposite_capture && r.tuzdyk && c.side == opponent && stones_in(s, c) == 3 && tuzdyk_of(s, mover) < 0 &&
        c.index != n - 1 && c.index != tuzdyk_of(s, opponent)) {
        if (mover == kSouth) {
            s.south_tuzdyk = c.index;
        } else {
            s.north_tuzdyk = c.index;
        }
        store_of(s, mover) += stones_in(s, c);  // "its 3 stones go to the mover's store"
        effect.captured += stones_in(s, c);
        stones_in(s, c) = 0;
        made_tuzdyk = true;
    }

    // 3.6: the count capture, then the chain backwards.
    if (!opposite_capture && !made_tuzdyk && on_capture_side(r, c, mover) &&
        is_capturing_count(r, stones_in(s, c))) {
        take(c);
        if (r.capture_chain) {
            int back = last;
            for (int step = 0; step < ring_size(ring); ++step) {
                // The pit before, walking backwards in sowing order, skipping stores.
                do {
                    back = (back - 1 + ring_size(ring)) % ring_size(ring);
                } while (cell_at(ring, back).is_store);
                if (back == last) break;  // "never comes back to the pit where it began"
                const Cell& before = cell_at(ring, back);
                if (!on_capture_side(r, before, mover) || !is_capturing_count(r, stones_in(s, before))) break;
                take(before);
            }
        }
    }

    // 3.7: the grand slam: the captures of 3.4 and 3.6 emptied the opponent's row and
    // took stones from it.
    int from_opponent_row = 0;
    int captured = 0;
    for (const Taken& t : taken) {
        captured += t.stones;
        if (t.from.side == opponent) from_opponent_row += t.stones;
    }
    effect.grand_slam = from_opponent_row > 0 && row_sum(s, opponent) == 0;
    if (effect.grand_slam && r.grand_slam == GrandSlam::NoCapture) {
        for (const Taken& t : taken) {  // "puts the captured stones back where they were"
            stones_in(s, t.from) += t.stones;
            store_of(s, mover) -= t.stones;
        }
        captured = 0;
    }
    effect.captured += captured;
    return effect;
}

bool same_position(const FamilyState& a, const FamilyState& b) {
    return a.south == b.south && a.north == b.north && a.south_store == b.south_store &&
           a.north_store == b.north_store && a.to_move == b.to_move && a.south_tuzdyk == b.south_tuzdyk &&
           a.north_tuzdyk == b.north_tuzdyk;
}

std::string join_counts(const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) out += ',';
        out += cells[i];
    }
    return out;
}

}  // namespace

// ---------------------------------------------------------------------------------

FamilyRules parse_family_rules(const std::string& text) {
    std::map<std::string, std::string> values;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        const std::size_t semicolon = text.find(';', begin);
        const std::size_t end = semicolon == std::string::npos ? text.size() : semicolon;
        const std::string item = text.substr(begin, end - begin);
        const std::size_t equals = item.find('=');
        if (equals == std::string::npos) refuse("not key=value: '" + item + "'");
        const std::string key = item.substr(0, equals);
        bool known = false;
        for (const std::string& k : all_keys()) known = known || k == key;
        if (!known) refuse("unknown key '" + key + "'");
        if (values.count(key) > 0) refuse("key given twice: '" + key + "'");
        values[key] = item.substr(equals + 1);
        if (semicolon == std::string::npos) break;
        begin = semicolon + 1;
    }
    for (const std::string& k : all_keys())
        if (values.count(k) == 0) refuse("missing key '" + k + "'");

    FamilyRules r;
    r.pits = parse_count("pits", values["pits"]);
    if (r.pits < 1 || r.pits > 16) refuse("pits must be 1..16");
    r.seeds = parse_count("seeds", values["seeds"]);
    r.direction = parse_choice("direction", values["direction"], kDirections());
    r.names = parse_choice("names", values["names"], kNames());
    r.stores_on_ring = parse_yes_no("stores-on-ring", values["stores-on-ring"]);
    r.start = parse_choice("start", values["start"], kStarts());
    r.skip_start = parse_yes_no("skip-start", values["skip-start"]);
    r.sowing = parse_choice("sowing", values["sowing"], kSowings());
    r.relay_side = parse_choice("relay-side", values["relay-side"], kRelaySides());
    r.capture = parse_choice("capture", values["capture"], kCaptures());
    r.capture_takes_last = parse_yes_no("capture-takes-last", values["capture-takes-last"]);
    parse_counts(values["capture-counts"], r);
    r.capture_side = parse_choice("capture-side", values["capture-side"], kCaptureSides());
    r.capture_chain = parse_yes_no("capture-chain", values["capture-chain"]);
    r.grand_slam = parse_choice("grand-slam", values["grand-slam"], kGrandSlams());
    r.must_feed = parse_yes_no("must-feed", values["must-feed"]);
    r.extra_turn = parse_yes_no("extra-turn", values["extra-turn"]);
    r.tuzdyk = parse_yes_no("tuzdyk", values["tuzdyk"]);
    r.end = parse_choice("end", values["end"], kEnds());
    r.leftovers = parse_choice("leftovers", values["leftovers"], kLeftovers());
    r.majority = parse_yes_no("majority", values["majority"]);
    r.repetition = parse_yes_no("repetition", values["repetition"]);
    check_combinations(r);
    return r;
}

std::string to_string(const FamilyRules& r) {
    auto yes_no = [](bool b) { return std::string(b ? "yes" : "no"); };
    std::string counts;
    if (r.capture_counts_even) {
        counts = "even";
    } else {
        for (int c : r.capture_counts) counts += (counts.empty() ? "" : ",") + std::to_string(c);
    }
    return "pits=" + std::to_string(r.pits) + ";seeds=" + std::to_string(r.seeds) +
           ";direction=" + choice_name(r.direction, kDirections()) + ";names=" + choice_name(r.names, kNames()) +
           ";stores-on-ring=" + yes_no(r.stores_on_ring) + ";start=" + choice_name(r.start, kStarts()) +
           ";skip-start=" + yes_no(r.skip_start) + ";sowing=" + choice_name(r.sowing, kSowings()) +
           ";relay-side=" + choice_name(r.relay_side, kRelaySides()) +
           ";capture=" + choice_name(r.capture, kCaptures()) +
           ";capture-takes-last=" + yes_no(r.capture_takes_last) + ";capture-counts=" + counts +
           ";capture-side=" + choice_name(r.capture_side, kCaptureSides()) +
           ";capture-chain=" + yes_no(r.capture_chain) + ";grand-slam=" + choice_name(r.grand_slam, kGrandSlams()) +
           ";must-feed=" + yes_no(r.must_feed) + ";extra-turn=" + yes_no(r.extra_turn) +
           ";tuzdyk=" + yes_no(r.tuzdyk) + ";end=" + choice_name(r.end, kEnds()) +
           ";leftovers=" + choice_name(r.leftovers, kLeftovers()) + ";majority=" + yes_no(r.majority) +
           ";repetition=" + yes_no(r.repetition);
}

bool is_capturing_count(const FamilyRules& rules, int count) {
    if (count < 1) return false;
    if (rules.capture_counts_even) return count % 2 == 0;
    return rules.capture_counts.count(count) > 0;
}

FamilyState start_state(const FamilyRules& rules) {
    FamilyState s;
    s.south.assign(static_cast<std::size_t>(rules.pits), rules.seeds);
    s.north.assign(static_cast<std::size_t>(rules.pits), rules.seeds);
    return s;
}

std::vector<int> legal_moves(const FamilyRules& rules, const FamilyState& state) {
    std::vector<int> moves;
    if (state.over) return moves;
    const int mover = state.to_move;
    const int opponent = other(mover);

    // Step 1: a pit of the mover's row that holds stones and is not a tuzdyk (the
    // opponent's tuzdyk is the one in the mover's row).
    for (int i = 0; i < rules.pits; ++i)
        if (pit_at(state, mover, i) > 0 && tuzdyk_of(state, opponent) != i) moves.push_back(i);

    // must-feed: "when the opponent's row is empty, only moves after which it holds
    // stones are legal" (after the whole move, captures included).
    if (rules.must_feed && row_sum(state, opponent) == 0) {
        std::vector<int> feeding;
        for (int pit : moves) {
            FamilyState copy = state;
            sow_and_capture(rules, copy, pit);
            if (row_sum(copy, opponent) > 0) feeding.push_back(pit);
        }
        moves = feeding;
    }

    // grand-slam = forbidden: such a move is illegal unless every legal move is one.
    if (rules.grand_slam == GrandSlam::Forbidden) {
        std::vector<int> not_slams;
        for (int pit : moves) {
            FamilyState copy = state;
            if (!sow_and_capture(rules, copy, pit).grand_slam) not_slams.push_back(pit);
        }
        if (!not_slams.empty()) moves = not_slams;
    }
    return moves;
}

FamilyOutcome play(const FamilyRules& rules, FamilyState& state, int pit) {
    const std::vector<int> moves = legal_moves(rules, state);
    bool legal = false;
    for (int m : moves) legal = legal || m == pit;
    if (!legal) throw std::invalid_argument("reference play: pit " + std::to_string(pit) + " is not a legal move");

    const int mover = state.to_move;
    const MoveEffect effect = sow_and_capture(rules, state, pit);  // steps 2 and 3
    FamilyOutcome out;
    out.extra_turn = effect.extra_turn;
    out.captured = effect.captured;
    out.capture = effect.captured > 0;
    out.lifts = effect.lifts;

    // Step 4: the player due next is the mover after an extra turn, else the opponent.
    int due = effect.extra_turn ? mover : other(mover);
    bool over = false;
    const bool south_empty = row_sum(state, kSouth) == 0;
    const bool north_empty = row_sum(state, kNorth) == 0;
    // 4.1: majority.
    if (rules.majority) {
        const int total = total_stones(state);
        if (2 * state.south_store > total || 2 * state.north_store > total) over = true;
    }
    // 4.2: either-row-empty.
    if (!over && rules.end == EndRule::EitherRowEmpty && (south_empty || north_empty)) over = true;
    // 4.3: board-empty, with a pass.
    if (!over && rules.end == EndRule::BoardEmpty) {
        if (south_empty && north_empty) {
            over = true;
        } else if (row_sum(state, due) == 0) {
            out.passed = true;
            due = other(due);
        }
    }
    state.to_move = due;
    // 4.4: no-move.
    if (!over && rules.end == EndRule::NoMove && legal_moves(rules, state).empty()) over = true;

    // "When the game is over, the stones left in the rows go by leftovers."
    if (over) {
        // emptied: the side whose row is empty takes all, when exactly one row is.
        const bool south_bare = row_sum(state, kSouth) == 0, north_bare = row_sum(state, kNorth) == 0;
        const bool by_emptied = rules.leftovers == Leftovers::Emptied && south_bare != north_bare;
        for (int side : {kSouth, kNorth}) {
            const int taker = rules.leftovers == Leftovers::Mover ? mover
                              : by_emptied                        ? (south_bare ? kSouth : kNorth)
                                                                  : side;
            for (int& x : row_of(state, side)) {
                store_of(state, taker) += x;
                x = 0;
            }
        }
    }
    state.over = over;
    out.game_over = over;
    return out;
}

bool repeats(const std::vector<FamilyState>& history) {
    if (history.size() < 2) return false;
    const FamilyState& last = history.back();
    for (std::size_t i = 0; i + 1 < history.size(); ++i)
        if (same_position(history[i], last)) return true;
    return false;
}

void finish_by_repetition(FamilyState& state) {
    for (int side : {kSouth, kNorth}) {
        for (int& x : row_of(state, side)) {
            store_of(state, side) += x;
            x = 0;
        }
    }
    state.over = true;
}

long long reference_perft(const FamilyRules& rules, const FamilyState& state, int plies) {
    if (plies == 0) return 1;
    if (state.over) return 0;
    long long total = 0;
    for (int pit : legal_moves(rules, state)) {
        FamilyState child = state;
        play(rules, child, pit);
        total += reference_perft(rules, child, plies - 1);
    }
    return total;
}

std::string to_notation(const FamilyRules& rules, const FamilyState& state) {
    const int n = rules.pits;
    // A pit's text: its count, or X for a tuzdyk.
    auto text = [&](int side, int index) {
        if (tuzdyk_owner(state, Cell{side, false, index}) >= 0) return std::string("X");
        return std::to_string(pit_at(state, side, index));
    };
    std::vector<std::string> row_a;
    std::vector<std::string> row_b;
    for (int k = 0; k < n; ++k) {
        if (rules.direction == Direction::Ccw) {
            row_a.push_back(text(kNorth, n - 1 - k));  // North's pits N-1..0
            row_b.push_back(text(kSouth, k));          // South's pits 0..N-1
        } else {
            row_a.push_back(text(kNorth, k));          // mirrored: North's 0..N-1
            row_b.push_back(text(kSouth, n - 1 - k));  // and South's N-1..0
        }
    }
    return join_counts(row_a) + "/" + join_counts(row_b) + "/" + std::to_string(state.north_store) + "/" +
           std::to_string(state.south_store) + "/" + (state.to_move == kSouth ? "S" : "N");
}

}  // namespace mancala::reference
