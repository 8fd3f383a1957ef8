# `cmake --install`: headers under include/sudokit/, the static libraries, the programs, and the
# CMake package sudokit (sudokitConfig.cmake) exporting the sudokit:: targets. Also the .deb
# (cpack -G DEB): docs/packaging.md.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SUDOKIT_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/sudokit CACHE STRING
    "Where sudokitConfig.cmake is installed, relative to the prefix")

get_property(sudokit_backends GLOBAL PROPERTY SUDOKIT_BACKENDS)
install(TARGETS sudokit_core sudokit_encoders sudokit_process ${sudokit_backends} sudokit_solvers sudokit_compare sudokit_sudokit
        EXPORT sudokitTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        FILE_SET HEADERS DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT sudokitTargets NAMESPACE sudokit:: DESTINATION ${SUDOKIT_INSTALL_CMAKEDIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/sudokitConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/sudokitConfig.cmake
                              INSTALL_DESTINATION ${SUDOKIT_INSTALL_CMAKEDIR})
# 0.x: a new minor version may change the interface.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/sudokitConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/sudokitConfig.cmake ${PROJECT_BINARY_DIR}/sudokitConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/sudokitCaDiCaL.cmake
        DESTINATION ${SUDOKIT_INSTALL_CMAKEDIR})

if(SUDOKIT_BUILD_APPS)
  # Their own component too: scripts/run.sh installs only the programs into ~/.local.
  install(TARGETS sudokit sudokit-xcgen RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT programs)
endif()
