# Emscripten settings for wasm targets. Optimisation comes from the build type
# (Release = -O3, which CMake also passes to the link step, where Emscripten
# runs wasm-opt). em++ needs Debian's node modules (acorn) when the machine's
# node is not Debian's, so scripts/build exports NODE_PATH=/usr/share/nodejs.

# A program run under Node (`node --no-experimental-fetch prog.js args...`):
# CommonJS output, command-line arguments and stdin/stdout from Node.
function(qipan_node_program target)
  target_link_options(${target} PRIVATE -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1)
endfunction()

# The page's engine: Embind bindings in one self-contained script (wasm
# inlined with SINGLE_FILE, so the page also works from file://), a factory
# `QipanEngine()` usable in the page, its worker and Node (PLATFORM.md); a
# second argument names another factory.
function(qipan_web_engine target)
  set(factory QipanEngine)
  if(ARGC GREATER 1)
    set(factory ${ARGV1})
  endif()
  target_link_options(${target} PRIVATE
    -lembind -sMODULARIZE=1 -sEXPORT_NAME=${factory} -sSINGLE_FILE=1
    -sENVIRONMENT=web,worker,node -sALLOW_MEMORY_GROWTH=1)
endfunction()

# Sources off every search path (records, notation, game histories, the
# bindings) compiled for size in the wasm build: about half the code, and the
# page carries all of it (docs/platform.md, "The page's engine"). Searches,
# move generation and evaluation keep -O3.
function(qipan_wasm_size_optimised)
  set(cold)
  foreach(pattern IN LISTS ARGN)
    file(GLOB matched CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${pattern})
    list(APPEND cold ${matched})
  endforeach()
  set_source_files_properties(${cold} DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} PROPERTIES COMPILE_OPTIONS -Os)
endfunction()
