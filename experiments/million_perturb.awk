# Perturbs Sudoku puzzles for experiments/million.sh, deterministically (no random numbers: the
# same input gives the same output on every machine and awk).
#
# Input: lines "PUZZLE SOLUTION", both in line form (n*n characters, blanks '.' or '0', digits
# 1-9 then A-Z), the solution one the puzzle has. Variables: r and c (the box is r x c, so
# n = r*c), mode:
#   several  remove `remove` givens (default 1), chosen by the line's number: a minimal puzzle
#            (every 17-clue one) then has several solutions; another one may keep one;
#   none     fill one blank cell with a digit that is not its solution digit and not given in its
#            row, column or box: the puzzle reads (no digit repeated in a unit) but has no
#            solution, since every solution of it would be a solution of the original, whose only
#            one has another digit there (an original with several solutions may keep some).
# Output: the perturbed puzzles, one a line, '.' for a blank. A puzzle with no such cell is
# left out (none is, in practice), so the output may be shorter than the input.
BEGIN {
  digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
  n = r * c
  if (remove == "") remove = 1
  if (n < 2 || (mode != "several" && mode != "none")) { print "million_perturb.awk: set r, c and mode" > "/dev/stderr"; exit 2 }
}
function is_blank(ch) { return ch == "." || ch == "0" }
{
  p = $1; s = $2
  if (length(p) != n * n || length(s) != n * n) { print "million_perturb.awk: line " NR ": not two " n "x" n " grids" > "/dev/stderr"; exit 2 }
  gsub(/0/, ".", p)
  if (mode == "several") {
    for (k = 0; k < remove; ++k) {
      g = 0
      for (i = 1; i <= n * n; ++i) if (!is_blank(substr(p, i, 1))) given[g++] = i
      if (g == 0) break
      at = given[(NR * 7 + k * 13) % g]
      p = substr(p, 1, at - 1) "." substr(p, at + 1)
    }
    print p
    next
  }
  # mode none: the blank cells in order from an offset set by the line's number
  b = 0
  for (i = 1; i <= n * n; ++i) if (is_blank(substr(p, i, 1))) blank[b++] = i
  done = 0
  for (t = 0; t < b && !done; ++t) {
    cell = blank[(NR * 11 + t) % b]
    row = int((cell - 1) / n); col = (cell - 1) % n
    br = int(row / r) * r; bc = int(col / c) * c
    used = ""
    for (j = 0; j < n; ++j) {
      used = used substr(p, row * n + j + 1, 1) substr(p, j * n + col + 1, 1)
      used = used substr(p, (br + int(j / c)) * n + bc + j % c + 1, 1)
    }
    for (u = 0; u < n && !done; ++u) {
      d = substr(digits, (NR + u) % n + 1, 1)
      if (d == substr(s, cell, 1) || index(used, d)) continue
      p = substr(p, 1, cell - 1) d substr(p, cell + 1)
      done = 1
    }
  }
  if (done) print p
}
