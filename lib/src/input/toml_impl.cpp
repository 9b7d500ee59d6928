// toml_impl.cpp - the one compiled copy of toml++ (its TOML_IMPLEMENTATION mode, from Debian's
// headers), linked into the tools statically instead of libtomlplusplus.so (start-up time).
//
// Its parser is compiled without its internal assertions in every build, as in toml++'s own
// release builds: in a build without NDEBUG (the sanitizer build), toml++ 3.3's parse_key asserts
// on a table header "[" followed by a line end (found by the fuzzer), a case its release code
// reports as an error ("expected bare key starting character or string delimiter").
#define TOML_ASSERT(expr) static_assert(true)
#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
