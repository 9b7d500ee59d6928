// cli.cpp - shared command-line driver: parsing, rendering, atomic output, exit codes.
#include "common/cli.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <ostream>
#include <streambuf>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gunpowder::cli {

const char* const kVersion = GUNPOWDER_VERSION;

void add_common_options(CLI::App& app, CommonOptions& common, const ToolInfo& info) {
  app.add_option("inputs", common.inputs, "TOML input files; - reads standard input")->type_name("FILE");
  app.add_option("-f,--format", common.format, "output format: text, markdown, csv or json (default text)")
      ->check(CLI::IsMember({"text", "markdown", "md", "csv", "json"}))
      ->type_name("FORMAT");
  app.add_option("-o,--output", common.output, "write to FILE (atomically) instead of standard output")
      ->type_name("FILE");
  app.add_flag("--explain", common.explain, "show the derivation of every figure, step by step");
  app.add_flag("--chart", common.chart, "show the distributions as text bar charts");
  app.add_option("--svg", common.svg, "write the distributions as an SVG bar chart to FILE")->type_name("FILE");
  app.set_version_flag("--version", info.name + " " + kVersion + " (gunpowder suite)");
  app.footer(info.examples + "\nExit status: 0 success, 64 usage error, 65 bad input data, 66 input not found,\n"
                             "70 internal error, 71 out of memory, 73 output cannot be created, 74 write error.");
}

Diagnostics usage_error(const std::string& option, const std::string& message) {
  Diagnostics d;
  d.error(SourcePos{}, option.empty() ? message : option + ": " + message, {}, ExitCode::usage);
  return d;
}

Diagnostics place_on_flags(const Diagnostics& in, const std::function<std::string(const std::string&)>& flag_of) {
  Diagnostics out;
  for (auto item : in.items()) {
    if (!item.field.empty()) {
      std::string flag = flag_of ? flag_of(item.field) : std::string{};
      if (flag.empty()) {
        flag = "--" + item.field;
        std::replace(flag.begin(), flag.end(), '_', '-');
      }
      item.pos = SourcePos{};
      item.message = flag + ": " + item.message;
      item.code = ExitCode::usage;
      item.field.clear();
    }
    out.add(std::move(item));
  }
  return out;
}

Expected<bool> write_file_atomically(const std::string& path, const std::string& text) {
  const auto slash = path.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
  std::string tmpl = dir + "/." + (slash == std::string::npos ? path : path.substr(slash + 1)) + ".tmp.XXXXXX";
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) {
    const int e = errno;
    return Expected<bool>::failure(std::string("cannot create output file: ") + std::strerror(e), {path},
                                   ExitCode::cant_create);
  }
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int e = errno;
      ::close(fd);
      ::unlink(name.data());
      return Expected<bool>::failure(std::string("cannot write output file: ") + std::strerror(e), {path},
                                     ExitCode::io_error);
    }
    done += static_cast<size_t>(n);
  }
  ::fchmod(fd, 0644);
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const int e = errno;
    ::unlink(name.data());
    return Expected<bool>::failure(std::string("cannot write output file: ") + std::strerror(e), {path},
                                   ExitCode::io_error);
  }
  if (::rename(name.data(), path.c_str()) != 0) {
    const int e = errno;
    ::unlink(name.data());
    return Expected<bool>::failure(std::string("cannot create output file: ") + std::strerror(e), {path},
                                   ExitCode::cant_create);
  }
  return true;
}

namespace {
// An output stream over a file descriptor, which keeps the errno of a failed write.
class FdBuf : public std::streambuf {
 public:
  explicit FdBuf(int fd) : fd_(fd) { setp(buf_.data(), buf_.data() + buf_.size()); }
  [[nodiscard]] int error() const { return error_; }

 protected:
  int overflow(int c) override {
    if (!drain()) return traits_type::eof();
    if (c != traits_type::eof()) {
      *pptr() = static_cast<char>(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* p = pbase();
    while (p < pptr() && error_ == 0) {
      const ssize_t n = ::write(fd_, p, static_cast<size_t>(pptr() - p));
      if (n < 0 && errno != EINTR) error_ = errno;
      if (n > 0) p += n;
    }
    setp(buf_.data(), buf_.data() + buf_.size());
    return error_ == 0;
  }
  int fd_;
  int error_ = 0;
  std::array<char, size_t{1} << 16> buf_{};
};
}  // namespace

Expected<bool> write_file_atomically(const std::string& path, const std::function<Diagnostics(std::ostream&)>& write) {
  const auto slash = path.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
  std::string tmpl = dir + "/." + (slash == std::string::npos ? path : path.substr(slash + 1)) + ".tmp.XXXXXX";
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) {
    const int e = errno;
    return Expected<bool>::failure(std::string("cannot create output file: ") + std::strerror(e), {path},
                                   ExitCode::cant_create);
  }
  FdBuf buf(fd);
  std::ostream os(&buf);
  Diagnostics stopped;
  try {
    stopped = write(os);
  } catch (...) {
    ::close(fd);
    ::unlink(name.data());
    throw;
  }
  os.flush();
  if (!stopped.empty() || buf.error() != 0) {
    ::close(fd);
    ::unlink(name.data());
    if (!stopped.empty()) return stopped;
    return Expected<bool>::failure(std::string("cannot write output file: ") + std::strerror(buf.error()), {path},
                                   ExitCode::io_error);
  }
  ::fchmod(fd, 0644);
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const int e = errno;
    ::unlink(name.data());
    return Expected<bool>::failure(std::string("cannot write output file: ") + std::strerror(e), {path},
                                   ExitCode::io_error);
  }
  if (::rename(name.data(), path.c_str()) != 0) {
    const int e = errno;
    ::unlink(name.data());
    return Expected<bool>::failure(std::string("cannot create output file: ") + std::strerror(e), {path},
                                   ExitCode::cant_create);
  }
  return true;
}

namespace {
int report_errors(const ToolInfo& info, const Diagnostics& d, std::ostream& err) {
  for (const auto& item : d.items()) err << format_diagnostic(info.name, item);
  err.flush();
  return static_cast<int>(d.code());
}
}  // namespace

int run_tool(const ToolInfo& info, int argc, const char* const* argv, std::ostream& out, std::ostream& err,
             const std::function<void(CLI::App&, CommonOptions&)>& setup,
             const std::function<Expected<report::Report>(const CommonOptions&)>& run) {
  try {
    CLI::App app(info.description, info.name);
    CommonOptions common;
    setup(app, common);
    add_common_options(app, common, info);
    try {
      app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
      out << app.help();
      return 0;
    } catch (const CLI::CallForAllHelp&) {
      out << app.help("", CLI::AppFormatMode::All);
      return 0;
    } catch (const CLI::CallForVersion& v) {
      out << v.what() << '\n';
      return 0;
    } catch (const CLI::ParseError& e) {
      std::string msg = e.what();
      if (!msg.empty()) msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
      err << info.name << ": error: " << msg << "\n" << info.name << ": run with --help for usage\n";
      return static_cast<int>(ExitCode::usage);
    }
    const auto format = report::parse_format(common.format);
    if (!format) return report_errors(info, usage_error("--format", "unknown format " + common.format), err);

    Expected<report::Report> result = run(common);
    if (!result) return report_errors(info, result.error(), err);
    if ((common.chart || !common.svg.empty()) && result->charts.empty())
      return report_errors(info, usage_error(common.chart ? "--chart" : "--svg", "this command has no distribution to chart"),
                           err);
    if (!common.svg.empty()) {
      auto w = write_file_atomically(common.svg, report::render_chart_svg(result->charts));
      if (!w) return report_errors(info, w.error(), err);
    }
    const bool to_stdout = common.output.empty() || common.output == "-";
    if (result->write) {  // a batch written as it is made
      if (!to_stdout) {
        auto w = write_file_atomically(common.output, result->write);
        return w ? 0 : report_errors(info, w.error(), err);
      }
      if (auto stopped = result->write(out); !stopped.empty()) return report_errors(info, stopped, err);
    } else if (*format == report::Format::json && to_stdout) {
      // JSON to standard output is written as it is made: a large batch is not held twice.
      report::render_json_to(out, *result, common.explain);
    } else {
      std::string text = report::render(*result, *format, common.explain);
      if (common.chart && *format == report::Format::text) text += "\n" + report::render_chart_text(result->charts);
      if (common.chart && *format == report::Format::markdown)
        text += "\n```\n" + report::render_chart_text(result->charts) + "```\n";
      if (!to_stdout) {
        auto w = write_file_atomically(common.output, text);
        if (!w) return report_errors(info, w.error(), err);
        return 0;
      }
      out << text;
    }
    out.flush();
    if (!out) {
      err << info.name << ": error: cannot write to standard output\n";
      return static_cast<int>(ExitCode::io_error);
    }
    return 0;
  } catch (const std::bad_alloc&) {
    err << info.name << ": error: out of memory\n";
    return static_cast<int>(ExitCode::os_error);
  } catch (const std::exception& e) {
    err << info.name << ": internal error: " << e.what() << '\n';
    return static_cast<int>(ExitCode::internal);
  } catch (...) {
    err << info.name << ": internal error\n";
    return static_cast<int>(ExitCode::internal);
  }
}

}  // namespace gunpowder::cli
