#include "observation.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::python {

void require_numpy(std::string_view what) {
    try {
        py::module_::import("numpy");
    } catch (const py::error_already_set& e) {
        if (!e.matches(PyExc_ImportError)) throw;
        throw py::import_error(fmt::format("{} needs NumPy: pip install numpy (or mancala[numpy])", what));
    }
}

py::array_t<float> observation(const GamePosition& game, const std::string& perspective) {
    require_numpy("observation()");
    if (perspective == "mover") return observation_for(game.rules, game.position, game.position.to_move());
    if (perspective == "south") return observation_for(game.rules, game.position, Side::South);
    throw std::invalid_argument(fmt::format("perspective must be 'mover' or 'south', got '{}'", perspective));
}

int observation_size(const Rules& rules) { return 2 * rules.pits + 2 + (rules.tuzdyk ? 2 : 0); }

void write_observation(const Rules& rules, const Position& p, Side side, float* out) {
    const int offset = p.first_pit(side);  // cells are in sowing order: a side's view starts at its first pit
    const int size = p.cell_count();
    for (int k = 0; k < size; ++k) out[k] = static_cast<float>(p.cell((k + offset) % size));
    if (rules.tuzdyk) {
        out[size] = static_cast<float>(p.tuzdyk(side) + 1);
        out[size + 1] = static_cast<float>(p.tuzdyk(opponent(side)) + 1);
    }
}

py::array_t<float> observation_for(const Rules& rules, const Position& p, Side side) {
    py::array_t<float> out(observation_size(rules));
    write_observation(rules, p, side, out.mutable_data());
    return out;
}

py::array_t<bool> action_mask(const GamePosition& game) {
    const Position& p = game.position;
    py::array_t<bool> out(p.pits());
    auto view = out.mutable_unchecked<1>();
    for (int i = 0; i < p.pits(); ++i) view(i) = false;
    if (!p.is_terminal(game.rules))
        for (const int move : p.legal_moves(game.rules)) view(move) = true;
    return out;
}

}  // namespace mancala::python
