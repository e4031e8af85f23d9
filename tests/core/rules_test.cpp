#include "core/rules.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace mancala {
namespace {

TEST(Rules, PresetsSetTheirDimensions) {
    const Rules kalah = make_rules("kalah", 6, 4);
    EXPECT_EQ(kalah.capture, CaptureRule::IfOppositeNonEmpty);
    EXPECT_EQ(kalah.sowing, SowingRule::Single);
    EXPECT_EQ(kalah.end, EndRule::EitherRowEmpty);
    EXPECT_TRUE(kalah.extra_turn);

    const Rules homework = make_rules("homework", 5, 0);
    EXPECT_EQ(homework.capture, CaptureRule::Always);
    EXPECT_EQ(homework.end, EndRule::EitherRowEmpty);

    const Rules relay = make_rules("relay", 4, 3);
    EXPECT_EQ(relay.capture, CaptureRule::Never);
    EXPECT_EQ(relay.sowing, SowingRule::Relay);
    EXPECT_EQ(relay.end, EndRule::BoardEmpty);
}

TEST(Rules, PresetNameRoundTrips) {
    for (auto name : preset_names()) EXPECT_EQ(preset_name(make_rules(name, 6, 4)), name);
    Rules custom = make_rules("kalah", 6, 4);
    custom.extra_turn = false;
    EXPECT_EQ(preset_name(custom), "custom");
}

TEST(Rules, RejectsBadSizesWithAClearMessage) {
    EXPECT_THROW(make_rules("kalah", 0, 4), std::invalid_argument);
    EXPECT_THROW(make_rules("kalah", 17, 4), std::invalid_argument);
    EXPECT_THROW(make_rules("kalah", 6, -1), std::invalid_argument);
    EXPECT_NO_THROW(make_rules("kalah", 16, 1000));  // 32,000 stones fit
    EXPECT_THROW(make_rules("kalah", 16, 3000), std::invalid_argument);
    try {
        make_rules("owari", 6, 4);
        FAIL() << "unknown game accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("unknown rules 'owari' (choose one of: kalah, homework, relay, oware"),
                  std::string::npos)
            << e.what();
    }
}

TEST(Rules, DescribeNamesEveryDimension) {
    EXPECT_EQ(describe(make_rules("homework", 3, 2)),
              "homework(3,2): capture=always sowing=single end=either-row-empty extra-turn=yes");
}

}  // namespace
}  // namespace mancala
