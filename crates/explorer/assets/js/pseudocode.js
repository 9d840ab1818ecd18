// Short pseudocode of each algorithm, written for a class: a student reads it in one look, beside
// the Rust the trace carries. Each listing's `marks` map an event kind (`iteration` for
// iteration_start, `cutoff` for cut) to the 1-based line the run is at when that event happens.

const IDA = {
  lines: [
    "ida_star(start):",
    "  bound = h(start)",
    "  loop:            # an iteration",
    "    least = ∞      # least f cut",
    "    if search(start, 0): return path",
    "    if least = ∞: return none",
    "    bound = least  # the next bound",
    "",
    "search(node, g):",
    "  expand node",
    "  for child in children(node):",
    "    f = g + cost + h(child)",
    "    if f > bound:  # cut off",
    "      least = min(least, f); next",
    "    if goal(child): return found",
    "    if search(child, g + cost):",
    "      return found",
  ],
  marks: { iteration: 4, expand: 10, cutoff: 14, goal: 15, iteration_end: 7 },
};

// Iterative deepening: IDA* with h = 0 and the bound on depth.
const IDDFS = {
  lines: [
    "iddfs(start):",
    "  depth = 0",
    "  loop:            # an iteration",
    "    deeper = false",
    "    if search(start, 0): return path",
    "    if not deeper: return none",
    "    depth = depth + 1",
    "",
    "search(node, d):",
    "  expand node",
    "  for child in children(node):",
    "    if d + 1 > depth:  # cut off",
    "      deeper = true; next",
    "    if goal(child): return found",
    "    if search(child, d + 1):",
    "      return found",
  ],
  marks: { iteration: 4, expand: 10, cutoff: 13, goal: 14, iteration_end: 7 },
};

// Budgeted tree search (Sturtevant and Helmert's IBEX on trees): IDA*'s iterations, the next
// bound chosen so that each iteration does about twice the work of the one before.
const BTS = {
  lines: [
    "bts(start):",
    "  bound = h(start); work = 0",
    "  loop:            # an iteration",
    "    least = ∞; n = 0  # n: expanded",
    "    if search(start, 0): return path",
    "    if least = ∞: return none",
    "    if n ≥ 2·work: bound = least",
    "    else: bound = the f, found by",
    "      a binary search under a node",
    "      budget, whose tree is ≈ 2·work",
    "    work = n",
    "",
    "search(node, g):",
    "  expand node; n = n + 1",
    "  for child in children(node):",
    "    f = g + cost + h(child)",
    "    if f > bound:  # cut off",
    "      least = min(least, f); next",
    "    if goal(child): return found",
    "    if search(child, g + cost):",
    "      return found",
  ],
  marks: { iteration: 4, expand: 14, cutoff: 18, goal: 19, iteration_end: 7 },
};

// The best-first searches: A* by f = g + h, uniform-cost by g, breadth-first by depth.
const BEST_FIRST = {
  lines: [
    "best_first(start):  # A*: least f",
    "  open = {start}; closed = {}",
    "  while open is not empty:",
    "    node = open.pop_least()",
    "    if node in closed: next",
    "    if goal(node): return path",
    "    closed.add(node); expand node",
    "    for child in children(node):",
    "      if seen at no greater g: next",
    "      open.push(child)",
    "  return none",
  ],
  marks: { pop: 4, goal: 6, expand: 7, skip: 9, push: 10 },
};

const LISTINGS = { ida: IDA, iddfs: IDDFS, bts: BTS, bfs: BEST_FIRST, ucs: BEST_FIRST, astar: BEST_FIRST };

/** The pseudocode of `algorithm`, or null for one not known here. */
export function pseudocodeOf(algorithm) {
  return Object.hasOwn(LISTINGS, algorithm) ? LISTINGS[algorithm] : null;
}
