// toml_impl.cpp - the one compiled copy of toml++ (its TOML_IMPLEMENTATION mode, from Debian's
// headers), linked into the tools statically instead of libtomlplusplus.so (issue 15: start-up).
#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
