# doctest is a single header. Debian installs it in /usr/include/doctest, which
# must not be put on the Emscripten include path (it would drag in glibc
# headers), so the header's folder is mirrored into the build tree.
find_path(QIPAN_DOCTEST_DIR doctest/doctest.h
  PATHS /usr/include /usr/local/include
  NO_CMAKE_FIND_ROOT_PATH)
if(NOT QIPAN_DOCTEST_DIR)
  message(FATAL_ERROR "doctest not found: install doctest-dev (scripts/setup does)")
endif()
set(QIPAN_DOCTEST_MIRROR ${CMAKE_BINARY_DIR}/doctest-include/doctest)
file(MAKE_DIRECTORY ${QIPAN_DOCTEST_MIRROR})
file(COPY ${QIPAN_DOCTEST_DIR}/doctest/doctest.h DESTINATION ${QIPAN_DOCTEST_MIRROR})
add_library(qipan_doctest INTERFACE)
target_include_directories(qipan_doctest SYSTEM INTERFACE ${CMAKE_BINARY_DIR}/doctest-include)
