/** Placeholder until the benchmark issue lands: `npm run bench` works on a fresh clone. */
console.log('no benchmarks yet');
