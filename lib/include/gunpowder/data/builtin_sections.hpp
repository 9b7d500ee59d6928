// builtin_sections.hpp - the loaders' snapshot sections (data/snapshot.hpp), for the build-time
// generator (lib/snapshot/make_snapshot.cpp) and the test that the snapshot equals the TOML
// (tests/unit/snapshot). Each is defined beside its loader: the tables built from the embedded TOML,
// encoded, or the TOML's errors.
#pragma once

#include <string>
#include <string_view>

#include "gunpowder/core/error.hpp"

namespace gunpowder::artillery {
Expected<std::string> builtin_section_artillery();
}
namespace gunpowder::fire {
Expected<std::string> builtin_section_artillery_damage();
}
namespace gunpowder::fire {
Expected<std::string> builtin_section_broadside();
}
namespace gunpowder::fire {
Expected<std::string> builtin_section_chainmail();
}
namespace gunpowder::firearms {
Expected<std::string> builtin_section_firearms();
}
namespace gunpowder::siege {
Expected<std::string> builtin_section_siege();
}
namespace gunpowder::siege {
Expected<std::string> builtin_section_siege_machine();
}
namespace gunpowder::units {
Expected<std::string> builtin_section_units();
}
namespace gunpowder::war {
Expected<std::string> builtin_section_war();
}

namespace gunpowder::data::snapshot {

/// A snapshot section: its name and the function that builds it.
struct Producer {
  std::string_view name;
  Expected<std::string> (*build)();
};

/// Every section, in the order the generator writes them.
inline constexpr Producer kProducers[] = {
    {"artillery", &gunpowder::artillery::builtin_section_artillery},
    {"fire.artillery_damage", &gunpowder::fire::builtin_section_artillery_damage},
    {"fire.broadside", &gunpowder::fire::builtin_section_broadside},
    {"fire.chainmail", &gunpowder::fire::builtin_section_chainmail},
    {"firearms", &gunpowder::firearms::builtin_section_firearms},
    {"siege", &gunpowder::siege::builtin_section_siege},
    {"siege.machine", &gunpowder::siege::builtin_section_siege_machine},
    {"units", &gunpowder::units::builtin_section_units},
    {"war", &gunpowder::war::builtin_section_war},
};

}  // namespace gunpowder::data::snapshot
