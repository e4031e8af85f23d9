#pragma once

#include "core/rules.hpp"

#include <array>
#include <cstdint>

namespace mancala {

/// The legal moves of a position: pit indices of the side to move, in that
/// side's sowing order. Fixed capacity, so generating moves never allocates.
class MoveList {
public:
    void push(int pit) { moves_[static_cast<std::size_t>(size_++)] = static_cast<std::int8_t>(pit); }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    int operator[](int i) const { return moves_[static_cast<std::size_t>(i)]; }
    const std::int8_t* begin() const { return moves_.data(); }
    const std::int8_t* end() const { return moves_.data() + size_; }

private:
    std::array<std::int8_t, kMaxPits> moves_{};
    int size_ = 0;
};

}  // namespace mancala
