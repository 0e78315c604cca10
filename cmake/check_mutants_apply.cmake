# Every patch of the mutation catalogue (tests/mutants/) still applies to the
# sources: an optimisation that rewrites the code a patch touches must rewrite
# the patch too, or ./dev.sh mutants silently loses that mutant.
# cmake -DROOT=<source dir> -DGIT=<git> -P check_mutants_apply.cmake
file(GLOB patches "${ROOT}/tests/mutants/*/*.patch")
list(LENGTH patches count)
if(count EQUAL 0)
  message(FATAL_ERROR "no patches under ${ROOT}/tests/mutants")
endif()
set(stale "")
foreach(patch ${patches})
  execute_process(COMMAND ${GIT} apply --check ${patch} WORKING_DIRECTORY ${ROOT}
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 0)
    file(RELATIVE_PATH name ${ROOT} ${patch})
    list(APPEND stale ${name})
  endif()
endforeach()
if(stale)
  list(JOIN stale "\n  " lines)
  message(FATAL_ERROR "mutant patches that no longer apply (regenerate them, see tests/mutants/run.sh):\n  ${lines}")
endif()
message(STATUS "${count} mutant patches apply")
