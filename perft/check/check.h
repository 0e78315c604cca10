// The checking library's front door: compare (an implementation against
// another, node by node), diff (two rulesets), the one first-difference type
// and its text and HTML renderers.
#pragma once

#include "perft/check/compare.h"     // compare(): engine vs reference, first difference
#include "perft/check/diff.h"        // diff(): two specs' trees, first difference
#include "perft/check/difference.h"  // Difference and describe(): its text
#include "perft/check/report.h"      // its HTML, the diff and verify reports
