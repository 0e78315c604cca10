#include "common/spec.h"

#include <gtest/gtest.h>

#include "common/error.h"
#include "common/game.h"

namespace arb {
namespace {

TEST(Spec, DefaultsAreFilledIn) {
  const Spec s = Spec::parse("ecalper");
  EXPECT_EQ(s.name(), "ecalper");
  EXPECT_EQ(s.number("size"), 7);
  EXPECT_EQ(s.value("replace"), "any");
  EXPECT_EQ(s.number("players"), 2);
  EXPECT_FALSE(Spec::parse("meridians").flag("swap"));
}

TEST(Spec, CanonicalFormListsNonDefaultOptionsAlphabetically) {
  EXPECT_EQ(Spec::parse("ecalper:size=5,players=3").canonical(), "ecalper:players=3,size=5");
  EXPECT_EQ(Spec::parse("ecalper:size=7,replace=last-added").canonical(),
            "ecalper:replace=last-added");
  EXPECT_EQ(Spec::parse("meridians:swap,size=6").canonical(), "meridians:size=6,swap");
  EXPECT_EQ(Spec::parse("emergo:size=9").canonical(), "emergo");
  EXPECT_EQ(Spec::parse("emergo:size=7").canonical(), "emergo:size=7");
  EXPECT_EQ(Spec::parse("eximo").canonical(), "eximo");
}

TEST(Spec, BadSpecsAreRejectedWithTheirReason) {
  const auto message = [](const char* text) {
    try {
      Spec::parse(text);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message("chess"), "unknown game 'chess' (games: emergo, eximo, ecalper, meridians)");
  EXPECT_EQ(message("emergo:size=8"), "emergo: option size must be one of 9, 7 (got '8')");
  EXPECT_EQ(message("emergo:depth=3"), "emergo: unknown option 'depth'");
  EXPECT_EQ(message("emergo:size"), "emergo: option 'size' needs a value (9, 7)");
  EXPECT_EQ(message("emergo:size=7,size=9"), "emergo: option 'size' given twice");
  EXPECT_EQ(message("meridians:swap=1"), "meridians: option 'swap' is a flag and takes no value");
  EXPECT_EQ(message("eximo:"), "spec 'eximo:': empty option list after ':'");
  EXPECT_EQ(message("eximo:size=7"), "eximo: unknown option 'size'");
  EXPECT_EQ(message("emergo:size=7,"), "spec 'emergo:size=7,': empty option");
}

// V8 on a table of its own, so that the mechanism is tested whatever the games' rows say.
constexpr GameOptions kPresetRows[] = {
    {"toy",
     "size=9|7 blocked=draw|loss capture=max|any "
     "rules=zillions(blocked=loss)|both(blocked=loss+capture=any)"}};

std::string preset_result(const char* text) {
  try {
    return Spec::parse(text, kPresetRows).canonical();
  } catch (const Error& e) {
    return std::string("error: ") + e.what();
  }
}

TEST(Spec, V8_PresetExpandsToItsOptions) {
  EXPECT_EQ(preset_result("toy:rules=zillions"), "toy:blocked=loss");
  EXPECT_EQ(preset_result("toy:rules=both,size=7"), "toy:blocked=loss,capture=any,size=7");
  EXPECT_EQ(Spec::parse("toy:rules=zillions", kPresetRows).value("blocked"), "loss");
}

TEST(Spec, V8_AnOptionBesidePresetMayRepeatItNeverContradictIt) {
  EXPECT_EQ(preset_result("toy:blocked=loss,rules=zillions"), "toy:blocked=loss");
  EXPECT_EQ(preset_result("toy:rules=zillions,blocked=draw"),
            "error: toy: option 'blocked=draw' contradicts rules=zillions (blocked=loss)");
  EXPECT_EQ(preset_result("toy:rules=zillions,rules=both"),
            "error: toy: option 'rules' given twice");
  EXPECT_EQ(preset_result("toy:rules=seed"),
            "error: toy: option rules must be one of zillions, both (got 'seed')");
  EXPECT_EQ(preset_result("toy:rules"),
            "error: toy: option 'rules' needs a value (zillions, both)");
}

TEST(Outcome, TextNamesWinnersAndDraws) {
  EXPECT_EQ(to_string(Outcome::ongoing(), "wb"), "ongoing");
  EXPECT_EQ(to_string(Outcome::win(1), "wb"), "win b");
  EXPECT_EQ(to_string(Outcome::draw(0b11), "wb"), "draw");
  EXPECT_EQ(to_string(Outcome::draw(0b011), "bwr"), "draw b,w");
  EXPECT_EQ(to_string(Outcome::draw(0b111), "bwr"), "draw");
}

}  // namespace
}  // namespace arb
