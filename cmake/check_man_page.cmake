# CTest `perft.man_page`: perft(1), written by help2man from the tool's help
# (perft/cli/CMakeLists.txt), renders without a warning, carries the tool's
# version and names every command of `perft --help`.
# cmake -DPAGE=<perft.1> -DGROFF=<groff> -DPERFT=<perft> -P check_man_page.cmake
cmake_policy(VERSION 3.25)
if(NOT EXISTS ${PAGE})
  message(FATAL_ERROR "${PAGE} is missing: build the target perft_man (help2man)")
endif()
# Plain text: no hyphenation (-rHY=0), no bold or underline (-P-cbou).
execute_process(COMMAND ${GROFF} -man -Tutf8 -rHY=0 -P-cbou -ww ${PAGE} RESULT_VARIABLE status
  OUTPUT_VARIABLE page ERROR_VARIABLE warnings)
if(NOT status EQUAL 0 OR warnings)
  message(FATAL_ERROR "groff -man on ${PAGE}: exit ${status}\n${warnings}")
endif()

execute_process(COMMAND ${PERFT} --version OUTPUT_VARIABLE version)
string(REGEX REPLACE "^perft \\(arbiter\\) ([^\n]+)\n$" "\\1" version "${version}")
execute_process(COMMAND ${PERFT} --help OUTPUT_VARIABLE help)
# The summary lines, "  compare   engine against reference: ..." (not the
# usage lines, "  perft compare ..."); a ';' would split CMake's list.
string(REPLACE ";" "," help "${help}")
string(REGEX MATCHALL "\n  [a-z]+ +[^\n]*" summaries "${help}")
set(commands "")
foreach(line ${summaries})
  string(REGEX REPLACE "^\n  ([a-z]+) .*" "\\1" name "${line}")
  if(NOT name STREQUAL "perft")
    list(APPEND commands ${name})
  endif()
endforeach()
list(LENGTH commands n)
if(n LESS 5)
  message(FATAL_ERROR "perft --help lists only ${n} commands: '${commands}'")
endif()
foreach(needle NAME SYNOPSIS DESCRIPTION "arbiter ${version}" ${commands})
  string(FIND "${page}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${PAGE} lacks '${needle}':\n${page}")
  endif()
endforeach()
message(STATUS "${PAGE}: renders, arbiter ${version}, ${n} commands")
