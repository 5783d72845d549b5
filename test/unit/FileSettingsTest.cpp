//===--- FileSettingsTest.cpp - Command line merged with .smem-lint.yaml --===//
//
// The rule every entry point (command line, language server, --verify's
// re-analysis) relies on: a setting the command line gives wins, then the
// file's configuration, then the default.
//
//===----------------------------------------------------------------------===//

#include "Workflow/FileSettings.h"
#include "Hardware/ArchTable.h"

#include "gtest/gtest.h"

namespace smemlint {
namespace {

TEST(FileSettingsTest, DefaultsWithoutCommandLineOrConfiguration) {
  FileSettings Settings = mergeFileSettings({}, {});
  ASSERT_NE(Settings.Analysis.Arch, nullptr);
  EXPECT_EQ(Settings.Analysis.Arch->Name, "sm_90");
  EXPECT_TRUE(Settings.Policy.OptionValues.empty()); // min-ways: its default
  EXPECT_TRUE(Settings.Policy.Checks.matches("smem-bank-conflict"));
  EXPECT_FALSE(Settings.Policy.Checks.matches("gmem-uncoalesced"));
  // Nothing says: the run decides (warning, unless a later file's
  // configuration sets it).
  EXPECT_FALSE(Settings.FailOn.has_value());
}

TEST(FileSettingsTest, ConfigurationFillsWhatTheCommandLineLeavesOut) {
  ProjectConfig Config;
  Config.Arch = "sm_80";
  Config.CheckOptions["min-ways"] = 4;
  Config.Checks = "smem-*,gmem-*";
  Config.FailOn = Severity::Error;
  Config.BlockDims.push_back({"", BlockShape{16, 16, 1}});
  FileSettings Settings = mergeFileSettings({}, Config);
  EXPECT_EQ(Settings.Analysis.Arch->Name, "sm_80");
  EXPECT_EQ(Settings.Policy.OptionValues.at("min-ways"), 4u);
  EXPECT_TRUE(Settings.Policy.Checks.matches("gmem-uncoalesced"));
  EXPECT_EQ(Settings.FailOn, Severity::Error);
  ASSERT_EQ(Settings.Analysis.BlockDims.size(), 1u);
  EXPECT_EQ(Settings.Analysis.BlockDims[0].Block.X, 16u);
}

TEST(FileSettingsTest, CommandLineWins) {
  ProjectConfig Config;
  Config.Arch = "sm_80";
  Config.CheckOptions["min-ways"] = 4;
  Config.BlockDims.push_back({"", BlockShape{16, 16, 1}});
  CommandLineSettings CommandLine;
  CommandLine.Arch = "sm_70";
  CommandLine.CheckOptions["min-ways"] = 8;
  CommandLine.BlockDims.push_back({"", BlockShape{256, 1, 1}});
  CommandLine.LoopIterationLimit = 64;
  FileSettings Settings = mergeFileSettings(CommandLine, Config);
  EXPECT_EQ(Settings.Analysis.Arch->Name, "sm_70");
  EXPECT_EQ(Settings.Policy.OptionValues.at("min-ways"), 8u);
  ASSERT_EQ(Settings.Analysis.BlockDims.size(), 1u);
  EXPECT_EQ(Settings.Analysis.BlockDims[0].Block.X, 256u);
  EXPECT_EQ(Settings.Analysis.LoopIterationLimit, 64u);
}

// Global accesses are evaluated when someone reads them: an output that shows
// them (JSON, --verify), or a gmem-* check the command line or the
// configuration turns on.
TEST(FileSettingsTest, GlobalMemoryProfiledOnlyWhenRead) {
  CommandLineSettings TextOutput;
  TextOutput.ReportsGlobalAccesses = false;
  EXPECT_FALSE(mergeFileSettings(TextOutput, {}).Analysis.ProfileGlobalMemory);
  EXPECT_TRUE(mergeFileSettings({}, {}).Analysis.ProfileGlobalMemory);

  ProjectConfig Config;
  Config.Checks = "smem-*,gmem-*";
  EXPECT_TRUE(
      mergeFileSettings(TextOutput, Config).Analysis.ProfileGlobalMemory);
  CommandLineSettings GlobalCheck = TextOutput;
  GlobalCheck.Checks = "-*,gmem-uncoalesced";
  EXPECT_TRUE(mergeFileSettings(GlobalCheck, {}).Analysis.ProfileGlobalMemory);
  CommandLineSettings SharedOnly = TextOutput;
  SharedOnly.Checks = "-gmem-*";
  EXPECT_FALSE(
      mergeFileSettings(SharedOnly, Config).Analysis.ProfileGlobalMemory);
}

// As clang-tidy's: --checks and --warnings-as-errors add to the
// configuration's lists (later globs win) instead of replacing them.
TEST(FileSettingsTest, CommandLineChecksAddToTheConfiguration) {
  ProjectConfig Config;
  Config.Checks = "-*,smem-bank-conflict";
  Config.WarningsAsErrors = "smem-bank-conflict";
  CommandLineSettings CommandLine;
  CommandLine.Checks = "smem-capacity";
  CommandLine.WarningsAsErrors = "smem-capacity";
  FileSettings Settings = mergeFileSettings(CommandLine, Config);
  EXPECT_EQ(Settings.Policy.Checks.text(),
            "-*,smem-bank-conflict,smem-capacity");
  EXPECT_TRUE(Settings.Policy.Checks.matches("smem-bank-conflict"));
  EXPECT_TRUE(Settings.Policy.Checks.matches("smem-capacity"));
  EXPECT_FALSE(Settings.Policy.Checks.matches("smem-occupancy"));
  EXPECT_TRUE(Settings.Policy.WarningsAsErrors.matches("smem-bank-conflict"));
  EXPECT_TRUE(Settings.Policy.WarningsAsErrors.matches("smem-capacity"));
  // Without a configuration they add to the default.
  EXPECT_EQ(mergeFileSettings(CommandLine, {}).Policy.Checks.text(),
            "smem-*,smem-capacity");
}

} // namespace
} // namespace smemlint
