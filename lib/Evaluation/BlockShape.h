//===--- BlockShape.h - The threads of one block --------------*- C++ -*-===//
//
// A block's dimensions and the x-fastest order in which CUDA numbers its
// threads and groups them into warps.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_BLOCKSHAPE_H
#define SMEMLINT_EVALUATION_BLOCKSHAPE_H

#include <string>

namespace smemlint {

struct BlockShape {
  unsigned X = 1, Y = 1, Z = 1;

  unsigned threads() const { return X * Y * Z; }
  unsigned warps(unsigned WarpSize) const {
    return (threads() + WarpSize - 1) / WarpSize;
  }
  unsigned threadX(unsigned Linear) const { return Linear % X; }
  unsigned threadY(unsigned Linear) const { return Linear / X % Y; }
  unsigned threadZ(unsigned Linear) const { return Linear / (X * Y); }
  /// "32x8" or "32x8x2".
  std::string str() const {
    std::string S = std::to_string(X) + "x" + std::to_string(Y);
    if (Z != 1)
      S += "x" + std::to_string(Z);
    return S;
  }
  bool operator==(const BlockShape &O) const {
    return X == O.X && Y == O.Y && Z == O.Z;
  }
};

} // namespace smemlint

#endif
