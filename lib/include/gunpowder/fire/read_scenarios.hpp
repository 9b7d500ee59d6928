// read_scenarios.hpp - the readers of the fire-odds scenario tables ([[artillery]], [[firearm]],
// [[broadside]], [[arquebus]], [[dowel]]): each fills its request from one table, every key
// checked for type (and, for choices, value) by the strict reader. Keys are the command line's
// long options with '_' for '-'.
#pragma once

#include "gunpowder/fire/requests.hpp"
#include "gunpowder/input/document.hpp"

namespace gunpowder::fire {

void read_artillery(input::TableReader& r, ArtilleryRequest& p);
void read_firearm(input::TableReader& r, FirearmRequest& p);
void read_broadside(input::TableReader& r, BroadsideRequest& p);
void read_arquebus(input::TableReader& r, ArquebusRequest& p);
void read_dowel(input::TableReader& r, DowelRequest& p);

}  // namespace gunpowder::fire
