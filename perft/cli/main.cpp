#include <unistd.h>

#include <iostream>
#include <ostream>
#include <string>
#include <vector>

#include "perft/cli/cli.h"
#include "perft/text/file_io.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> args(argv + 1, argv + argc);
  // Our own buffer: a failed write says why ("No space left on device").
  arb::DescriptorBuffer buffer(STDOUT_FILENO);
  std::ostream out(&buffer);
  return arb::run_perft_cli(args, out, std::cerr, isatty(STDERR_FILENO) == 1);
}
