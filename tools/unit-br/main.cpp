// unit-br: battle rating and cost of pike-and-shot units (tools/unit-br/unit_app.cpp and its modes).
#include <iostream>

#include "unit-br/unit_app.hpp"

int main(int argc, char** argv) { return gunpowder::unit_app::main(argc, argv, std::cout, std::cerr); }
