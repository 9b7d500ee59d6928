# Warnings target shared by every target of the project, and the sanitizer switch.
add_library(gunpowder_warnings INTERFACE)
target_compile_options(gunpowder_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion -Wnon-virtual-dtor
  -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wdouble-promotion
  -Wformat=2 -Wimplicit-fallthrough)
# GCC 12 reports members of std::variant (json::Value) as maybe uninitialised depending on its
# inlining decisions: a known false positive that comes and goes as code moves between files. Real
# uninitialised reads are caught by valgrind over the golden cases (make test-valgrind, in CI).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(gunpowder_warnings INTERFACE -Wno-maybe-uninitialized)
endif()
if(GUNPOWDER_WERROR)
  target_compile_options(gunpowder_warnings INTERFACE -Werror)
endif()
if(GUNPOWDER_SANITIZE)
  target_compile_options(gunpowder_warnings INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer
                         -fno-sanitize-recover=all)
  target_link_options(gunpowder_warnings INTERFACE -fsanitize=address,undefined)
endif()
if(GUNPOWDER_FUZZ)
  # Every object is instrumented for coverage; only the harnesses link the fuzzer's main.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
