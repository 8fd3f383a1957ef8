# sudokit::cadical, the CaDiCaL SAT library under the sat backend. Debian's libcadical-dev ships
# cadical.hpp and a static library but no CMake package, so it is found by hand, here, for both
# the build and an installed sudokit (sudokitConfig.cmake includes this file). Sets
# SUDOKIT_CADICAL_FOUND; set CADICAL_INCLUDE_DIR and CADICAL_LIBRARY to use another CaDiCaL.
if(TARGET sudokit::cadical)
  set(SUDOKIT_CADICAL_FOUND TRUE)
  return()
endif()
find_path(CADICAL_INCLUDE_DIR cadical.hpp)
find_library(CADICAL_LIBRARY NAMES libcadical.a cadical)
if(CADICAL_INCLUDE_DIR AND CADICAL_LIBRARY)
  set(SUDOKIT_CADICAL_FOUND TRUE)
  add_library(sudokit::cadical UNKNOWN IMPORTED)
  set_target_properties(sudokit::cadical PROPERTIES
    IMPORTED_LOCATION "${CADICAL_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${CADICAL_INCLUDE_DIR}")
else()
  set(SUDOKIT_CADICAL_FOUND FALSE)
endif()
