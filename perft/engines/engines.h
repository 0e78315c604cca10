// The outside-engines library's front door: the engine protocol's client and
// its transports (engine_client.h), our side of the protocol (serve.h), and
// verify's descent with its one per-root routine (verify.h: Verifier,
// verify_root, verify), used by perft verify and the Python module.
#pragma once

#include "perft/engines/engine_client.h"
#include "perft/engines/serve.h"
#include "perft/engines/verify.h"
