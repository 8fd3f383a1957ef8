# `cpack -G DEB` in a build directory: sudokit_<version>_<arch>.deb with the program, the
# libraries, headers and CMake package, and the Python module (docs/packaging.md). Install it into
# /usr: configure with -DCMAKE_INSTALL_PREFIX=/usr (scripts/package.sh does).
set(CPACK_PACKAGE_NAME sudokit)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# A placeholder address (example.org is reserved for that): give the real one before publishing.
set(CPACK_PACKAGE_CONTACT "sudokit maintainers <sudokit@example.org>")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # sudokit_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
# The extended description under the synopsis (CPACK_PACKAGE_DESCRIPTION_SUMMARY): CPack indents
# each line and turns an empty one into Debian's " ." paragraph break; lines within 80 columns.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "sudokit solves Sudoku (4x4 to 64x64, with variant rules) and exact-cover
problems by several methods behind one interface: textbook backtracking,
constraint propagation, dancing links and SAT (CryptoMiniSat, CaDiCaL, a
textbook DPLL, or any DIMACS solver). Every answer is checked by an
independent verifier before it is shown; the backends are run side by side,
cross-checked and measured (nodes, propagations, mems, conflicts, time).

The package holds the sudokit and sudokit-xcgen programs, the static
libraries, headers and CMake package for C++ programs, and the Python module.")
# Programs and the module without their symbol tables, as Debian ships them.
set(CPACK_STRIP_FILES ON)
# The shared libraries the program and the module link (CryptoMiniSat, Boost.Program_options,
# mimalloc, the C++ runtime), computed by dpkg-shlibdeps. CaDiCaL is linked statically: Debian
# ships no shared libcadical.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The CMake package needs the dependencies' headers and CMake files (Boost's: dynamic_bitset in
# sudokit/encoders/model.h), the module Debian's python3.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libcryptominisat5-dev, libcadical-dev, libboost-dev")
if(TARGET sudokit_python)
  string(APPEND CPACK_DEBIAN_PACKAGE_RECOMMENDS ", ${SUDOKIT_PYTHON_DEB_RELATION}")
endif()
# What Debian's policy asks of every package: the copyright file (machine-readable: sudokit's
# and the statically linked CaDiCaL's notices) and a changelog, under /usr/share/doc/sudokit.
if(CMAKE_INSTALL_PREFIX STREQUAL "/usr")
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/debian/copyright DESTINATION share/doc/sudokit COMPONENT programs)
  string(TIMESTAMP sudokit_changelog_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
  # A native package (no Debian revision in its version): its changelog is changelog.gz.
  file(WRITE ${PROJECT_BINARY_DIR}/changelog
       "sudokit (${PROJECT_VERSION}) unstable; urgency=medium\n\n"
       "  * Built from the sudokit source tree (scripts/package.sh).\n\n"
       " -- ${CPACK_PACKAGE_CONTACT}  ${sudokit_changelog_date}\n")
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/changelog.gz
                     COMMAND gzip -9nf -k ${PROJECT_BINARY_DIR}/changelog
                     DEPENDS ${PROJECT_BINARY_DIR}/changelog)
  add_custom_target(sudokit_deb_changelog ALL DEPENDS ${PROJECT_BINARY_DIR}/changelog.gz)
  install(FILES ${PROJECT_BINARY_DIR}/changelog.gz DESTINATION share/doc/sudokit COMPONENT programs)
endif()
include(CPack)
