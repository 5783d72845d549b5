// A header found through -I (prepare-include-dirs.test); it includes its own
// detail header by a path relative to itself.
#pragma once
#include "detail/padding.h"
constexpr int TileWidth = 32;
