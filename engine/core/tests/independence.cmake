# The engine and the reference share no code (README, DESIGN.md): no file under
# reference/ includes anything from engine/, and no file under engine/ includes
# anything from reference/. Run by CTest: cmake -DROOT=<source dir> -P independence.cmake
if(NOT ROOT)
  message(FATAL_ERROR "independence.cmake: pass -DROOT=<source dir>")
endif()

set(violations "")
# check(<dir> <forbidden top-level folder>)
function(check dir forbidden)
  file(GLOB_RECURSE files LIST_DIRECTORIES false
       "${ROOT}/${dir}/*.h" "${ROOT}/${dir}/*.hpp" "${ROOT}/${dir}/*.cpp" "${ROOT}/${dir}/*.cc"
       "${ROOT}/${dir}/*.inc")
  foreach(file ${files})
    file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line ${lines})
      # "engine/...", <engine/...>, "../../engine/...": any path naming the folder.
      if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]*)[>\"]")
        set(path "${CMAKE_MATCH_1}")
        if(path MATCHES "^${forbidden}/" OR path MATCHES "/${forbidden}/")
          file(RELATIVE_PATH rel "${ROOT}" "${file}")
          list(APPEND violations "${rel}: ${line}")
        endif()
      endif()
    endforeach()
  endforeach()
  set(violations "${violations}" PARENT_SCOPE)
endfunction()

check(reference engine)
check(engine reference)

if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "engine and reference must not include each other:\n  ${text}")
endif()
message(STATUS "engine/ and reference/ include nothing from each other")
