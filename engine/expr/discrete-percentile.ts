/**
 * `DiscretePercentile` (percentile_algo_discrete.cpp), the algorithm behind the `$percentile` and
 * `$median` expressions: over an array the server uses it for the "approximate" method too (no
 * t-digest is built for an expression's input), so the answer is always one of the samples.
 */

/**
 * `PercentileAlgorithm::computeTrueRank`: the 0-based rank of percentile `p` among `n` sorted
 * samples, `ceil(n * p) - 1` resolved towards the lower rank, `n - 1` for p = 1.
 */
export function discreteRank(n: number, p: number): number {
  if (p >= 1) return n - 1;
  return Math.max(0, Math.ceil(n * p) - 1);
}

/**
 * The percentiles `ps` of `samples`, or null when there is nothing to rank. NaN samples are
 * ignored (`DiscretePercentile::incorporate`); infinities are counted and rank below/above every
 * finite sample.
 */
export function discretePercentiles(samples: readonly number[], ps: readonly number[]): number[] | null {
  const finite: number[] = [];
  let negInf = 0;
  let posInf = 0;
  for (const x of samples) {
    if (Number.isNaN(x)) continue;
    if (x === Infinity) posInf++;
    else if (x === -Infinity) negInf++;
    else finite.push(x);
  }
  const total = finite.length + negInf + posInf;
  if (total === 0) return null;
  finite.sort((a, b) => a - b);
  return ps.map((p) => {
    const rank = discreteRank(total, p);
    if (rank < negInf) return -Infinity;
    if (rank >= finite.length + negInf) return Infinity;
    return finite[rank - negInf]!;
  });
}
