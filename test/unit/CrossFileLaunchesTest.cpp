//===--- CrossFileLaunchesTest.cpp - Launches of kernels other files define ==//

#include "Workflow/CrossFileLaunches.h"

#include "gtest/gtest.h"

using namespace smemlint;

namespace {

/// A file's report with one kernel of \p Symbol at \p File:\p Line, analysed
/// with a block from \p Source ("default" or "launch").
FileReport fileDefining(const std::string &File, const std::string &Symbol,
                        unsigned Line, const std::string &Source) {
  FileReport Report;
  Report.File = File;
  KernelReport Kernel;
  Kernel.Name = Symbol;
  Kernel.MangledName = Symbol;
  Kernel.Where = {File, Line, 1, 0};
  BlockDimReport Dim;
  Dim.Source = Source;
  Kernel.BlockDims.push_back(Dim);
  Report.Kernels.push_back(Kernel);
  return Report;
}

ExternalLaunch launchOf(const std::string &Symbol, const std::string &File,
                        unsigned Line) {
  ExternalLaunch Launch;
  Launch.MangledName = Symbol;
  Launch.Where = {File, Line, 3, 0};
  Launch.Block = std::array<unsigned, 3>{32, 8, 1};
  return Launch;
}

/// /p/main.cu, which launches each of \p Symbols at line 7, 8, ...
FileReport mainLaunching(std::vector<std::string> Symbols) {
  FileReport Main;
  Main.File = "/p/main.cu";
  unsigned Line = 7;
  for (const std::string &Symbol : Symbols)
    Main.ExternalLaunches.push_back(launchOf(Symbol, Main.File, Line++));
  return Main;
}

} // namespace

TEST(CrossFileLaunches, TheDefiningFileIsAnalysedAgainWithTheLaunch) {
  std::vector<std::optional<FileReport>> Reports;
  Reports.push_back(fileDefining("/p/kernels.cu", "k", 3, "default"));
  Reports.push_back(mainLaunching({"k", "unknown"}));
  std::map<size_t, OtherFilesUses> Again = usesAcrossFiles(Reports).Reanalyse;
  ASSERT_EQ(Again.size(), 1u);
  ASSERT_EQ(Again.count(0), 1u);
  ASSERT_EQ(Again[0].Launches.size(), 1u);
  EXPECT_EQ(Again[0].Launches[0].Where.Line, 7u);
}

TEST(CrossFileLaunches, AKernelItsOwnFileLaunchesAlikeIsLeftAlone) {
  // Its own file launches it with the 32x8 block main.cu does.
  std::vector<std::optional<FileReport>> Reports;
  Reports.push_back(fileDefining("/p/kernels.cu", "k", 3, "launch"));
  Reports[0]->Kernels[0].BlockDims[0].X = 32;
  Reports[0]->Kernels[0].BlockDims[0].Y = 8;
  Reports.push_back(mainLaunching({"k"}));
  EXPECT_TRUE(usesAcrossFiles(Reports).Reanalyse.empty());
}

TEST(CrossFileLaunches, AnotherBlockThanTheOwnFilesIsAnalysedToo) {
  // Its own file launches it with 64 threads, main.cu with 32x8; a block
  // given by an annotation wins over both.
  std::vector<std::optional<FileReport>> Reports;
  Reports.push_back(fileDefining("/p/kernels.cu", "k", 3, "launch"));
  Reports[0]->Kernels[0].BlockDims[0].X = 64;
  Reports.push_back(mainLaunching({"k"}));
  std::map<size_t, OtherFilesUses> Again = usesAcrossFiles(Reports).Reanalyse;
  ASSERT_EQ(Again.count(0), 1u);
  EXPECT_EQ(Again[0].Launches.size(), 1u);
  Reports[0]->Kernels[0].BlockDims[0].Source = "annotation";
  EXPECT_TRUE(usesAcrossFiles(Reports).Reanalyse.empty());
}

TEST(CrossFileLaunches, OneHeaderDefinitionSeenByTwoFilesIsOneKernel) {
  // The header analysed alone, and the file that includes and launches it:
  // both report the kernel at the header's line.
  std::vector<std::optional<FileReport>> Reports;
  Reports.push_back(fileDefining("/p/k.cuh", "k", 3, "default"));
  FileReport Main = fileDefining("/p/k.cuh", "k", 3, "launch");
  Main.File = "/p/main.cu";
  Main.ExternalLaunches.push_back(launchOf("k", "/p/main.cu", 4));
  Reports.push_back(Main);
  CrossFilePlan Plan = usesAcrossFiles(Reports);
  ASSERT_EQ(Plan.Reanalyse.size(), 1u);
  EXPECT_EQ(Plan.Reanalyse.count(0), 1u);
  EXPECT_TRUE(Plan.Notes.empty());
}

TEST(CrossFileLaunches, TwoDefinitionsOfOneSymbolTakeNoLaunch) {
  std::vector<std::optional<FileReport>> Reports;
  Reports.push_back(fileDefining("/p/a.cu", "k", 3, "default"));
  Reports.push_back(fileDefining("/q/b.cu", "k", 9, "default"));
  Reports.push_back(mainLaunching({"k"}));
  Reports.push_back(std::nullopt); // a file that could not be read
  CrossFilePlan Plan = usesAcrossFiles(Reports);
  EXPECT_TRUE(Plan.Reanalyse.empty());
  for (size_t I : {0, 1}) {
    ASSERT_EQ(Plan.Notes[I].size(), 1u);
    const Diagnostic &Note = Plan.Notes[I].front();
    EXPECT_EQ(Note.Level, Severity::Note);
    EXPECT_EQ(Note.Message,
              "'k' is launched at main.cu:7, but the files of this run "
              "define a kernel of that name in 2 places (a.cu:3, b.cu:9): "
              "the launch is used for none of them");
  }
}

TEST(CrossFileLaunches, AnOptInCountsOnlyWhereACapacityFindingAsks) {
  std::vector<std::optional<FileReport>> Reports;
  Reports.push_back(fileDefining("/p/kernels.cu", "k", 3, "launch"));
  FileReport Main;
  Main.File = "/p/main.cu";
  Main.ExternalOptIns.push_back({"k", 65536, {"/p/main.cu", 5, 3, 0}});
  Reports.push_back(Main);
  EXPECT_TRUE(usesAcrossFiles(Reports).Reanalyse.empty());
  Diagnostic Capacity;
  Capacity.Check = "smem-capacity";
  Capacity.Kernel = "k";
  Reports[0]->Diagnostics.push_back(Capacity);
  std::map<size_t, OtherFilesUses> Again = usesAcrossFiles(Reports).Reanalyse;
  ASSERT_EQ(Again.count(0), 1u);
  EXPECT_EQ(Again[0].OptIns.size(), 1u);
}
