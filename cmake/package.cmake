# The C++ package (README.md, "Use the engines from C++"): cmake --install puts
# the headers under include/arbiter/, the game and perft libraries under lib/,
# lib/cmake/arbiter/ (find_package(arbiter): targets arbiter::<name>) and
# lib/pkgconfig/arbiter.pc. Component `dev` (the perft tool and the Python
# module install on their own, with no component); tests/cpp_package checks it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
set(arb_include_dir ${CMAKE_INSTALL_INCLUDEDIR}/arbiter)
set(arb_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/arbiter)

# Every library a caller may link, as arbiter::<name without arb_> (installed
# and as aliases); arbiter::arbiter is all of them, every game's registry and
# counting included.
add_library(arb_package INTERFACE)
target_link_libraries(arb_package INTERFACE arb_counting arb_games arb_perft)
set(arb_package_targets arb_common arb_spec_table arb_engine_core arb_players)
foreach(game ${ARB_GAMES})
  list(APPEND arb_package_targets arb_engine_${game} arb_reference_${game})
endforeach()
list(APPEND arb_package_targets arb_perft_text arb_perft_count arb_perft_fixture arb_perft_files
  arb_perft_check arb_perft_engines arb_perft_stats arb_perft arb_games arb_counting)
foreach(target ${arb_package_targets})
  string(REGEX REPLACE "^arb_" "" name ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  add_library(arbiter::${name} ALIAS ${target})
endforeach()
set_target_properties(arb_package PROPERTIES EXPORT_NAME arbiter)
add_library(arbiter::arbiter ALIAS arb_package)
if(NOT ARB_INSTALL)
  return()
endif()

install(TARGETS ${arb_package_targets} arb_package EXPORT arbiterTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
  INCLUDES DESTINATION ${arb_include_dir})
install(EXPORT arbiterTargets NAMESPACE arbiter:: DESTINATION ${arb_cmake_dir} COMPONENT dev)

# The headers, by the paths the sources include them by ("common/game.h",
# "engine/emergo/emergo.h", "perft/count/count.h"); not the tool's (perft/cli).
set(arb_header_dirs common engine/core players)
foreach(game ${ARB_GAMES})
  list(APPEND arb_header_dirs engine/${game} reference/${game})
endforeach()
list(APPEND arb_header_dirs perft/count perft/check perft/engines perft/files perft/stats
  perft/text)
foreach(dir ${arb_header_dirs})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir}/ DESTINATION ${arb_include_dir}/${dir}
    COMPONENT dev FILES_MATCHING PATTERN "*.h" PATTERN tests EXCLUDE)
endforeach()
# "arb/games.h" (arb::Games, every game) and "arb/arb_counting.h" (the
# counting compiled once per game, in arbiter::counting), generated.
install(FILES ${PROJECT_BINARY_DIR}/generated/arb_games/install/arb/games.h
  ${PROJECT_BINARY_DIR}/generated/arb_games/install/arb/arb_counting.h
  DESTINATION ${arb_include_dir}/arb COMPONENT dev)

# 0.x: a minor version may break callers, so only the same 0.minor matches.
set(arbiter_GAMES ${ARB_GAMES})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/arbiterConfig.cmake.in
  ${PROJECT_BINARY_DIR}/package/arbiterConfig.cmake INSTALL_DESTINATION ${arb_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/arbiterConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/arbiterConfig.cmake
  ${PROJECT_BINARY_DIR}/package/arbiterConfigVersion.cmake
  DESTINATION ${arb_cmake_dir} COMPONENT dev)

# pkg-config: the static libraries in link order (users before what they use),
# paths relative to the .pc file, so that --prefix and DESTDIR need no rewrite.
set(arb_pc_libs "-larb_counting -larb_perft_engines -larb_perft_check -larb_perft_files")
string(APPEND arb_pc_libs " -larb_perft_fixture -larb_perft_count -larb_perft_stats -larb_players -larb_perft_text")
foreach(game ${ARB_GAMES})
  string(APPEND arb_pc_libs " -larb_engine_${game} -larb_reference_${game}")
endforeach()
string(APPEND arb_pc_libs " -larb_common -larb_spec_table")
file(RELATIVE_PATH arb_pc_prefix /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${PROJECT_SOURCE_DIR}/cmake/arbiter.pc.in ${PROJECT_BINARY_DIR}/package/arbiter.pc
  @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/package/arbiter.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)
