#!/bin/sh
# help2man's view of the perft tool (perft/cli/CMakeLists.txt, target perft_man):
# `man_help.sh PERFT --help` is PERFT's help with its usage block as help2man
# reads one for SYNOPSIS ("Usage: perft ..." then "  or:  perft ..."); any
# other call is PERFT's own output. The tool's help itself stays as it is.
perft=$1
shift
if [ "$*" != "--help" ]; then
  exec "$perft" "$@"
fi
"$perft" --help | awk '
  NR == 1 && $0 == "usage:" { usage = 1; next }
  usage && /^  perft / { sub(/^  /, ""); print (n++ ? "  or:  " : "Usage: ") $0; next }
  { usage = 0; print }
'
