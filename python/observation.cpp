#include "observation.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::python {

py::array_t<float> observation(const GamePosition& game, const std::string& perspective) {
    if (perspective == "mover") return observation_for(game.position, game.position.to_move());
    if (perspective == "south") return observation_for(game.position, Side::South);
    throw std::invalid_argument(fmt::format("perspective must be 'mover' or 'south', got '{}'", perspective));
}

py::array_t<float> observation_for(const Position& p, Side side) {
    const int offset = p.first_pit(side);  // cells are in sowing order: a side's view starts at its first pit
    const int size = p.cell_count();
    py::array_t<float> out(size);
    auto view = out.mutable_unchecked<1>();
    for (int k = 0; k < size; ++k) view(k) = static_cast<float>(p.cell((k + offset) % size));
    return out;
}

py::array_t<bool> action_mask(const GamePosition& game) {
    const Position& p = game.position;
    py::array_t<bool> out(p.pits());
    auto view = out.mutable_unchecked<1>();
    const bool over = p.is_terminal(game.rules);
    for (int i = 0; i < p.pits(); ++i) view(i) = !over && p.is_legal(i);
    return out;
}

}  // namespace mancala::python
