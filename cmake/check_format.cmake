# CTest `clang_format`: every C++ file of the project follows .clang-format.
# cmake -DROOT=<source dir> -DCLANG_FORMAT=<program> -P check_format.cmake
cmake_policy(VERSION 3.25)
file(GLOB_RECURSE files
  ${ROOT}/common/*.cpp ${ROOT}/common/*.h ${ROOT}/engine/*.cpp ${ROOT}/engine/*.h
  ${ROOT}/reference/*.cpp ${ROOT}/reference/*.h ${ROOT}/perft/*.cpp ${ROOT}/perft/*.h
  ${ROOT}/properties/*.cpp ${ROOT}/properties/*.h ${ROOT}/benchmarks/*.cpp ${ROOT}/benchmarks/*.h
  ${ROOT}/tests/*.cpp ${ROOT}/tests/*.h ${ROOT}/fuzz/*.cpp ${ROOT}/fuzz/*.h
  ${ROOT}/python/*.cpp ${ROOT}/python/*.h)
list(LENGTH files n)
if(n EQUAL 0)
  message(FATAL_ERROR "no C++ file found under ${ROOT}")
endif()
execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror --style=file ${files}
  RESULT_VARIABLE rc ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${out}\nnot formatted: run clang-format -i on the files named above")
endif()
message(STATUS "${n} files follow .clang-format")
