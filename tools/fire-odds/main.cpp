// fire-odds: exact odds of the firing rules (see lib/src/fire_app.cpp).
#include <iostream>

#include "fire-odds/fire_app.hpp"

int main(int argc, char** argv) { return gunpowder::fire_app::main(argc, argv, std::cout, std::cerr); }
