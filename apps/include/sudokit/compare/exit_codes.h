// The exit codes of the sudokit command line (README.md lists them). When several apply, the
// largest wins.
#pragma once

namespace sudokit {

enum ExitCode : int {
  kOk = 0,            // every puzzle solved (and, for compare, every answer verified and agreed)
  kUnsolved = 1,      // some puzzle has no solution, or a limit stopped its search (compare too)
  kBadInput = 2,      // some puzzle or file could not be read; the others were still processed
  kUsage = 3,         // bad command line: unknown option, backend or value
  kDisagreement = 4,  // an answer failed verification, or backends disagree
  kIoError = 5,       // a file could not be opened or written
  kInternal = 70,     // a bug (an exception sudokit did not expect), or out of memory
};

}  // namespace sudokit
