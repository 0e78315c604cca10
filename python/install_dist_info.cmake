# Part of cmake --install (python/CMakeLists.txt): a dist-info beside the
# package arbiter, as pip writes one (PEP 376, 627), so that pip list shows
# the distribution and pip uninstall removes its files. Given: ARB_DIST_SITE
# (the folder that holds arbiter/, under the prefix unless absolute),
# ARB_DIST_NAME, ARB_DIST_VERSION, ARB_DIST_FILES (the file names in arbiter/).
if(IS_ABSOLUTE "${ARB_DIST_SITE}")
  set(site "$ENV{DESTDIR}${ARB_DIST_SITE}")
else()
  set(site "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/${ARB_DIST_SITE}")
endif()
string(REPLACE "-" "_" dist "${ARB_DIST_NAME}")
set(info "${dist}-${ARB_DIST_VERSION}.dist-info")
message(STATUS "Installing: ${site}/${info}")
file(MAKE_DIRECTORY "${site}/${info}")
file(WRITE "${site}/${info}/METADATA" "Metadata-Version: 2.1
Name: ${ARB_DIST_NAME}
Version: ${ARB_DIST_VERSION}
Summary: Rules verification, perft and fast move generation for Emergo, Eximo, Ecalper and Meridians
Requires-Python: >=3.9
Requires-Dist: numpy
")
file(WRITE "${site}/${info}/INSTALLER" "cmake\n")
set(record "")
foreach(name ${ARB_DIST_FILES})
  string(APPEND record "arbiter/${name},,\n")
endforeach()
string(APPEND record "${info}/METADATA,,\n${info}/INSTALLER,,\n${info}/RECORD,,\n")
file(WRITE "${site}/${info}/RECORD" "${record}")
