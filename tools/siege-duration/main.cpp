// siege-duration: how long a siege takes and what it costs (see siege_app.cpp).
#include <iostream>

#include "siege-duration/siege_app.hpp"

int main(int argc, char** argv) { return gunpowder::siege_app::main(argc, argv, std::cout, std::cerr); }
