// artillery-design: gunpowder artillery calculator (see artillery_app.cpp).
#include <iostream>

#include "artillery-design/artillery_app.hpp"

int main(int argc, char** argv) { return gunpowder::artillery_app::main(argc, argv, std::cout, std::cerr); }
