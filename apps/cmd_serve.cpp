// sudokit serve: the lesson page served live by a small local web server (Debian's cpp-httplib).
// GET / is the page with a form; POST /lesson searches the puzzle sent and answers with the
// lesson's JSON (lesson.h: answer_lesson_request), which the page plays back; "what if" is the
// same request with digits set. Every search runs under the server's budget; when as many
// searches run as --jobs allows, a request is refused with 503 rather than queued without end.
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <semaphore>
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
     "wall-clock seconds a request's searches may take, all its methods together")
    ("max-steps", po::value<std::size_t>(&c.budget.max_steps)->default_value(c.budget.max_steps),
     "the most steps a request records, shared among its methods (at most 8)");
}

constexpr const char* kServeUsage =
    "usage: sudokit serve [--port N] [--host ADDRESS] [--jobs N] [--max-nodes N] [--max-seconds S] [--max-steps N]\n"
    "Serves the lesson page of `sudokit teach` live on http://127.0.0.1:8765/: type or paste a puzzle,\n"
    "choose the methods, step through their searches side by side, and ask \"what if\" at any step\n"
    "(a digit forced into a cell, the search continued from there). Ctrl-C stops it.";

bool loopback(const std::string& host) { return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0; }

std::string error_json(const std::string& message) { return nlohmann::json{{"error", message}}.dump(); }

void refuse(httplib::Response& response, int status, const std::string& message) {
  response.status = status;
  response.set_content(error_json(message), "application/json");
}

// A request another site's page made the browser send (a form or fetch from elsewhere): its
// Origin names another host. The page itself sends its own origin, or none.
bool foreign(const httplib::Request& request) {
  const std::string origin = request.get_header_value("Origin");
  return !origin.empty() && origin != "http://" + request.get_header_value("Host");
}

// POST /lesson: the lesson's JSON, or {"error": ...}: 400 for what the command line would refuse
// (the same words), 403 for another site's request, 415 for a body not sent as JSON, 422 for a
// wrong answer, 503 when every search slot is taken.
void answer_lesson(const Registry& registry, const LessonBudget& budget, std::counting_semaphore<>& slots,
                   const httplib::Request& request, httplib::Response& response) {
  if (foreign(request)) return refuse(response, 403, "a request from another site's page");
  if (request.get_header_value("Content-Type").rfind("application/json", 0) != 0)
    return refuse(response, 415, "send the request as JSON (Content-Type: application/json)");
  if (!slots.try_acquire())
    return refuse(response, 503, "busy: every search slot is taken; try again in a moment");
  struct Release {
    std::counting_semaphore<>& slots;
    ~Release() { slots.release(); }
  } release{slots};
  try {
    response.set_content(answer_lesson_request(registry, request.body, budget), "application/json");
  } catch (const InputError& e) {  // InputError first: it is no UsageError, and says where
    refuse(response, 400, e.what());
  } catch (const UsageError& e) {
    refuse(response, 400, e.what());
  } catch (const WrongAnswer& e) {
    refuse(response, 422, e.what());
  } catch (const std::exception& e) {
    refuse(response, 500, std::string("internal error: ") + e.what());
  }
}

// The server's routes and its limits on connections. Threads beyond the search slots answer the
// page and "busy" while every slot searches; a connection is closed after each answer and a silent
// one after 5 s, so that a few clients cannot hold every thread for long.
void set_up(httplib::Server& server, const ServeCommand& c, const Registry& registry, std::counting_semaphore<>& slots,
            const std::string& page) {
  server.new_task_queue = [threads = c.jobs + 8u] { return new httplib::ThreadPool(threads); };
  server.set_keep_alive_max_count(1);
  server.set_read_timeout(5, 0);
  server.set_payload_max_length(1 << 20);  // a 64x64 puzzle's text is 16 KB
  server.set_error_handler(httplib::Server::HandlerWithResponse([](const httplib::Request&, httplib::Response& r) {
    if (!r.body.empty()) return httplib::Server::HandlerResponse::Unhandled;  // ours, said already
    r.set_content(error_json(r.status == 413   ? "the request is larger than 1 MB"
                             : r.status == 404 ? "no such page: the lesson page is /, its requests POST /lesson"
                                               : "HTTP " + std::to_string(r.status)),
                  "application/json");
    return httplib::Server::HandlerResponse::Handled;
  }));
  server.Get("/", [&page](const httplib::Request&, httplib::Response& response) {
    response.set_content(page, "text/html; charset=utf-8");
  });
  server.Post("/lesson", [&](const httplib::Request& request, httplib::Response& response) {
    answer_lesson(registry, c.budget, slots, request, response);
  });
}

}  // namespace

int cmd_serve(const std::vector<std::string>& args) {
  ServeCommand c;
  const auto parsed = parse_command(args, c, add_serve_options, nullptr, kServeUsage);
  if (!parsed) return kOk;
  if (c.port < 0 || c.port > 65535) throw UsageError("--port takes 0 to 65535");
  if (c.budget.max_nodes == 0 || c.budget.max_steps == 0 || !(c.budget.max_seconds > 0))
    throw UsageError("the budgets --max-nodes, --max-seconds and --max-steps must be above 0");
  if (c.host.empty()) throw UsageError("--host names an address, e.g. 127.0.0.1");
  if (c.jobs == 0) c.jobs = std::max(1u, std::thread::hardware_concurrency());
  const Registry registry = builtin_solvers();
  std::counting_semaphore<> slots(c.jobs);
  std::ostringstream page;
  write_live_lesson_page(page, c.budget);
  const std::string page_text = page.str();
  httplib::Server server;
  set_up(server, c, registry, slots, page_text);
  const int port = c.port == 0 ? server.bind_to_any_port(c.host) : (server.bind_to_port(c.host, c.port) ? c.port : -1);
  if (port < 0) throw UsageError("cannot listen on " + c.host + " port " + std::to_string(c.port) + " (in use?)");
  if (!loopback(c.host))
    std::cerr << "sudokit serve: warning: listening on " << c.host
              << ": anyone who can reach this machine can run searches on it (each within the budget)\n";
  const std::string shown_host = c.host.find(':') != std::string::npos ? "[" + c.host + "]" : c.host;
  std::cout << "sudokit serve: http://" << shown_host << ":" << port << "/ (Ctrl-C stops it)" << std::endl;
  if (server.listen_after_bind()) return kOk;
  std::cerr << "sudokit serve: the server stopped: it could not accept connections\n";
  return kIoError;
}

}  // namespace sudokit::cli
