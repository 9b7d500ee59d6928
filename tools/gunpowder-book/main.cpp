// gunpowder-book: the reference book as a static site (see book_app.cpp).
#include <iostream>

#include "gunpowder-book/book_app.hpp"

int main(int argc, char** argv) { return gunpowder::book_app::main(argc, argv, std::cout, std::cerr); }
