#include "perft/text/ci_output.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "perft/text/text.h"

namespace arb {
namespace {

// The length of the valid UTF-8 sequence at text[i] that XML 1.0 allows
// (no surrogates, overlong forms, U+FFFE or U+FFFF), or 0.
std::size_t utf8_length(const std::string& text, std::size_t i) {
  const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char c = at(0);
  const std::size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
  if (c > 0xf4 || n == 0 || i + n > text.size()) return 0;
  std::uint32_t cp = c & (0x7f >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((at(k) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (at(k) & 0x3f);
  }
  const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe ||
      cp == 0xffff)
    return 0;
  return n;
}

// XML text and attribute values: the five entities, and control characters
// (not allowed in XML 1.0) and bytes that are not UTF-8 (an engine's text)
// shown escaped as the messages show them: the file stays XML.
std::string xml(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x80) {
      const std::size_t n = utf8_length(text, i);
      if (n == 0) {
        out += escaped(std::string(1, ch));
      } else {
        out += text.substr(i, n);
        i += n - 1;
      }
      continue;
    }
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\n':
        out += "&#10;";
        break;
      case '\t':
        out += "&#9;";
        break;
      default:
        if (c < 0x20 || c == 0x7f)
          out += escaped(std::string(1, ch));
        else
          out += ch;
    }
  }
  return out;
}

// The body of an element: newlines kept as they are.
std::string xml_body(const std::string& text) {
  std::string out;
  std::size_t from = 0;
  while (from <= text.size()) {
    auto nl = text.find('\n', from);
    if (nl == std::string::npos) nl = text.size();
    out += xml(text.substr(from, nl - from));
    if (nl < text.size()) out += '\n';
    from = nl + 1;
  }
  return out;
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s < 0 ? 0.0 : s);
  return buf;
}

// GitHub's workflow commands: data escapes %, CR and LF; properties also : and ,.
std::string gh_data(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else
      out += c;
  }
  return out;
}

std::string gh_property(const std::string& text) {
  std::string out;
  for (const char c : gh_data(text)) {
    if (c == ':')
      out += "%3A";
    else if (c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

// Markdown table cells: no pipes, no newlines.
std::string md(const std::string& text) {
  std::string out;
  for (const char c : escaped(text)) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

struct Tally {
  std::size_t passed = 0, failed = 0, skipped = 0, errors = 0;
};

Tally tally(const CiRun& run) {
  Tally t;
  for (const auto& c : run.cases) switch (c.status) {
      case CiCase::Status::kPass:
        ++t.passed;
        break;
      case CiCase::Status::kFail:
        ++t.failed;
        break;
      case CiCase::Status::kSkip:
        ++t.skipped;
        break;
      case CiCase::Status::kError:
        ++t.errors;
        break;
    }
  return t;
}

}  // namespace

std::string iso_utc(std::chrono::system_clock::time_point t) {
  const std::time_t s = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&s, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  return buf;
}

std::string junit_xml(const CiRun& run) {
  const Tally t = tally(run);
  std::ostringstream out;
  // No `skipped` on <testsuites>: junit-10.xsd has none there (it is on <testsuite>).
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites name=\"" << xml(run.name) << "\" tests=\"" << run.cases.size()
      << "\" failures=\"" << t.failed << "\" errors=\"" << t.errors << "\" time=\""
      << seconds(run.seconds) << "\">\n"
      << "  <testsuite name=\"" << xml(run.name) << "\" tests=\"" << run.cases.size()
      << "\" failures=\"" << t.failed << "\" errors=\"" << t.errors << "\" skipped=\"" << t.skipped
      << "\" time=\"" << seconds(run.seconds) << "\" timestamp=\"" << iso_utc(run.started)
      << "\">\n";
  for (const auto& c : run.cases) {
    out << "    <testcase name=\"" << xml(c.name) << "\" classname=\"" << xml(c.classname)
        << "\" time=\"" << seconds(c.seconds) << "\"";
    if (run.file_attributes && !c.file.empty()) out << " file=\"" << xml(c.file) << "\"";
    if (run.file_attributes && c.line > 0) out << " line=\"" << c.line << "\"";
    if (c.status == CiCase::Status::kPass) {
      out << "/>\n";
      continue;
    }
    out << ">\n";
    // Without the attributes the place is the body's first line, where a
    // reader of Jenkins' report finds it.
    std::string body = c.body.empty() ? c.message : c.body;
    if (!run.file_attributes && !c.file.empty())
      body = c.file + (c.line > 0 ? ":" + std::to_string(c.line) : "") + "\n" + body;
    switch (c.status) {
      case CiCase::Status::kFail:
        out << "      <failure message=\"" << xml(c.message) << "\" type=\"difference\">"
            << xml_body(body) << "</failure>\n";
        break;
      case CiCase::Status::kError:
        out << "      <error message=\"" << xml(c.message) << "\" type=\"error\">" << xml_body(body)
            << "</error>\n";
        break;
      default:
        out << "      <skipped message=\"" << xml(c.message) << "\"/>\n";
    }
    out << "    </testcase>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
  return out.str();
}

void write_junit(const CiRun& run, const std::string& path) {
  write_output_file(path, junit_xml(run), "the JUnit file '" + path + "'");
}

namespace {

CiRun with_error(CiRun run, const std::string& message) {
  CiCase c;
  c.classname = run.name;
  c.name = "run";
  c.status = CiCase::Status::kError;
  c.message = one_line(message);
  run.cases.push_back(std::move(c));
  return run;
}

}  // namespace

JunitFile::JunitFile(std::string path, std::string run_name, bool file_attributes)
    : path_(std::move(path)) {
  run_.name = std::move(run_name);
  run_.file_attributes = file_attributes;
  if (path_.empty()) return;
  in_place_ = output_target(path_, "the JUnit file '" + path_ + "'").in_place;
  if (in_place_) return;
  write_junit(with_error(run_,
                         "the run did not end: stopped (Ctrl-C, SIGTERM, a kill or a "
                         "time limit) before it wrote its results"),
              path_);
}

void JunitFile::write(const CiRun& run) {
  if (path_.empty()) return;
  CiRun r = run;
  r.started = run_.started;
  r.file_attributes = run_.file_attributes;
  write_junit(r, path_);
  run_ = std::move(r);
  written_ = true;
}

void JunitFile::error(const std::string& message) noexcept {
  // In place, after the results: a second document would follow them.
  if (path_.empty() || (in_place_ && written_)) return;
  try {
    write_junit(with_error(run_, message), path_);
  } catch (...) {}  // the error itself is reported on stderr
}

std::string github_annotations(const CiRun& run) {
  std::string out;
  for (const auto& c : run.cases) {
    if (c.status != CiCase::Status::kFail && c.status != CiCase::Status::kError) continue;
    out += "::error ";
    if (!c.file.empty()) {
      out += "file=" + gh_property(c.file) + ",";
      if (c.line > 0) out += "line=" + std::to_string(c.line) + ",";
    }
    out += "title=" + gh_property(c.classname + " " + c.name) +
           "::" + gh_data(c.message + (c.body.empty() ? "" : "\n" + c.body)) + "\n";
  }
  return out;
}

std::string github_summary(const CiRun& run) {
  const Tally t = tally(run);
  std::ostringstream out;
  out << "### " << md(run.name) << ": " << (t.failed + t.errors == 0 ? "passed" : "FAILED")
      << "\n\n"
      << t.passed << " passed, " << t.failed << " failed, " << t.errors << " errors, " << t.skipped
      << " skipped in " << seconds(run.seconds) << " s\n";
  if (t.failed + t.errors > 0) {
    out << "\n| test | where | what |\n|---|---|---|\n";
    for (const auto& c : run.cases)
      if (c.status == CiCase::Status::kFail || c.status == CiCase::Status::kError)
        out << "| " << md(c.classname + " " + c.name) << " | "
            << md(c.file.empty() ? "" : c.file + (c.line ? ":" + std::to_string(c.line) : ""))
            << " | " << md(c.message) << " |\n";
  }
  return out.str() + "\n";
}

void write_github(const CiRun& run, std::ostream& out) {
  out << github_annotations(run) << std::flush;
  const char* summary = std::getenv("GITHUB_STEP_SUMMARY");
  if (summary == nullptr || *summary == '\0') return;
  std::ofstream file(summary, std::ios::app);
  file << github_summary(run);
  if (!file.flush())
    throw Error(write_error(std::string("'") + summary + "' ($GITHUB_STEP_SUMMARY)", "append to"));
}

}  // namespace arb
