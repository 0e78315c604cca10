# cmake -DSOURCE=<arbiter source> -DWORK=<scratch dir> -DCXX=<compiler> -P check_subdirectory.cmake
# arbiter included by another project (parent/, add_subdirectory): configure
# with no build type (parent/CMakeLists.txt checks the build type, the
# directory's options and which targets exist), then compile the parent's
# main.cpp alone (the libraries' headers and C++20 reach it through
# arbiter::arbiter) and check its command: none of arbiter's -march or
# optimisation flags, while arbiter's own libraries are portable (no -march=native).
include(${CMAKE_CURRENT_LIST_DIR}/run.cmake)

file(REMOVE_RECURSE ${WORK})
run(${CMAKE_COMMAND} -S ${SOURCE}/tests/cpp_package/parent -B ${WORK} -G Ninja
  -DCMAKE_CXX_COMPILER=${CXX} -DARBITER_SOURCE_DIR=${SOURCE})
run(${CMAKE_COMMAND} --build ${WORK} --target CMakeFiles/parent.dir/main.cpp.o)

file(READ ${WORK}/compile_commands.json commands)
string(JSON n LENGTH "${commands}")
math(EXPR last "${n} - 1")
set(parent_command "")
set(library_commands 0)
foreach(i RANGE ${last})
  string(JSON command GET "${commands}" ${i} command)
  string(JSON file GET "${commands}" ${i} file)
  if(file STREQUAL "${WORK}/main.cpp")
    set(parent_command "${command}")
  elseif(file MATCHES "/engine/emergo/emergo.cpp$")
    math(EXPR library_commands "${library_commands} + 1")
    if(command MATCHES "-march=native")
      message(FATAL_ERROR "arbiter's libraries are built for this CPU only in a parent: ${command}")
    endif()
  endif()
endforeach()
if(NOT parent_command OR library_commands EQUAL 0)
  message(FATAL_ERROR "compile_commands.json lacks the parent's main.cpp or engine/emergo/emergo.cpp")
endif()
if(parent_command MATCHES "-march|-O[0-9s]|-Wpedantic")
  message(FATAL_ERROR "arbiter's flags reached the parent's main.cpp: ${parent_command}")
endif()
if(NOT parent_command MATCHES "-std=(c|gnu)\\+\\+20")
  message(FATAL_ERROR "C++20 did not come with arbiter::arbiter: ${parent_command}")
endif()
message(STATUS "the parent's main.cpp: ${parent_command}")
