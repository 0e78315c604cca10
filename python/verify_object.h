// arbiter.verify: perft verify's descent (perft/engines/verify.h,
// Verifier) against a Python object with the adapter's six methods, in
// process. ObjectClient answers EngineClient's requests by walking the object
// as adapters/python/arbiter_adapter.py does; the report text is perft
// verify's (perft/cli/verify.cpp, write_text and the summary line; a test
// holds the two equal).
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "common/count.h"
#include "common/error.h"
#include "common/impl.h"
#include "perft/engines/engines.h"
#include "perft/text/numbers.h"
#include "perft/text/text.h"

namespace arb::python {

namespace py = pybind11;

struct VerifyReport {
  bool ok = true;
  std::string text;   // as perft verify prints it
  py::list findings;  // the keys of perft verify --json
  Count nodes = 0;
  std::uint64_t requests = 0;
};

// The engine protocol's requests, answered by a Python object. An exception
// of the object's own propagates to the caller unchanged (its traceback
// points into the engine); a reply that is not what the adapter would accept
// is an arb::Error (ValueError).
class ObjectClient {
 public:
  explicit ObjectClient(py::object engine) : engine_(std::move(engine)) {
    has_perft_ = py::hasattr(engine_, "perft");
    has_count_ = py::hasattr(engine_, "count_moves");
    has_text_ = py::hasattr(engine_, "format");
    command_ =
        "python object " + py::str(py::type::of(engine_).attr("__name__")).cast<std::string>();
  }

  void game(const std::string& spec, const std::string&) {
    ++requests_;
    engine_.attr("new_game")(spec);
    pos_ = engine_.attr("start")();
  }
  void position(const std::string& root, const std::vector<std::string>& moves) {
    ++requests_;
    py::object pos = root == "start" ? engine_.attr("start")() : engine_.attr("parse")(root);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto legal = legal_moves(pos);
      if (std::find(legal.begin(), legal.end(), moves[i]) == legal.end())
        throw Error("the engine (" + command_ + ") does not list move " + std::to_string(i + 1) +
                    " '" + moves[i] + "' among its legal moves");
      pos = engine_.attr("play")(pos, moves[i]);
    }
    pos_ = pos;
  }
  // The bound guards a pipe's replies; an object in the same process has none.
  EngineClient::Divide divide(int depth, ReplyBound = {}) {
    ++requests_;
    EngineClient::Divide d;
    for (const auto& m : legal_moves(pos_)) {
      const Count n = count(engine_.attr("play")(pos_, m), depth - 1);
      d.entries.push_back({m, n});
      d.total = checked_add(d.total, n);
    }
    return d;
  }
  Count perft(int depth, ReplyBound = {}) {
    ++requests_;
    return count(pos_, depth);
  }
  std::optional<std::string> text() {
    if (!has_text_) return std::nullopt;
    ++requests_;
    const py::object t = engine_.attr("format")(pos_);
    if (t.is_none()) {  // the adapter's `err unsupported`
      has_text_ = false;
      return std::nullopt;
    }
    return py::str(t).cast<std::string>();
  }
  bool has_text() const { return has_text_; }
  std::uint64_t requests() const { return requests_; }
  const std::string& command() const { return command_; }

 private:
  std::vector<std::string> legal_moves(const py::object& pos) {
    std::vector<std::string> out;
    for (const auto& m : engine_.attr("legal_moves")(pos)) {
      if (!py::isinstance<py::str>(m))
        throw Error("the engine's legal_moves gave " + py::repr(m).cast<std::string>() +
                    ", not a move text");
      out.push_back(m.cast<std::string>());
    }
    return out;
  }

  // The adapter's answer to `perft d`: the object's own perft where it has
  // one (MoveGenerator.perft), otherwise the walk, the last ply by
  // count_moves where it has it.
  Count count(const py::object& pos, int depth) {
    if (has_perft_) return count_of(engine_.attr("perft")(pos, depth), "perft");
    if (depth == 0) return 1;
    if (depth == 1)
      return has_count_ ? count_of(engine_.attr("count_moves")(pos), "count_moves")
                        : legal_moves(pos).size();
    Count total = 0;
    for (const auto& m : legal_moves(pos))
      total = checked_add(total, count(engine_.attr("play")(pos, m), depth - 1));
    return total;
  }
  static Count count_of(const py::object& n, const char* what) {
    const std::string text = py::str(n);
    const PlainNumber p = read_plain_number(text);
    if (!py::isinstance<py::int_>(n) || p.problem != PlainNumber::Problem::kNone)
      throw Error(std::string("the engine's ") + what + " gave '" + text + "', not a count");
    return p.value;
  }

  py::object engine_, pos_;
  bool has_perft_ = false, has_count_ = false, has_text_ = false;
  std::string command_;
  std::uint64_t requests_ = 0;
};

// perft verify from one root, with the object as the engine.
template <Game G, Game E, Game R>
VerifyReport verify_object(const G& g, const E& engine, const R& reference, Impl impl,
                           py::object object, const std::string& root,
                           const std::vector<std::string>& moves, int depth, int text_depth) {
  VerifySummary s;
  s.game = g.spec().canonical();
  s.impl = std::string(to_string(impl));
  s.depth = depth;
  ObjectClient client(std::move(object));
  s.command = client.command();
  std::ostringstream no_progress;
  ProgressLine progress(no_progress, false);
  Verifier<G, ObjectClient> verifier(g, client, progress);
  const std::string label = root == "start" && moves.empty() ? "start" : "root";
  s.seconds = seconds_of([&] {
    client.game(s.game, g.format(g.start()));
    auto [check, line] =
        verify_root(verifier, engine, reference, s, root, moves, depth, text_depth, label);
    s.checks.push_back(std::move(check));
    s.lines.push_back(std::move(line));
  });
  s.nodes = verifier.nodes();
  s.requests = client.requests();

  VerifyReport r;
  r.ok = s.findings.empty();
  r.nodes = s.nodes;
  r.requests = s.requests;
  std::size_t k = 0;
  for (const auto& line : s.lines)
    r.text += line.rfind("FAIL", 0) == 0 ? finding_text(s, s.findings[k++]) : line + "\n";
  r.text += summary_text(s) + "\n";
  // perft verify --json's findings, as Python dicts
  const py::object loads = py::module_::import("json").attr("loads");
  for (const auto& f : s.findings) r.findings.append(loads(finding_json(f).dump()));
  return r;
}

}  // namespace arb::python
