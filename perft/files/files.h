// The files library's front door: fixture files (RULES.md I6) and their
// update from both implementations, golden playthroughs, and the work units
// of perft split / units / merge, game records (perft replay).
#pragma once

#include "perft/files/fixture.h"
#include "perft/files/fixture_update.h"
#include "perft/files/playthrough.h"
#include "perft/files/replay.h"
#include "perft/files/units.h"
