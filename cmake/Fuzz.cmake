# libFuzzer targets (clang only; the debug-asan preset turns them on). Every
# tests/fuzz/<name>_fuzz.cpp becomes fuzz_<name>. The engine library gets the
# coverage instrumentation too, since that is where the parsers live; the
# sanitizer runtime supplies the hooks for the other programs that link it.
if(EMSCRIPTEN OR NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "QIPAN_FUZZ needs clang with libFuzzer (libclang-rt-14-dev): "
                      "use the debug-asan preset")
endif()
target_compile_options(qipan_engine PRIVATE -fsanitize=fuzzer-no-link)

# Seed corpora are written into the build tree at configure time: a few
# valid inputs are enough for libFuzzer to find its way into the parsers.
set(QIPAN_FUZZ_DIR ${CMAKE_BINARY_DIR}/fuzz)
set(QIPAN_FEN_SEEDS
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
  "r1bakabr1/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKABR1 r - - 4 3"
  "3akab2/9/4b4/2P6/2P1R4/4R4/9/9/9/3K5 w - - 0 1"
  "4k4/9/9/9/9/9/9/9/9/4K4 w"
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1"
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1")
# Notation inputs: the first byte picks the position (see notation_fuzz.cpp).
set(QIPAN_NOTATION_SEEDS
  "0h2e2" "0h2-e2" "0b0c2" "0c3c4" "1h7e7" "1b9c7" "2e4e8" "2c5c6" "0C2.5"
  "0H8+7" "1C8.5" "2+R.5" "3P+.4" "3P-+1" "437+1" "4++.4" "0炮二平五" "1马8进7" "2前车平四"
  "3前卒平4" "4前兵进一" "0zz" "0a0a0"
  "0[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n1. h2e2 {a comment} h9g7 (1... b9c7 2. h0g2) 2. H2-G2 1-0"
  "01. 炮二平五 马８进７ 2. 马二进三 车９平８ 1/2-1/2")

set(QIPAN_REVERSI_SEEDS
  "---------------------------OX------XO--------------------------- X"
  "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
  "f5d6c3d3c4f4f6f3e6e7" "F5F6E6F4E3C5C4E7" "f5d6zz" "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX O"
  "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X\na2")

# Position strings, moves and records (the first line of a record may be a
# position string).
set(QIPAN_CHECKERS_SEEDS
  "2222222222.....................................................................................................1111111111 1 2"
  "..........222.......3332.........33......................................................323232.......23232....1111111111 1 3"
  "4...44444.333...54.545.333...4.55.53335.....5..3......65........5.2....6...22..12..6.12...211.6666.2222.41...6.116..161.1 1 6"
  "111-102" "111:102" "102:79:60" "pass" "1. 111-102 9-18\n2. 102-111 18-9"
  "2222222222.....................................................................................................1111111111 1 2\n1. 111-102 9-18"
  "111111.1122222.1.......222.........22...................................................................................1 1 2\n15-6")

file(GLOB QIPAN_FUZZ_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/fuzz/*_fuzz.cpp)
foreach(source IN LISTS QIPAN_FUZZ_SOURCES)
  get_filename_component(stem ${source} NAME_WE)
  string(REGEX REPLACE "_fuzz$" "" name ${stem})
  set(target fuzz_${name})
  add_executable(${target} ${source})
  target_compile_options(${target} PRIVATE -fsanitize=fuzzer)
  target_link_options(${target} PRIVATE -fsanitize=fuzzer)
  target_link_libraries(${target} PRIVATE qipan_engine)

  set(seed_dir ${QIPAN_FUZZ_DIR}/${name}/seeds)
  file(REMOVE_RECURSE ${seed_dir})
  file(MAKE_DIRECTORY ${seed_dir} ${QIPAN_FUZZ_DIR}/${name}/corpus)
  string(TOUPPER ${name} upper)
  set(i 0)
  foreach(seed IN LISTS QIPAN_${upper}_SEEDS)
    file(WRITE ${seed_dir}/seed${i} "${seed}")
    math(EXPR i "${i} + 1")
  endforeach()
  # ctest only replays the seeds (a smoke test); scripts/test fuzzes for a
  # bounded time with -max_total_time.
  add_test(NAME ${target}_seeds COMMAND ${target} -runs=0 ${seed_dir})
endforeach()
