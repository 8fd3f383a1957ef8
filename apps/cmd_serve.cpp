// sudokit serve: the lesson page served live by a small local web server (Debian's cpp-httplib).
// GET / is the page with a form; POST /lesson searches the puzzle sent and answers with the
// lesson's JSON (lesson.h: answer_lesson_request), which the page plays back; "what if" is the
// same request with digits set. Every search runs under the server's budget; when as many
// searches run as --jobs allows, a request is refused with 503 rather than queued without end.
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli.h"
#include "sudokit/compare/lesson.h"
#include "sudokit/errors.h"
#include "sudokit/registry.h"

namespace sudokit::cli {

namespace {

struct ServeCommand {
  std::string host = "127.0.0.1";
  int port = 8765;
  unsigned jobs = 0;
  LessonBudget budget;
};

void add_serve_options(po::options_description& desc, ServeCommand& c) {
  desc.add_options()
    ("help,h", "show this help")
    ("port", po::value<int>(&c.port)->default_value(c.port), "the port (0: any free one, printed on stdout)")
    ("host", po::value<std::string>(&c.host)->default_value(c.host),
     "the address to listen on; anything but the loopback lets other machines run searches here")
    ("jobs", po::value<unsigned>(&c.jobs), "searches at once; more requests are refused with 503 (default: the cores)")
    ("max-nodes", po::value<std::uint64_t>(&c.budget.max_nodes)->default_value(c.budget.max_nodes),
     "the most nodes a request may ask of each method")
    ("max-seconds", po::value<double>(&c.budget.max_seconds)->default_value(c.budget.max_seconds),
     "wall-clock seconds each method's search may take")
    ("max-steps", po::value<std::size_t>(&c.budget.max_steps)->default_value(c.budget.max_steps),
     "the most steps recorded for each method");
}

constexpr const char* kServeUsage =
    "usage: sudokit serve [--port N] [--host ADDRESS] [--jobs N] [--max-nodes N] [--max-seconds S] [--max-steps N]\n"
    "Serves the lesson page of `sudokit teach` live on http://127.0.0.1:8765/: type or paste a puzzle,\n"
    "choose the methods, step through their searches side by side, and ask \"what if\" at any step\n"
    "(a digit forced into a cell, the search continued from there). Ctrl-C stops it.";

bool loopback(const std::string& host) { return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0; }

// Counts the searches running; a slot is taken for one request and given back when it ends.
class Slots {
 public:
  explicit Slots(unsigned size) : free_(static_cast<int>(size)) {}
  bool take() {
    if (--free_ >= 0) return true;
    ++free_;
    return false;
  }
  void give_back() { ++free_; }

 private:
  std::atomic<int> free_;
};

std::string error_json(const std::string& message) { return nlohmann::json{{"error", message}}.dump(); }

// POST /lesson: the lesson's JSON, or {"error": ...} with 400 for what the command line would
// refuse (the same words), 422 for a wrong answer, 503 when every slot is busy.
void answer_lesson(const Registry& registry, const LessonBudget& budget, Slots& slots, const httplib::Request& request,
                   httplib::Response& response) {
  if (!slots.take()) {
    response.status = 503;
    response.set_content(error_json("busy: every search slot is taken; try again in a moment"), "application/json");
    return;
  }
  struct GiveBack {
    Slots& slots;
    ~GiveBack() { slots.give_back(); }
  } give_back{slots};
  try {
    response.set_content(answer_lesson_request(registry, request.body, budget), "application/json");
    return;
  } catch (const InputError& e) {
    response.status = 400;
    response.set_content(error_json(e.what()), "application/json");
  } catch (const UsageError& e) {
    response.status = 400;
    response.set_content(error_json(e.what()), "application/json");
  } catch (const WrongAnswer& e) {
    response.status = 422;
    response.set_content(error_json(e.what()), "application/json");
  } catch (const std::exception& e) {
    response.status = 500;
    response.set_content(error_json(std::string("internal error: ") + e.what()), "application/json");
  }
}

}  // namespace

int cmd_serve(const std::vector<std::string>& args) {
  ServeCommand c;
  po::options_description desc("Options");
  add_serve_options(desc, c);
  po::positional_options_description positional;
  po::variables_map vm;
  if (!parse(args, desc, positional, vm, kServeUsage)) return kOk;
  if (c.port < 0 || c.port > 65535) throw UsageError("--port takes 0 to 65535");
  if (c.budget.max_nodes == 0 || c.budget.max_steps == 0 || !(c.budget.max_seconds > 0))
    throw UsageError("the budgets --max-nodes, --max-seconds and --max-steps must be above 0");
  if (c.jobs == 0) c.jobs = std::max(1u, std::thread::hardware_concurrency());
  const Registry registry = builtin_solvers();
  Slots slots(c.jobs);
  std::ostringstream page;
  write_live_lesson_page(page, c.budget);
  const std::string page_text = page.str();

  httplib::Server server;
  server.set_payload_max_length(1 << 20);  // a 64x64 puzzle's text is 16 KB
  server.set_read_timeout(10, 0);
  server.Get("/", [&](const httplib::Request&, httplib::Response& response) {
    response.set_content(page_text, "text/html; charset=utf-8");
  });
  server.Post("/lesson", [&](const httplib::Request& request, httplib::Response& response) {
    answer_lesson(registry, c.budget, slots, request, response);
  });
  const int port = c.port == 0 ? server.bind_to_any_port(c.host) : (server.bind_to_port(c.host, c.port) ? c.port : -1);
  if (port < 0) throw UsageError("cannot listen on " + c.host + " port " + std::to_string(c.port) + " (in use?)");
  if (!loopback(c.host))
    std::cerr << "sudokit serve: warning: listening on " << c.host
              << ": anyone who can reach this machine can run searches on it (each within the budget)\n";
  const std::string shown_host = c.host.find(':') != std::string::npos ? "[" + c.host + "]" : c.host;
  std::cout << "sudokit serve: http://" << shown_host << ":" << port << "/ (Ctrl-C stops it)" << std::endl;
  if (!server.listen_after_bind()) throw UsageError("the server stopped: cannot accept connections");
  return kOk;
}

}  // namespace sudokit::cli
