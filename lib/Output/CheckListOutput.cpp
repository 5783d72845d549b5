//===--- CheckListOutput.cpp - smem-lint --list-checks --------------------===//

#include "Output/CheckListOutput.h"

#include "Checks/CheckRegistry.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace smemlint {

std::string renderCheckListText(const CheckGlobs &Selected) {
  std::vector<const CheckInfo *> Checks;
  size_t Width = 0;
  for (const RegisteredCheck &Entry : registeredChecks()) {
    Checks.push_back(&Entry.Info());
    Width = std::max(Width, std::char_traits<char>::length(Entry.Info().Name));
  }
  std::string Text;
  for (bool Enabled : {true, false}) {
    std::string Section;
    for (const CheckInfo *Info : Checks) {
      if (Selected.matches(Info->Name) != Enabled)
        continue;
      std::string Name = Info->Name;
      Section += "    " + Name + std::string(Width - Name.size() + 2, ' ') +
                 checkCategoryName(Info->Category) + ": " + Info->Summary +
                 "\n";
    }
    if (!Section.empty())
      Text += std::string(Enabled ? "Enabled" : "Disabled") + " checks:\n" +
              Section;
  }
  return Text;
}

std::string renderCheckExplanation(const CheckInfo &Info) {
  std::string Text = std::string(Info.Name) + " (" +
                     checkCategoryName(Info.Category) + ", " +
                     severityName(Info.DefaultLevel) +
                     (Info.Origin != FindingOrigin::Check ? ""
                      : Info.OnByDefault                  ? ", on by default"
                                         : ", off by default") +
                     "): " + Info.Summary + "\n\n";
  Text += std::string(Info.Description) + "\n\n";
  Text += std::string("What to do: ") + Info.Help + "\n";
  for (const CheckOption &Option : Info.Options)
    Text += "\nOption --" + std::string(Option.Name) + " (" + Option.ConfigKey +
            " in .smem-lint.yaml): " + Option.Help + "; default " +
            std::to_string(Option.Default) + "\n";
  Text += std::string("\nDocumentation: ") + Info.DocsPath + "\n";
  return Text;
}

std::string renderCheckListJson() {
  using nlohmann::ordered_json;
  ordered_json Kinds = ordered_json::array();
  for (const CheckInfo *Info : allFindingKinds()) {
    ordered_json Options = ordered_json::array();
    for (const CheckOption &Option : Info->Options)
      Options.push_back({{"name", Option.Name},
                         {"config_key", Option.ConfigKey},
                         {"default", Option.Default},
                         {"min", Option.Min},
                         {"max", Option.Max},
                         {"help", Option.Help}});
    Kinds.push_back(
        {{"name", Info->Name},
         {"sarif_name", Info->SarifName},
         {"origin", findingOriginName(Info->Origin)},
         {"category", checkCategoryName(Info->Category)},
         {"default_level", severityName(Info->DefaultLevel)},
         {"on_by_default", Info->OnByDefault},
         {"always_shown", Info->AlwaysShown},
         {"about_the_tool", Info->AboutTheTool},
         {"needs_global_accesses", Info->needs(NeedsGlobalAccesses)},
         {"docs", Info->DocsPath},
         {"summary", Info->Summary},
         {"options", Options}});
  }
  return ordered_json{{"checks", Kinds}}.dump(2) + "\n";
}

} // namespace smemlint
