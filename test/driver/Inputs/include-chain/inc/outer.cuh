// Includes the header with the access, one level down.
#include "inner.cuh"
