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
# `QipanEngine()` usable in the page, its worker and Node (docs/platform.md); a
# second argument names another factory.
# It is a library inside other programs (the room server loads it in Node), so
# it installs no process handlers: by default Emscripten rethrows every
# unhandled rejection and uncaught exception, which kills the host process
# whatever handlers the host has. DYNAMIC_EXECUTION=0 keeps Embind from making
# functions out of strings, which the page's Content-Security-Policy forbids
# (server/net/content_security.js).
function(qipan_web_engine target)
  set(factory QipanEngine)
  if(ARGC GREATER 1)
    set(factory ${ARGV1})
  endif()
  target_link_options(${target} PRIVATE
    -lembind -sMODULARIZE=1 -sEXPORT_NAME=${factory} -sSINGLE_FILE=1
    -sENVIRONMENT=web,worker,node -sALLOW_MEMORY_GROWTH=1
    -sNODEJS_CATCH_REJECTION=0 -sNODEJS_CATCH_EXIT=0 -sDYNAMIC_EXECUTION=0)
endfunction()

# Sources off every search path compiled for size in the wasm build: the
# folders named (every .cpp directly in them) and single files. The page
# carries all of it (docs/platform.md, "The page's engine"); searches, move
# generation and evaluation keep -O3. What is cold is decided by where a file
# lives: each game's game/ folder holds its history, endings, notation and
# records, which no search touches.
function(qipan_wasm_size_optimised)
  set(cold)
  foreach(path IN LISTS ARGN)
    set(full ${CMAKE_CURRENT_SOURCE_DIR}/${path})
    if(IS_DIRECTORY ${full})
      file(GLOB matched CONFIGURE_DEPENDS ${full}/*.cpp)
    else()
      set(matched ${full})
    endif()
    list(APPEND cold ${matched})
  endforeach()
  set_source_files_properties(${cold} DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} PROPERTIES COMPILE_OPTIONS -Os)
endfunction()
