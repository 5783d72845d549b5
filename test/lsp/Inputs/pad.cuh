// 1 pads the rows of the tile in uses-header.cu; the tests edit this in an
// unsaved buffer.
#define PAD 1
