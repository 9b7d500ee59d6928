// Baseline for the start-up benchmarks: the cost of starting a C++ program that prints a line.
#include <iostream>

int main() {
  std::cout << "hello, world\n";
  return 0;
}
