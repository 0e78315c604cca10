# cmake -DBUILD=<arbiter build> -DSOURCE=<arbiter source> -DWORK=<scratch dir>
#       -DCXX=<compiler> -DPKG_CONFIG=<pkg-config> -P check_install.cmake
# The C++ package as a user gets it: `cmake --install` into a fresh prefix,
# every installed header's includes found in the install, then the consumer
# project (consumer/) built twice, with find_package(arbiter) and with
# pkg-config's flags, and run: perft(3) of every game against the fixtures.
include(${CMAKE_CURRENT_LIST_DIR}/run.cmake)

file(REMOVE_RECURSE ${WORK})
set(prefix ${WORK}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix} --component dev)

foreach(file lib/cmake/arbiter/arbiterConfig.cmake lib/cmake/arbiter/arbiterConfigVersion.cmake
    lib/cmake/arbiter/arbiterTargets.cmake lib/pkgconfig/arbiter.pc lib/libarb_perft_count.a
    lib/libarb_engine_emergo.a include/arbiter/perft/count/count.h include/arbiter/arb/games.h)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()
if(EXISTS ${prefix}/include/arbiter/perft/cli)
  message(FATAL_ERROR "the tool's headers (perft/cli) were installed")
endif()

# Every #include "..." of an installed header is installed: the headers are
# usable without the source tree (a generated header naming a source path,
# or a header left out of the install, fails here).
file(GLOB_RECURSE headers RELATIVE ${prefix}/include/arbiter ${prefix}/include/arbiter/*.h)
list(LENGTH headers count)
foreach(header ${headers})
  file(STRINGS ${prefix}/include/arbiter/${header} lines REGEX "^#include \"")
  foreach(line ${lines})
    string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" included "${line}")
    if(NOT EXISTS ${prefix}/include/arbiter/${included})
      message(FATAL_ERROR "${header} includes \"${included}\", which is not installed")
    endif()
  endforeach()
endforeach()
message(STATUS "installed: ${count} headers, their includes all installed")

file(GLOB fixtures ${SOURCE}/fixtures/*.perft)

# find_package(arbiter): the compiler launcher (ccache) comes from the environment.
set(consumer ${SOURCE}/tests/cpp_package/consumer)
run(${CMAKE_COMMAND} -S ${consumer} -B ${WORK}/consumer -G Ninja -DCMAKE_CXX_COMPILER=${CXX}
  -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK}/consumer)
run(${WORK}/consumer/consumer ${fixtures})
message(STATUS "find_package consumer:\n${out}")

# pkg-config, the same program.
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
run(${PKG_CONFIG} --cflags --libs arbiter)
string(STRIP "${out}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CXX} ${consumer}/main.cpp -o ${WORK}/pkg_config_consumer ${flags})
run(${WORK}/pkg_config_consumer ${fixtures})
string(REPLACE ";" " " shown "${flags}")
message(STATUS "pkg-config consumer (${shown}):\n${out}")

# README.md's example ("Use the engines from C++"), compiled the same way: it
# prints what its last line says.
file(READ ${SOURCE}/README.md readme)
string(REGEX MATCH "\n## Use the engines from C\\+\\+\n.*" section "${readme}")
string(REGEX MATCH "```cpp\n([^`]*)```" block "${section}")
set(example "${CMAKE_MATCH_1}")
string(REGEX MATCH "// prints ([0-9]+)\n$" said "${example}")
set(said "${CMAKE_MATCH_1}")
if(NOT example OR NOT said)
  message(FATAL_ERROR "README.md: no ```cpp block ending in '// prints N' under 'Use the engines from C++'")
endif()
file(WRITE ${WORK}/readme_example.cpp "${example}")
run(${CXX} ${WORK}/readme_example.cpp -o ${WORK}/readme_example ${flags})
run(${WORK}/readme_example)
if(NOT out STREQUAL "${said}\n")
  message(FATAL_ERROR "README.md's example printed '${out}', the README says ${said}")
endif()
message(STATUS "README.md's example prints ${said}, as it says")
