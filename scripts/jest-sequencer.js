/**
 * Jest's order, with the suites known to take a minute or more started first. On a clean clone (CI) jest has no
 * timings cached and starts the largest files first, so a 170-second suite could start late and run alone at the
 * end while the other worker sat idle. Within each group jest's own order (cached timings, then file size) stays.
 */
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Measured on 2026-11-24 (seconds): slowest first. The sandbox's hostile suite (27 s) is left in jest's order: started
 * beside the heaviest suites, its million-file run's cgroup once outlived the judge's wait for its removal.
 */
const SLOW_SUITES = [
  'backend/test/crash-safety.e2e.spec.ts', // 168
  'judge-sandbox/test/all-languages.spec.ts', // 129
  'backend/test/pipeline-scale.e2e.spec.ts', // 118
  'frontends/admin/test/group-apply.spec.tsx', // 66
  'backend/test/first-start.e2e.spec.ts', // 45 (2026-11-28, load 4): npm start twice, the demo made and judged
  'frontends/admin/test/contest-problem-editor.spec.tsx', // 40
  'frontends/admin/test/group-scope.spec.tsx', // 38
  'backend/test/remote-judge/remote-crash.e2e.spec.ts', // 36 (2026-11-29): two backend processes, a kill, a takeover
  'backend/test/demo-content.e2e.spec.ts', // 31
  'judge-sandbox/test/languages.spec.ts', // 30
];

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const i = SLOW_SUITES.findIndex((suffix) => test.path.endsWith(suffix));
      return i < 0 ? SLOW_SUITES.length : i;
    };
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = SlowFirstSequencer;
