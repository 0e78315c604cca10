// The one inlining policy for the engines' hot path (measured with perft, see
// README "Speed"): perft calls play() once per node and count_moves() once per
// leaf's parent, so a call there is paid billions of times.
//
// 1. play() and count_moves() are defined in the game's header (inline), so the
//    generic perft loop (perft/count/perft.h) inlines them: no call per node.
//    legal_moves() may stay in the .cpp: it runs once per inner node and builds
//    a whole list, next to which one call is noise.
// 2. Small helpers of the hot path (a few bit operations or table look-ups) are
//    ARB_HOT_INLINE: inlined even where the optimiser's budget would refuse.
// 3. Big or recursive helpers (capture-chain searches, sight sweeps, group
//    floods) are ordinary functions, in the header's `detail` namespace or in
//    the .cpp: inlining them only bloats the caller.
// 4. Text members (parse, format, diagram, move_text, parse_move, outcome) live
//    in the .cpp.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define ARB_HOT_INLINE inline __attribute__((always_inline))
#else
#define ARB_HOT_INLINE inline
#endif
