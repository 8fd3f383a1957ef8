// sudokit: the command line. Each subcommand lives in its own cmd_*.cpp.
#include <algorithm>
#include <cerrno>
#include <exception>
#include <iostream>
#include <map>
#include <new>

#include "cli.h"
#include "sudokit/allocator.h"
#include "sudokit/errors.h"

namespace {

constexpr const char* kMainUsage =
    "usage: sudokit COMMAND [OPTIONS] [FILE...]\n"
    "\n"
    "commands:\n"
    "  solve     solve puzzles with one backend\n"
    "  compare   run backends side by side: verify, cross-check, measure\n"
    "  report    the summary table of compare's CSV files (e.g. merged shards)\n"
    "  generate  random puzzles with one solution, reproducible from a seed\n"
    "  solvers   list the backends\n"
    "  encode    write a puzzle as an exact-cover matrix (DLX format) or a CNF formula (DIMACS)\n"
    "  xc        solve an exact-cover file in Knuth's DLX format\n"
    "  check     verify another solver's answers (and its claims of uniqueness or no solution)\n"
    "  decode    a SAT solver's model of an encoded puzzle as a grid (or options), verified\n"
    "  check-proof  check a DRAT proof that a CNF formula has no solution\n"
    "  teach     a page that plays one puzzle's searches back side by side, step by step\n"
    "  serve     the same page served live on 127.0.0.1: any puzzle, any methods, \"what if\"\n"
    "  rate      how hard each puzzle is for a person, on Sudoku Explainer's scale (ER/EP/ED), or a hint\n"
    "  estimate  how big each backend's search of each puzzle is, by random probes, before running it\n"
    "\n"
    "`sudokit COMMAND --help` describes each command. Exit codes: 0 ok, 1 a puzzle unsolved or stopped,\n"
    "2 bad input, 3 bad command line, 4 a wrong answer or backends disagree, 5 cannot read or write a file,\n"
    "70 internal error or out of memory.\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace sudokit;
  using namespace sudokit::cli;
  const std::map<std::string, int (*)(const std::vector<std::string>&)> commands = {
      {"solve", cmd_solve},
      {"solvers", cmd_solvers},
      {"encode", cmd_encode},
      {"xc", cmd_xc},
      {"compare", cmd_compare},
      {"report", cmd_report},
      {"generate", cmd_generate},
      {"check", cmd_check},
      {"decode", cmd_decode},
      {"check-proof", cmd_check_proof},
      {"teach", cmd_teach},
      {"estimate", cmd_estimate},
      {"rate", cmd_rate},
      {"serve", cmd_serve},
  };
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::cout << kMainUsage;
    return args.empty() ? static_cast<int>(kUsage) : static_cast<int>(kOk);
  }
  if (args[0] == "--version") {
    std::cout << "sudokit " << SUDOKIT_VERSION << " (allocator: " << sudokit::allocator_name() << ")\n";
    return kOk;
  }
  auto it = commands.find(args[0]);
  if (it == commands.end()) {
    std::cerr << "sudokit: unknown command '" << args[0] << "'\n" << kMainUsage;
    return kUsage;
  }
  int code = kOk;
  try {
    code = it->second(std::vector<std::string>(args.begin() + 1, args.end()));
    check_written(std::cout, "stdout");  // output lost to a full disk must not exit 0
    return code;
  } catch (const WriteError& e) {
    // A reader that went away (`| head` with SIGPIPE ignored) is no news: exit quietly.
    if (e.error() != EPIPE) std::cerr << "sudokit: " << e.what() << "\n";
    return std::max(code, static_cast<int>(kIoError));
  } catch (const boost::program_options::error& e) {
    std::cerr << "sudokit " << args[0] << ": " << e.what() << " (see sudokit " << args[0] << " --help)\n";
    return kUsage;
  } catch (const sudokit::UsageError& e) {
    std::cerr << "sudokit " << args[0] << ": " << e.what() << "\n";
    return kUsage;
  } catch (const sudokit::WrongAnswer& e) {  // rejected by the verifier where no puzzle loop reported it
    std::cerr << "sudokit " << args[0] << ": " << e.what() << "\n";
    return kDisagreement;
  } catch (const sudokit::ExternalError& e) {  // an external solver gave no usable answer
    std::cerr << "sudokit " << args[0] << ": " << e.what() << "\n";
    return kDisagreement;
  } catch (const sudokit::InputError& e) {
    std::cerr << "sudokit: " << e.what() << "\n";
    return kBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "sudokit: out of memory\n";
    return kInternal;
  } catch (const std::exception& e) {
    std::cerr << "sudokit: internal error: " << e.what() << "\n";
    return kInternal;
  }
}
