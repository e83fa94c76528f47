# libFuzzer targets (clang only; the debug-asan preset turns them on). The
# engine library gets the coverage instrumentation too, since that is where the parsers live; the
# sanitizer runtime supplies the hooks for the other programs that link it.
if(EMSCRIPTEN OR NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "QIPAN_FUZZ needs clang with libFuzzer (libclang-rt-14-dev): "
                      "use the debug-asan preset")
endif()
target_compile_options(qipan_engine PRIVATE -fsanitize=fuzzer-no-link)

# Each game's fuzz targets live beside its tests: tests/<game>/fuzz/<name>_fuzz.cpp
# becomes fuzz_<name>, and the files in tests/<game>/fuzz/<name>_seeds/ are
# its seed corpus (a few valid and a few broken inputs are enough for
# libFuzzer to find its way into the parsers). The seeds are copied into the
# build tree at configure time, beside the corpus scripts/test lets grow.
set(QIPAN_FUZZ_DIR ${CMAKE_BINARY_DIR}/fuzz)
file(GLOB QIPAN_FUZZ_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/*/fuzz/*_fuzz.cpp)
foreach(source IN LISTS QIPAN_FUZZ_SOURCES)
  get_filename_component(stem ${source} NAME_WE)
  get_filename_component(source_dir ${source} DIRECTORY)
  string(REGEX REPLACE "_fuzz$" "" name ${stem})
  set(target fuzz_${name})
  if(TARGET ${target})
    message(FATAL_ERROR "two fuzz targets are named ${name}: ${source}")
  endif()
  add_executable(${target} ${source})
  target_compile_options(${target} PRIVATE -fsanitize=fuzzer)
  target_link_options(${target} PRIVATE -fsanitize=fuzzer)
  target_link_libraries(${target} PRIVATE qipan_engine)

  set(seed_dir ${QIPAN_FUZZ_DIR}/${name}/seeds)
  file(REMOVE_RECURSE ${seed_dir})
  file(MAKE_DIRECTORY ${seed_dir} ${QIPAN_FUZZ_DIR}/${name}/corpus)
  file(GLOB seeds LIST_DIRECTORIES false CONFIGURE_DEPENDS ${source_dir}/${name}_seeds/*)
  if(NOT seeds)
    message(FATAL_ERROR "${source} has no seeds: add inputs to ${source_dir}/${name}_seeds/")
  endif()
  file(COPY ${seeds} DESTINATION ${seed_dir})
  # ctest only replays the seeds (a smoke test); scripts/test fuzzes for a
  # bounded time with -max_total_time.
  add_test(NAME ${target}_seeds COMMAND ${target} -runs=0 ${seed_dir})
endforeach()
