// propagate's vector vocabulary: the few operations its search needs on 32 lanes of 16-bit
// candidate masks, one header per instruction set, each with the same names. This header picks
// the widest the build targets as `lanes::native`, so that the search has no intrinsics and no
// #if. What each provides:
//
//   kPeerStrip   whether to strip a placed digit from the peers through lanes (else peer lists)
//   kAllUnits    whether to look for hidden singles in every unit at once while the givens are
//                propagated (else in the units that changed)
//   kAllUnitsInSearch
//                and after each guess too
//   Strip32      32 lanes lose a digit where a peer mask says so; which had it, which are left
//                with at most one candidate, which with none
//   copy_blocks  a search level's copy, in the 32-byte blocks the strip loads
//   UnitScan     up to 32 units at once, one per lane: digits with no place, hidden singles
//
// scalar.h is the reference the others must equal (tests/test_propagate_lanes.cpp).
#pragma once

#if defined(__AVX512BW__)
#include "avx512.h"
namespace sudokit::lanes {
namespace native = avx512;
}
#elif defined(__AVX2__)
#include "avx2.h"
namespace sudokit::lanes {
namespace native = avx2;
}
#else
#include "scalar.h"
namespace sudokit::lanes {
namespace native = scalar;
}
#endif
