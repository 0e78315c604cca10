// How the perft tool reads its input files and writes its output files
// (--out, --report, --junit, --bmf, --github-benchmark, suite --update): a
// symbolic link is followed and its target written, a regular file is
// replaced whole through a temporary file of its own folder, anything else
// (/dev/stdout, a FIFO, /proc/self/fd/1) is written in place. Every error
// says why: "cannot write 'x': No space left on device". The name "-" is
// standard output for an output and standard input for an input.
#pragma once

#include <sys/stat.h>

#include <fstream>
#include <functional>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace arb {

// "-": standard output (an output file) or standard input (an input file).
inline bool is_standard_stream(const std::string& path) { return path == "-"; }
// The stream an output named "-" is written to: the tool's standard output,
// set by run_perft_cli for the run (nullptr: none, "-" is then an error).
void set_standard_output(std::ostream* out);

// Where an output path leads, its symbolic links followed.
struct OutputTarget {
  std::string path;       // the file to write: the path given, or its links' target
  bool exists = false;    // st holds its status
  bool in_place = false;  // not a regular file, reached through /dev or /proc, or "-"
  struct stat st {};
};
// Throws "cannot write <what>: <why>" on a loop of links.
OutputTarget output_target(const std::string& path, const std::string& what);

// Writes `text` to `path` whole: a regular file through a temporary file
// (mkstemp in the target's folder, then a rename: a failed run never leaves
// half a file, the file keeps its mode), "-" to standard output, anything
// else in place. Throws
// "cannot write <what>: <strerror>" or "cannot write <what>: a directory".
void write_output_file(const std::string& path, std::string_view text, const std::string& what);
// The same for a text made piece by piece (a units file of hundreds of MB is
// never held whole): produce(sink) calls sink with each piece in order.
using OutputSink = std::function<void(std::string_view)>;
using OutputProducer = std::function<void(const OutputSink&)>;
void write_output_file(const std::string& path, const OutputProducer& produce,
                       const std::string& what);

// An output file checked before the work starts: it can be written, and is
// not created by the check. Throws "cannot write <what>: <why>".
void check_output_path(const std::string& path, const std::string& what);
// Removes an earlier run's regular file at `path` (a link's target, never the
// link), so that a run that fails leaves no stale verdict behind.
void remove_stale(const std::string& path);

// An output file written line by line, each line written through at once
// (perft units: a killed run keeps the units done; "-" flushes standard
// output after each line). Every failed write
// throws "cannot write '<path>': <strerror>".
class LineWriter {
 public:
  explicit LineWriter(const std::string& path);  // appends
  ~LineWriter();
  LineWriter(const LineWriter&) = delete;
  LineWriter& operator=(const LineWriter&) = delete;
  void line(std::string_view text);

 private:
  std::string path_;
  int fd_ = -1;  // -1: "-", standard output
};

// "cannot write <what>: <strerror(errno)>" after a stream's write failed
// (std::ostream keeps no reason; the failed write(2) left it in errno).
// `verb` "append to" says "cannot append to <what>: ...".
std::string write_error(const std::string& what, const std::string& verb = "write");

// Standard output as the tool writes it (perft/cli/main.cpp): a buffer over a
// descriptor that keeps the errno of a failed write, which std::filebuf does
// not; stdout_error() gives it.
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd);
  ~DescriptorBuffer() override;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  bool drain();
  int fd_;
  char buffer_[1 << 16];
};
// "cannot write the output (standard output)", with the reason of the
// DescriptorBuffer's failed write when there was one.
std::string stdout_error();

// An input file opened for reading, read once from the start (a pipe or
// /dev/stdin has no second reading); "-" is standard input. Throws "'<path>' is a directory, not a
// <kind>" or "cannot read <kind> '<path>': <strerror>".
std::ifstream open_input_file(const std::string& path, const std::string& kind);
// A whole input file, at most kMaxFileBytes (perft/text.h); throws as
// open_input_file, or "<kind> '<path>' is over 64 MiB".
std::string read_input_file(const std::string& path, const std::string& kind);

}  // namespace arb
