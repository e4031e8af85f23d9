#include "search/learned_network.hpp"

#include "search/learned_evaluation.hpp"
#include "util/checksum.hpp"
#include "util/read_file.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <optional>
#include <stdexcept>

namespace mancala::search {

std::span<const std::uint8_t> embedded_network_bytes(std::size_t index);  // generated: embedded_networks.cpp
std::size_t embedded_network_count();

void LearnedNetwork::Aligned::operator()(void* p) const { ::operator delete[](p, std::align_val_t{32}); }

bool LearnedNetwork::plays(const Rules& rules) const { return rules.pits == pits && preset_name(rules) == game; }

namespace {

constexpr char kNetworkMagic[8] = {'M', 'N', 'C', 'L', 'N', 'E', 'T', '1'};
constexpr std::uint32_t kNetworkVersion = 1;

template <class T>
std::unique_ptr<T[], LearnedNetwork::Aligned> aligned_array(std::size_t count) {
    // Rounded up to whole 32-byte rows, so that the kernels' loads stay inside.
    const std::size_t bytes = (count * sizeof(T) + 31) / 32 * 32;
    void* p = ::operator new[](bytes, std::align_val_t{32});
    std::memset(p, 0, bytes);
    return std::unique_ptr<T[], LearnedNetwork::Aligned>(static_cast<T*>(p));
}

// Little-endian fields read in order, each bounds-checked.
class Reader {
public:
    Reader(std::span<const std::uint8_t> bytes, std::string_view source) : bytes_(bytes), source_(source) {}

    template <class T>
    T take() {
        need(sizeof(T));
        T value = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i)
            value = static_cast<T>(
                value | static_cast<T>(static_cast<std::make_unsigned_t<T>>(bytes_[at_ + i]) << (8 * i)));
        at_ += sizeof(T);
        return value;
    }
    template <class T>
    void take_array(T* out, std::size_t count) {
        for (std::size_t i = 0; i < count; ++i) out[i] = take<T>();
    }
    std::string take_string(std::size_t length) {
        need(length);
        std::string s(reinterpret_cast<const char*>(bytes_.data() + at_), length);
        at_ += length;
        return s;
    }
    std::size_t at() const { return at_; }
    [[noreturn]] void refuse(std::string_view problem) const {
        throw std::invalid_argument(fmt::format("network {}: {}", source_, problem));
    }

private:
    void need(std::size_t n) const {
        if (bytes_.size() - at_ < n) refuse(fmt::format("cut short at byte {} of {}", at_, bytes_.size()));
    }
    std::span<const std::uint8_t> bytes_;
    std::string_view source_;
    std::size_t at_ = 0;
};

}  // namespace

std::shared_ptr<const LearnedNetwork> parse_learned_network(std::span<const std::uint8_t> bytes,
                                                            std::string_view source) {
    if (bytes.size() < sizeof(kNetworkMagic) + 8 ||
        std::memcmp(bytes.data(), kNetworkMagic, sizeof(kNetworkMagic)) != 0)
        Reader(bytes, source).refuse("not a network file (its first bytes are not MNCLNET1)");
    // The fields, then the hash of their bytes.
    const std::span<const std::uint8_t> body = bytes.first(bytes.size() - 8);
    Reader in(body, source);
    if (checksum64(body.data(), body.size()) != Reader(bytes.last(8), source).take<std::uint64_t>())
        in.refuse("checksum mismatch: the file is corrupted");
    in.take_string(sizeof(kNetworkMagic));
    if (const auto version = in.take<std::uint32_t>(); version != kNetworkVersion)
        in.refuse(fmt::format("format version {}, this build reads version {}", version, kNetworkVersion));
    auto net = std::make_shared<LearnedNetwork>();
    net->game = in.take_string(in.take<std::uint8_t>());
    net->pits = in.take<std::uint8_t>();
    net->buckets = in.take<std::uint8_t>();
    net->hidden = in.take<std::uint16_t>();
    net->hidden2 = in.take<std::uint16_t>();
    if (net->pits < 1 || net->pits > kMaxPits)
        in.refuse(fmt::format("{} pits a side (1 to {})", net->pits, kMaxPits));
    if (net->buckets < 2) in.refuse(fmt::format("{} counts a pit (at least 2)", net->buckets));
    if (net->hidden < 32 || net->hidden > LearnedNetwork::kMaxHidden || net->hidden % 32 != 0)
        in.refuse(fmt::format("{} first-layer units (a multiple of 32, at most {})", net->hidden,
                              LearnedNetwork::kMaxHidden));
    if (net->hidden2 < 8 || net->hidden2 > LearnedNetwork::kMaxHidden2 || net->hidden2 % 8 != 0)
        in.refuse(fmt::format("{} second-layer units (a multiple of 8, at most {})", net->hidden2,
                              LearnedNetwork::kMaxHidden2));
    const auto inputs = static_cast<std::size_t>(net->inputs()), h = static_cast<std::size_t>(net->hidden),
               h2 = static_cast<std::size_t>(net->hidden2);
    net->w1 = aligned_array<std::int16_t>(inputs * h);
    net->b1 = aligned_array<std::int16_t>(h);
    net->w2 = aligned_array<std::int8_t>(h2 * h);
    net->b2 = aligned_array<std::int32_t>(h2);
    net->w3 = aligned_array<std::int32_t>(h2);
    in.take_array(net->w1.get(), inputs * h);
    in.take_array(net->b1.get(), h);
    in.take_array(net->w2.get(), h2 * h);
    in.take_array(net->b2.get(), h2);
    in.take_array(net->w3.get(), h2);
    net->b3 = in.take<std::int32_t>();

    // The vector kernel sums the first layer in 16 bits and the output in 32: no input may
    // take a sum out of them. A second-layer weight of -128 has no opposite in the kernel's
    // pairs of products either.
    for (std::size_t u = 0; u < h; ++u) {
        std::int64_t reach = std::abs(std::int32_t{net->b1[u]});
        for (int pit = 0; pit < 2 * net->pits; ++pit) {
            std::int32_t most = 0;
            for (int b = 0; b < net->buckets; ++b)
                most = std::max(
                    most,
                    std::abs(std::int32_t{net->w1[(static_cast<std::size_t>(pit * net->buckets + b)) * h + u]}));
            reach += most;
        }
        if (reach > 32767) in.refuse(fmt::format("first-layer unit {} can leave 16 bits", u));
    }
    std::int64_t output_reach = std::abs(std::int64_t{net->b3});
    for (std::size_t j = 0; j < h2; ++j) {
        output_reach += std::int64_t{LearnedNetwork::kActivationOne} * std::abs(std::int64_t{net->w3[j]});
        std::int64_t unit_reach = std::abs(std::int64_t{net->b2[j]});
        for (std::size_t u = 0; u < h; ++u) {
            if (net->w2[j * h + u] == -128) in.refuse(fmt::format("second-layer weight -128 (unit {})", j));
            unit_reach += std::int64_t{LearnedNetwork::kActivationOne} * std::abs(int{net->w2[j * h + u]});
        }
        if (unit_reach > (std::int64_t{1} << 30))
            in.refuse(fmt::format("second-layer unit {} can leave 32 bits", j));
    }
    if (output_reach > (std::int64_t{1} << 30)) in.refuse("the output can leave 32 bits");

    const auto checks = in.take<std::uint16_t>();
    std::uint8_t counts[2 * kMaxPits];
    for (int k = 0; k < checks; ++k) {
        in.take_array(counts, static_cast<std::size_t>(2 * net->pits));
        const auto want = in.take<std::int32_t>();
        if (const int got = learned_reference_value(*net, counts); got != want)
            in.refuse(fmt::format("check position {} is valued {} points, the file says {}", k + 1, got, want));
    }
    if (in.at() != body.size()) in.refuse(fmt::format("{} bytes after the check positions", body.size() - in.at()));
    return net;
}

std::shared_ptr<const LearnedNetwork> read_learned_network(const std::string& path) {
    const std::string text = read_small_file(path, kMaxNetworkBytes);
    return parse_learned_network(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), path);
}

std::span<const std::shared_ptr<const LearnedNetwork>> embedded_networks() {
    static const std::vector<std::shared_ptr<const LearnedNetwork>> networks = [] {
        std::vector<std::shared_ptr<const LearnedNetwork>> all;
        for (std::size_t i = 0; i < embedded_network_count(); ++i)
            all.push_back(parse_learned_network(embedded_network_bytes(i), fmt::format("embedded #{}", i + 1)));
        return all;
    }();
    return networks;
}

const LearnedNetwork* embedded_network_for(const Rules& rules) {
    // The textbook searches ask at every leaf (heuristics.hpp's evaluate), and the game's
    // name is a walk of the catalogue: the last answer is kept for the rules asked last.
    thread_local std::optional<Rules> asked;
    thread_local const LearnedNetwork* answer = nullptr;
    if (asked && *asked == rules) return answer;
    answer = nullptr;
    for (const auto& net : embedded_networks())
        if (!answer && net->plays(rules)) answer = net.get();
    asked = rules;
    return answer;
}

}  // namespace mancala::search
