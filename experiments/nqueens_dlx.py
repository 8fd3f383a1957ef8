#!/usr/bin/env python3
"""Writes the N-queens problem as an exact-cover file in Knuth's DLX format.

    experiments/nqueens_dlx.py 8 > 8queens.dlx && sudokit xc --count 8queens.dlx   # 92 solutions

Rows R1..RN and columns C1..CN are primary (exactly one queen each); the diagonals A2..A2N
(row + column) and B1..B2N-1 (row - column + N) are secondary (at most one queen each).
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
print(f"| {n} queens as exact cover")
rows = [f"R{i}" for i in range(1, n + 1)]
cols = [f"C{i}" for i in range(1, n + 1)]
diag_a = [f"A{s}" for s in range(2, 2 * n + 1)]
diag_b = [f"B{d}" for d in range(1, 2 * n)]
print(" ".join(rows + cols + ["|"] + diag_a + diag_b))
for r in range(1, n + 1):
    for c in range(1, n + 1):
        print(f"R{r} C{c} A{r + c} B{r - c + n}")
