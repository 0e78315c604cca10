#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "perft/cli/cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> args(argv + 1, argv + argc);
  return arb::run_perft_cli(args, std::cout, std::cerr, isatty(STDERR_FILENO) == 1);
}
