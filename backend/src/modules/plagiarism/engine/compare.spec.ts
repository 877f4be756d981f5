import { commonLimit, compareGroup } from './compare';
import { fingerprints, TokenDictionary, WINNOW } from './fingerprint';
import { languageGroup, tokenize } from './tokenize';
import { disguisedCopy, randomProgram } from '../../../bench/plagiarism-corpus';

const DIJKSTRA = `#include <bits/stdc++.h>
using namespace std;
typedef long long ll;
const ll INF = 1e18;
vector<pair<int, ll>> adj[200005];
ll dist[200005];

// shortest paths from vertex 1
int main() {
  int n, m;
  scanf("%d %d", &n, &m);
  for (int i = 0; i < m; i++) {
    int u, v; ll w;
    scanf("%d %d %lld", &u, &v, &w);
    adj[u].push_back({v, w});
    adj[v].push_back({u, w});
  }
  for (int i = 1; i <= n; i++) dist[i] = INF;
  priority_queue<pair<ll, int>, vector<pair<ll, int>>, greater<pair<ll, int>>> pq;
  dist[1] = 0;
  pq.push({0, 1});
  while (!pq.empty()) {
    auto [d, u] = pq.top();
    pq.pop();
    if (d > dist[u]) continue;
    for (auto [v, w] : adj[u]) {
      if (dist[u] + w < dist[v]) {
        dist[v] = dist[u] + w;
        pq.push({dist[v], v});
      }
    }
  }
  for (int i = 1; i <= n; i++) printf("%lld ", dist[i] == INF ? -1 : dist[i]);
  puts("");
  return 0;
}
`;

/** The copier's edits: every name changed, comments rewritten, blank lines moved, spacing and braces reflowed. */
const DIJKSTRA_COPY = `#include <iostream>
#include <queue>
#include <vector>
using namespace std;

typedef long long i64;

const i64 BIG = 1e18;
/* graph */
vector<pair<int, i64>> graph[200005];

i64 best[200005];
int main()
{
  int vertices, edges;


  scanf("%d %d", &vertices, &edges);
  for (int k = 0; k < edges; k++)
  {
    int from, to; i64 cost;
    scanf("%d %d %lld", &from, &to, &cost);

    graph[from].push_back({to, cost});
    graph[to].push_back({from, cost});
  }
  for (int k = 1; k <= vertices; k++) best[k] = BIG;   // reset
  priority_queue<pair<i64, int>, vector<pair<i64, int>>, greater<pair<i64, int>>> heap;
  best[1] = 0;
  heap.push({0, 1});

  while (!heap.empty())
  {
    auto [cur, x] = heap.top();
    heap.pop();
    if (cur > best[x]) continue;
    for (auto [y, c] : graph[x])
      {
        if (best[x] + c < best[y]) { best[y] = best[x] + c; heap.push({best[y], y}); }
      }
  }
  for (int k = 1; k <= vertices; k++) printf("%lld ", best[k] == BIG ? -1 : best[k]);
  puts("");
  return 0;
}
`;

const APLUSB_SCANF = `#include <cstdio>
int main() {
  long long a, b;
  scanf("%lld %lld", &a, &b);
  printf("%lld\\n", a + b);
  return 0;
}`;

const APLUSB_STREAM = `#include <iostream>
using namespace std;
int add(int x, int y) { return x + y; }
int main() {
    int p, q;
    while (cin >> p >> q) cout << add(p, q) << endl;
}`;

const SIEVE_PY = `import sys

def sieve(limit):
    """primes up to limit"""
    mark = [True] * (limit + 1)
    mark[0] = mark[1] = False
    for i in range(2, int(limit ** 0.5) + 1):
        if mark[i]:
            for j in range(i * i, limit + 1, i):
                mark[j] = False
    return [i for i in range(limit + 1) if mark[i]]

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    primes = sieve(n)
    print(len(primes))
    print(' '.join(map(str, primes[:10])))

main()
`;

const SIEVE_PY_COPY = `import sys
# my own work


def eratosthenes(top):
    ok = [True] * (top + 1)
    ok[0] = ok[1] = False

    for p in range(2, int(top ** 0.5) + 1):
        if ok[p]:
            for q in range(p * p, top + 1, p):
                ok[q] = False
    return [p for p in range(top + 1) if ok[p]]


def solve():
    tokens = sys.stdin.read().split()
    count = int(tokens[0])
    found = eratosthenes(count)
    print(len(found))
    print(' '.join(map(str, found[:10])))
solve()
`;

const GCD_JAVA = `import java.util.*;
public class Main {
  static long gcd(long a, long b) { return b == 0 ? a : gcd(b, a % b); }
  public static void main(String[] args) {
    Scanner in = new Scanner(System.in);
    int n = in.nextInt();
    long g = 0, l = 1;
    for (int i = 0; i < n; i++) {
      long x = in.nextLong();
      g = gcd(g, x);
      l = l / gcd(l, x) * x;
    }
    System.out.println(g + " " + l);
  }
}`;

const GCD_JAVA_COPY = `import java.util.Scanner;

public class Main {
    static long euclid(long p, long q) {
        return q == 0 ? p : euclid(q, p % q);
    }

    public static void main(String[] argv) {
        Scanner sc = new Scanner(System.in);
        int count = sc.nextInt();
        long d = 0, lcm = 1;   // results
        for (int k = 0; k < count; k++) {
            long v = sc.nextLong();
            d = euclid(d, v);
            lcm = lcm / euclid(lcm, v) * v;
        }
        System.out.println(d + " " + lcm);
    }
}`;

const texts = (code: string, lexer: 'c' | 'python' | 'java') => tokenize(code, lexer).map((t) => t.text);

describe('tokens', () => {
  it('C and C++: names, numbers and literals normalised; comments, includes and spacing gone; keywords kept', () => {
    expect(texts('#include <x>\nint   total = 42; // a\n/* b\n */ char s[] = "hi\\"x", c = \'q\';', 'c')).toEqual(
      'int I = N ; char I [ ] = S , I = S ;'.split(' '),
    );
    expect(texts('x >>= 1e-9 + 0x1F; a->b::c', 'c')).toEqual('I >>= N + N ; I -> I :: I'.split(' '));
  });

  it('Python: indentation as block marks, line ends as `;`, strings (triple and prefixed) as S, comments gone', () => {
    expect(texts('def f(a):\n  # c\n\n  if a:\n    return f"x{a}"\n  return """doc\nmore"""\nprint(f(1))\n', 'python')).toEqual(
      'def I ( I ) : ; > if I : ; > return S ; < return S ; < print ( I ( N ) ) ;'.split(' '),
    );
    // a bracket spans lines without ending the line
    expect(texts('x = [1,\n     2]\ny = 3\n', 'python')).toEqual('I = [ N , N ] ; I = N ;'.split(' '));
  });

  it('keeps each token on its own line', () => {
    expect(tokenize('int a;\n\n\nreturn a;', 'c').map((t) => t.line)).toEqual([1, 1, 1, 4, 4, 4]);
  });

  it('groups languages: C with C++ in every standard, Python 2/3 with PyPy, Java; others by their own name', () => {
    expect(languageGroup('C++ 17 With O2')).toEqual({ key: 'C/C++', lexer: 'c' });
    expect(languageGroup('C')).toEqual({ key: 'C/C++', lexer: 'c' });
    expect(languageGroup('PyPy3')).toEqual({ key: 'Python', lexer: 'python' });
    expect(languageGroup('Python3')).toEqual({ key: 'Python', lexer: 'python' });
    expect(languageGroup('Java')).toEqual({ key: 'Java', lexer: 'java' });
    expect(languageGroup('Haskell')).toEqual({ key: 'Haskell', lexer: 'characters' });
  });
});

describe('winnowing', () => {
  it('keeps one hash per window and finds every shared run of k + w - 1 tokens', () => {
    const dict = new TokenDictionary();
    const tokens = tokenize(DIJKSTRA, 'c');
    const prints = fingerprints(tokens, dict, WINNOW.tokens);
    // density about 2 / (w + 1)
    expect(prints.length).toBeGreaterThan(tokens.length / (WINNOW.tokens.w + 1));
    expect(prints.length).toBeLessThan((tokens.length * 3) / (WINNOW.tokens.w + 1));
    for (let i = 1; i < prints.length; i++) expect(prints[i].at - prints[i - 1].at).toBeLessThanOrEqual(WINNOW.tokens.w);
    // a program too short for one run has no fingerprint
    expect(fingerprints(tokenize('int a;', 'c'), dict, WINNOW.tokens)).toEqual([]);
  });
});

describe('pairs', () => {
  it('a copy with renamed identifiers, rewritten comments and moved blank lines scores far above the threshold', () => {
    const { pairs, comparedPairs } = compareGroup([{ code: DIJKSTRA }, { code: DIJKSTRA_COPY }], 'c', 60);
    expect(comparedPairs).toBe(1);
    expect(pairs).toHaveLength(1);
    expect(pairs[0].similarity).toBeGreaterThanOrEqual(90);
  });

  it('two independent A + B solutions stay below it', () => {
    const { pairs } = compareGroup([{ code: APLUSB_SCANF }, { code: APLUSB_STREAM }], 'c', 60);
    expect(pairs).toEqual([]);
    // a program that reads its input the same way shares a line or two with it, and no more
    expect(compareGroup([{ code: APLUSB_SCANF }, { code: DIJKSTRA }], 'c', 0).pairs[0].similarity).toBeLessThan(30);
  });

  it('Python and Java copies are found as well', () => {
    expect(compareGroup([{ code: SIEVE_PY }, { code: SIEVE_PY_COPY }], 'python', 60).pairs[0]?.similarity).toBeGreaterThanOrEqual(90);
    expect(compareGroup([{ code: GCD_JAVA }, { code: GCD_JAVA_COPY }], 'java', 60).pairs[0]?.similarity).toBeGreaterThanOrEqual(80);
    // the sieve and the gcd have nothing in common
    expect(compareGroup([{ code: SIEVE_PY }, { code: GCD_JAVA }], 'characters', 30).pairs).toEqual([]);
  });

  it('other languages are compared by characters: a reindented copy with blank lines put in matches fully', () => {
    const hs =
      'main :: IO ()\nmain = do\n  line <- getLine\n  let [a, b] = map read (words line) :: [Integer]\n  print (a + b)\n  mapM_ print [1..a]\n';
    const reflowed = hs.replace(/\n {2}/g, '\n\n      ');
    expect(compareGroup([{ code: hs }, { code: reflowed }], 'characters', 60).pairs[0]?.similarity).toBe(100);
  });

  it('shows the copied block as matching line ranges in both programs', () => {
    const block = DIJKSTRA.split('\n').slice(21, 33).join('\n'); // the while loop, lines 22..33
    const host = `int unrelated() {\n  int s = 0;\n  for (int i = 0; i < 10; i++) s += i * i;\n  return s;\n}\n${block}\n`;
    const [pair] = compareGroup([{ code: DIJKSTRA }, { code: host }], 'c', 10).pairs;
    expect(pair).toBeDefined();
    // the largest region is the loop, to its first and last line: 22..33 of the first, 6..17 of the second
    const r = [...pair.regions].sort((x, y) => y.aTo - y.aFrom - (x.aTo - x.aFrom))[0];
    expect(r).toEqual({ aFrom: 22, aTo: 33, bFrom: 6, bTo: 17 });
  });

  it("a region runs to the copied block's first and last line, wherever winnowing kept its fingerprints", () => {
    const ends: string[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const source = randomProgram(300 + seed, 60).split('\n');
      const block = source.slice(20, 40); // lines 21..40
      const before = randomProgram(900 + seed, 10).split('\n');
      const host = [...before, ...block, ...randomProgram(950 + seed, 10).split('\n')];
      const [pair] = compareGroup([{ code: source.join('\n') }, { code: host.join('\n') }], 'c', 0).pairs;
      const r = [...pair.regions].sort((x, y) => y.aTo - y.aFrom - (x.aTo - x.aFrom))[0];
      // the host's lines counted from the block's first; the region covers the block and runs at most one line past
      // it (normalised tokens, identifiers all alike, may go on matching into the next line)
      const covers = (from: number, to: number, first: number, last: number) =>
        from <= first && from >= first - 1 && to >= last && to <= last + 1;
      ends.push(`${seed}: ${covers(r.aFrom, r.aTo, 21, 40) && covers(r.bFrom - before.length, r.bTo - before.length, 1, 20)}`);
    }
    expect(ends).toEqual(Array.from({ length: 20 }, (_, i) => `${i + 1}: true`));
  });

  it('code every program holds is no evidence: past the common limit it leaves the counts', () => {
    // 12 independent programs that all carry the same fast-input routine
    const routine =
      'inline int readInt() { int x = 0, c = getchar(); while (c < 48) c = getchar(); while (c >= 48) { x = x * 10 + c - 48; c = getchar(); } return x; }\n';
    const bodies = Array.from({ length: 12 }, (_, i) => routine + randomProgram(100 + i, 12));
    expect(commonLimit(bodies.length)).toBe(10);
    const { pairs } = compareGroup(
      bodies.map((code) => ({ code })),
      'c',
      60,
    );
    expect(pairs).toEqual([]);
    // below the limit it is evidence: the same programs, two at a time, are pairs
    expect(
      compareGroup(
        bodies.slice(0, 2).map((code) => ({ code })),
        'c',
        30,
      ).pairs,
    ).toHaveLength(1);
  });

  it('the benchmark corpus: independent programs stay below the threshold, their disguised copies far above', () => {
    const programs = Array.from({ length: 40 }, (_, i) => randomProgram(i + 1));
    const copies = [disguisedCopy(programs[3], 7), disguisedCopy(programs[17], 8)];
    const { pairs, comparedPairs } = compareGroup(
      [...programs, ...copies].map((code) => ({ code })),
      'c',
      60,
    );
    expect(comparedPairs).toBe((42 * 41) / 2);
    expect(pairs.map((p) => [p.a, p.b])).toEqual([
      [3, 40],
      [17, 41],
    ]);
    for (const p of pairs) expect(p.similarity).toBeGreaterThanOrEqual(95);
  });
});
