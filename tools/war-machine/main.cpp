// war-machine: the War Machine mass-combat calculator (see war_app.cpp).
#include <iostream>

#include "war-machine/war_app.hpp"

int main(int argc, char** argv) { return gunpowder::war_app::main(argc, argv, std::cout, std::cerr); }
