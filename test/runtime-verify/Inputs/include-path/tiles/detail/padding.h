#pragma once
constexpr int TilePadding = 1;
