// Reading input files and writing output files (perft/text/file_io.h).
#include "perft/text/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include "common/error.h"
#include "perft/text/text.h"

namespace arb {

namespace {

std::string why() { return std::strerror(errno); }

std::string folder_of(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// /dev/stdout, /dev/fd/1 and /proc/self/fd/1 name an open file of this
// process: a rename there would replace the link, not write to the file.
bool names_a_descriptor(const std::string& path) {
  return path == "/dev/stdout" || path == "/dev/stderr" || path == "/dev/stdin" ||
         path.starts_with("/dev/fd/") ||
         (path.starts_with("/proc/") && path.find("/fd/") != std::string::npos);
}

// Writes all of text to fd; false with errno set if it cannot.
bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

std::ostream* standard_output = nullptr;

// The output "-": its text on standard output, flushed (a failed write is an error now).
void write_standard_output(std::string_view text, const std::string& what) {
  if (!standard_output) throw Error("cannot write " + what + ": no standard output");
  standard_output->write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!standard_output->flush()) throw Error(stdout_error());
}

// The input "-": standard input through its /dev name (std::ifstream opens a path).
std::string input_path(const std::string& path) {
  return is_standard_stream(path) ? "/dev/stdin" : path;
}

mode_t new_file_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

void set_standard_output(std::ostream* out) { standard_output = out; }

OutputTarget output_target(const std::string& path, const std::string& what) {
  OutputTarget t;
  t.path = path;
  t.in_place = is_standard_stream(path);  // "-": standard output, written as it comes
  if (t.in_place) return t;
  // Links followed by hand: a link to a file not yet there is written there too.
  for (int links = 0; !names_a_descriptor(t.path); ++links) {
    struct stat st {};
    if (::lstat(t.path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) break;
    if (links == 40) throw Error("cannot write " + what + ": " + std::strerror(ELOOP));
    char buf[PATH_MAX];
    const ssize_t n = ::readlink(t.path.c_str(), buf, sizeof buf - 1);
    if (n < 0) throw Error("cannot write " + what + ": " + why());
    const std::string target(buf, static_cast<std::size_t>(n));
    t.path = target.starts_with('/') ? target : folder_of(t.path) + "/" + target;
  }
  t.exists = ::stat(t.path.c_str(), &t.st) == 0;
  t.in_place = names_a_descriptor(t.path) || (t.exists && !S_ISREG(t.st.st_mode));
  return t;
}

void write_output_file(const std::string& path, std::string_view text, const std::string& what) {
  write_output_file(
      path, [&](const OutputSink& sink) { sink(text); }, what);
}

void write_output_file(const std::string& path, const OutputProducer& produce,
                       const std::string& what) {
  if (is_standard_stream(path))
    return produce([&](std::string_view text) { write_standard_output(text, what); });
  const OutputTarget t = output_target(path, what);
  const auto fail = [&](int fd, const std::string& tmp) {
    const std::string reason = why();
    if (fd >= 0) ::close(fd);
    if (!tmp.empty()) ::unlink(tmp.c_str());
    throw Error("cannot write " + what + ": " + reason);
  };
  if (t.exists && S_ISDIR(t.st.st_mode)) throw Error("cannot write " + what + ": a directory");
  if (t.in_place) {
    // Appended, as a shell's >> would: stdout may hold the command's own text.
    const int fd = ::open(t.path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) fail(-1, "");
    bool failed = false;  // fail() closed the file
    try {
      produce([&](std::string_view text) {
        if (!write_all(fd, text)) failed = true, fail(fd, "");
      });
    } catch (...) {
      if (!failed) ::close(fd);
      throw;
    }
    if (::close(fd) != 0) fail(-1, "");
    return;
  }
  // A name of its own (mkstemp), beside the target: the rename stays in one
  // file system, and no user's file of a fixed name is lost.
  const auto slash = t.path.rfind('/');
  std::string tmp = folder_of(t.path) + "/." +
                    (slash == std::string::npos ? t.path : t.path.substr(slash + 1)) + ".XXXXXX";
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) fail(-1, "");
  // The file keeps its mode and owner (a fixture rewritten by --update stays as it was).
  if (t.exists) {
    if (::fchmod(fd, t.st.st_mode & 07777) != 0) fail(fd, tmp);
    if (::fchown(fd, t.st.st_uid, t.st.st_gid) != 0) {}  // not ours to give: keep our own
  } else if (::fchmod(fd, new_file_mode()) != 0) {
    fail(fd, tmp);
  }
  // The last block of a full disk fails at fsync or close, not at write.
  bool failed = false;  // fail() closed and removed the file
  try {
    produce([&](std::string_view text) {
      if (!write_all(fd, text)) failed = true, fail(fd, tmp);
    });
  } catch (...) {  // a failed write, or the producer's own error: no half file
    if (!failed) ::close(fd), ::unlink(tmp.c_str());
    throw;
  }
  if (::fsync(fd) != 0) fail(fd, tmp);
  if (::close(fd) != 0) fail(-1, tmp);
  if (::rename(tmp.c_str(), t.path.c_str()) != 0) fail(-1, tmp);
}

void check_output_path(const std::string& path, const std::string& what) {
  if (is_standard_stream(path)) return;
  const OutputTarget t = output_target(path, what);
  if (t.exists) {
    if (S_ISDIR(t.st.st_mode)) throw Error("cannot write " + what + ": a directory");
    if (::access(t.path.c_str(), W_OK) != 0) throw Error("cannot write " + what + ": " + why());
    return;
  }
  // A new file: its folder must exist and take it (the temporary file too).
  const std::string dir = folder_of(t.path);
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw Error("cannot write " + what + ": no folder '" + dir + "'");
  if (::access(dir.c_str(), W_OK | X_OK) != 0) throw Error("cannot write " + what + ": " + why());
}

void remove_stale(const std::string& path) {
  if (is_standard_stream(path)) return;
  const OutputTarget t = output_target(path, "'" + path + "'");
  if (t.exists && !t.in_place) ::unlink(t.path.c_str());
}

LineWriter::LineWriter(const std::string& path) : path_(path) {
  if (is_standard_stream(path)) return;
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd_ < 0) throw Error("cannot write '" + path + "': " + why());
}

LineWriter::~LineWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void LineWriter::line(std::string_view text) {
  std::string whole(text);
  whole += '\n';
  if (fd_ < 0) return write_standard_output(whole, "'" + path_ + "'");
  if (!write_all(fd_, whole)) throw Error("cannot write '" + path_ + "': " + why());
}

std::string write_error(const std::string& what, const std::string& verb) {
  return "cannot " + verb + " " + what + (errno != 0 ? ": " + why() : std::string());
}

namespace {
int stdout_errno = 0;  // the errno of the DescriptorBuffer's first failed write
}  // namespace

DescriptorBuffer::DescriptorBuffer(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }

DescriptorBuffer::~DescriptorBuffer() { drain(); }

bool DescriptorBuffer::drain() {
  const std::string_view text(pbase(), static_cast<std::size_t>(pptr() - pbase()));
  setp(buffer_, buffer_ + sizeof buffer_);
  if (write_all(fd_, text)) return true;
  if (stdout_errno == 0) stdout_errno = errno;
  return false;
}

DescriptorBuffer::int_type DescriptorBuffer::overflow(int_type c) {
  if (!drain()) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  *pptr() = traits_type::to_char_type(c);
  pbump(1);
  return c;
}

std::streamsize DescriptorBuffer::xsputn(const char* s, std::streamsize n) {
  if (n > epptr() - pptr()) {
    if (!drain()) return 0;
    if (n >= epptr() - pptr()) return write_all(fd_, {s, static_cast<std::size_t>(n)}) ? n : 0;
  }
  traits_type::copy(pptr(), s, static_cast<std::size_t>(n));
  pbump(static_cast<int>(n));
  return n;
}

int DescriptorBuffer::sync() { return drain() ? 0 : -1; }

std::string stdout_error() {
  return "cannot write the output (standard output)" +
         (stdout_errno != 0 ? ": " + std::string(std::strerror(stdout_errno)) : std::string());
}

std::ifstream open_input_file(const std::string& path, const std::string& kind) {
  struct stat st {};
  if (::stat(input_path(path).c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    throw Error("'" + path + "' is a directory, not a " + kind);
  errno = 0;
  std::ifstream in(input_path(path), std::ios::binary);
  if (!in)
    throw Error("cannot read " + kind + " '" + path + "'" + (errno ? ": " + why() : std::string()));
  return in;
}

std::string read_input_file(const std::string& path, const std::string& kind) {
  std::ifstream in = open_input_file(path, kind);
  std::string text;
  char buf[1 << 16];
  errno = 0;
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxFileBytes)
      throw Error(kind + " '" + path + "' is over " + std::to_string(kMaxFileBytes >> 20) + " MiB");
  }
  if (in.bad())
    throw Error("cannot read " + kind + " '" + path + "'" + (errno ? ": " + why() : std::string()));
  return text;
}

}  // namespace arb
