# Emscripten settings shared by every wasm target. em++ needs Debian's node
# modules (acorn) when the machine's node is not Debian's, so the scripts
# export NODE_PATH=/usr/share/nodejs before building.
add_compile_options(-O3)
add_link_options(-O3 -sALLOW_MEMORY_GROWTH=1)
