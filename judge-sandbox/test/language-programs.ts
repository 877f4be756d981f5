/**
 * A+B in every language of the table, and one program per verdict: AC (reads two numbers, prints
 * the sum), WA (prints something else), CE (does not compile or parse), RE (fails at run time),
 * TLE (loops forever). Used by the per-language tests through the CLI and the pipeline.
 */
export type Verdict = 'AC' | 'WA' | 'CE' | 'RE' | 'TLE';
export type Programs = Record<Verdict, string>;

const C: Programs = {
  AC: '#include <stdio.h>\n#include <time.h>\nint main(){ struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n",a+b); return 0; }',
  WA: '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n",a+b+1); return 0; }',
  CE: '#include <stdio.h>\nint main(){ long a,b scanf("%ld",&a); }',
  RE: '#include <stdio.h>\nint main(){ volatile int* p = 0; *p = 1; return 0; }',
  TLE: 'int main(){ volatile unsigned long x = 0; for(;;) x++; }',
};

const CPP: Programs = {
  ...C,
  AC: '#include <iostream>\n#include <time.h>\nint main(){ timespec t; clock_gettime(CLOCK_MONOTONIC, &t); long a,b; std::cin>>a>>b; std::cout<<a+b<<"\\n"; }',
  RE: '#include <stdexcept>\nint main(){ throw std::runtime_error("boom"); }',
};

/** Java: any class name, and a package line (run as pkg.Solution). */
const JAVA: Programs = {
  AC: 'package oj.demo;\nimport java.util.*;\npublic class Solution {\n  static class Helper { static long add(long a, long b) { return a + b; } }\n  public static void main(String[] args) { Scanner s = new Scanner(System.in); System.out.println(Helper.add(s.nextLong(), s.nextLong())); }\n}',
  WA: 'import java.util.*;\nclass Other {}\nclass Prog { public static void main(String[] a){ Scanner s=new Scanner(System.in); System.out.println(s.nextLong()-s.nextLong()); } }',
  CE: 'public class Main { public static void main(String[] a){ int x = } }',
  RE: 'public class Main { public static void main(String[] a){ int[] x = new int[1]; System.out.println(x[5]); } }',
  TLE: 'public class Main { public static void main(String[] a){ long x=0; while(true){ x++; if (x == -1) break; } System.out.println(x); } }',
};

const KOTLIN: Programs = {
  AC: 'package oj.demo\n\nfun main() {\n  val (a, b) = readLine()!!.trim().split(" ").map { it.toLong() }\n  println(a + b)\n}',
  WA: 'object Prog {\n  @JvmStatic fun main(args: Array<String>) { val (a, b) = readLine()!!.trim().split(" ").map { it.toLong() }; println(a - b) }\n}',
  CE: 'fun main() { val x: Int = "s" }',
  RE: 'fun main() { val a = IntArray(1); println(a[5]) }',
  TLE: 'fun main() { var x = 0L; while (x != -1L) x++; println(x) }',
};

const SCALA: Programs = {
  AC: 'package oj.demo\n\nobject Solution {\n  def main(args: Array[String]): Unit = {\n    val Array(a, b) = scala.io.StdIn.readLine().trim.split(" ").map(_.toLong)\n    println(a + b)\n  }\n}',
  WA: 'object Prog extends App { val Array(a, b) = scala.io.StdIn.readLine().trim.split(" ").map(_.toLong); println(a - b) }',
  CE: 'object Main { def main(args: Array[String]): Unit = { val x: Int = "s" } }',
  RE: 'object Main { def main(args: Array[String]): Unit = { val a = new Array[Int](1); println(a(5)) } }',
  TLE: 'object Main { def main(args: Array[String]): Unit = { var x = 0L; while (x != -1L) x += 1; println(x) } }',
};

const PYTHON: Programs = {
  AC: 'a, b = map(int, input().split())\nprint(a + b)',
  WA: 'a, b = map(int, input().split())\nprint(a * b + 7)',
  CE: 'def f(:\n  pass',
  RE: 'raise ValueError("boom")',
  TLE: 'x = 0\nwhile True:\n    x += 1',
};

const JS: Programs = {
  AC: "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);",
  WA: "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a - b);",
  CE: 'function (){',
  RE: 'null.boom();',
  TLE: 'let x = 0; for (;;) { x++; }',
};

const TS: Programs = {
  AC: "import * as fs from 'fs';\nconst [a, b]: number[] = fs.readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);",
  WA: "const [a, b]: number[] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a - b);",
  CE: 'const x: number = "not a number";',
  RE: 'const o: any = null;\no.boom();',
  TLE: 'let x: number = 0;\nfor (;;) { x++; }',
};

export const PROGRAMS: Record<string, Programs> = {
  c: C,
  cpp: CPP,
  java: JAVA,
  kotlin: KOTLIN,
  scala: SCALA,
  python3: PYTHON,
  pypy3: PYTHON,
  js: JS,
  ts: TS,
  ruby: {
    AC: 'a, b = gets.split.map(&:to_i)\nputs a + b',
    WA: 'a, b = gets.split.map(&:to_i)\nputs a - b',
    CE: 'def f(\n  1 +\nend end',
    RE: 'raise "boom"',
    TLE: 'x = 0\nloop { x += 1 }',
  },
  php: {
    AC: '<?php\n[$a, $b] = array_map("intval", preg_split("/\\s+/", trim(fgets(STDIN))));\necho $a + $b, "\\n";',
    WA: '<?php\n[$a, $b] = array_map("intval", preg_split("/\\s+/", trim(fgets(STDIN))));\necho $a - $b, "\\n";',
    CE: '<?php\nfunction f( { }',
    RE: '<?php\nthrow new Exception("boom");',
    TLE: '<?php\n$x = 0;\nwhile (true) { $x++; }',
  },
  lua: {
    AC: 'local a, b = io.read("n", "n")\nprint(string.format("%d", a + b))',
    WA: 'local a, b = io.read("n", "n")\nprint(string.format("%d", a - b))',
    CE: 'local x = = 1',
    RE: 'error("boom")',
    TLE: 'local x = 0\nwhile true do x = x + 1 end',
  },
  perl: {
    AC: 'my ($a, $b) = split " ", <STDIN>;\nprint $a + $b, "\\n";',
    WA: 'my ($a, $b) = split " ", <STDIN>;\nprint $a - $b, "\\n";',
    CE: 'my $x = ;\n}',
    RE: 'die "boom";',
    TLE: 'my $x = 0;\nwhile (1) { $x++; }',
  },
  bash: {
    AC: 'read a b\necho $((a + b))',
    WA: 'read a b\necho $((a - b))',
    CE: 'if then fi (',
    RE: 'exit 3',
    TLE: 'while :; do :; done',
  },
  csharp: {
    AC: 'using System;\nclass Program { static void Main() { var p = Console.ReadLine().Split(); Console.WriteLine(long.Parse(p[0]) + long.Parse(p[1])); } }',
    WA: 'using System;\nclass Program { static void Main() { var p = Console.ReadLine().Split(); Console.WriteLine(long.Parse(p[0]) - long.Parse(p[1])); } }',
    CE: 'class Program { static void Main() { int x = "s"; } }',
    RE: 'class Program { static void Main() { int[] a = new int[1]; a[5] = 1; } }',
    TLE: 'class Program { static void Main() { long x = 0; while (x != -1) x++; System.Console.WriteLine(x); } }',
  },
  elixir: {
    AC: '[a, b] = IO.gets("") |> String.split() |> Enum.map(&String.to_integer/1)\nIO.puts(a + b)',
    WA: '[a, b] = IO.gets("") |> String.split() |> Enum.map(&String.to_integer/1)\nIO.puts(a - b)',
    CE: 'defmodule M do\n  def f( do\nend',
    RE: 'raise "boom"',
    TLE: 'defmodule L do\n  def loop(x), do: loop(x + 1)\nend\nL.loop(0)',
  },
  lisp: {
    AC: '(let ((a (read)) (b (read))) (format t "~d~%" (+ a b)))',
    WA: '(let ((a (read)) (b (read))) (format t "~d~%" (- a b)))',
    CE: '(let ((a (read)) (format t "~d~%" a)',
    RE: '(error "boom")',
    TLE: '(loop)',
  },
  prolog: {
    AC: 'main :- read_line_to_string(user_input, L), split_string(L, " ", " ", [A, B]), number_string(X, A), number_string(Y, B), Z is X + Y, write(Z), nl.\n',
    WA: 'main :- read_line_to_string(user_input, L), split_string(L, " ", " ", [A, B]), number_string(X, A), number_string(Y, B), Z is X - Y, write(Z), nl.\n',
    CE: 'main :- foo(.\n',
    RE: 'main :- X is 1 / 0, write(X), nl.\n',
    TLE: 'loop :- loop.\nmain :- loop.\n',
  },
  r: {
    AC: 'x <- scan(file("stdin"), quiet = TRUE)\ncat(sprintf("%.0f\\n", x[1] + x[2]))',
    WA: 'x <- scan(file("stdin"), quiet = TRUE)\ncat(sprintf("%.0f\\n", x[1] - x[2]))',
    CE: 'f <- function( {',
    RE: 'stop("boom")',
    TLE: 'x <- 0\nrepeat { x <- x + 1 }',
  },
  golang: {
    AC: 'package main\nimport "fmt"\nfunc main() { var a, b int64; fmt.Scan(&a, &b); fmt.Println(a + b) }',
    WA: 'package main\nimport "fmt"\nfunc main() { var a, b int64; fmt.Scan(&a, &b); fmt.Println(a - b) }',
    CE: 'package main\nfunc main() { x := }',
    RE: 'package main\nfunc main() { var a []int; a[5] = 1 }',
    TLE: 'package main\nfunc main() { x := 0; for { x++ } }',
  },
  rust: {
    AC: 'use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect(); println!("{}", v[0] + v[1]); }',
    WA: 'use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect(); println!("{}", v[0] - v[1]); }',
    CE: 'fn main() { let x: i32 = "s"; }',
    RE: 'fn main() { let v: Vec<i32> = Vec::new(); let i = std::env::args().count() + 4; println!("{}", v[i]); }',
    TLE: 'fn main() { let mut x: u64 = 0; let p = &mut x as *mut u64; loop { unsafe { std::ptr::write_volatile(p, std::ptr::read_volatile(p) + 1); } } }',
  },
  pascal: {
    AC: 'var a, b: int64;\nbegin\n  readln(a, b);\n  writeln(a + b);\nend.',
    WA: 'var a, b: int64;\nbegin\n  readln(a, b);\n  writeln(a - b);\nend.',
    CE: 'begin\n  x := ;\nend.',
    RE: 'var a: array[1..2] of longint; i: longint;\nbegin\n  i := 0;\n  a[1] := 10 div i;\n  writeln(a[1]);\nend.',
    TLE: 'var x: int64;\nbegin\n  x := 0;\n  while true do inc(x);\nend.',
  },
  haskell: {
    AC: 'main :: IO ()\nmain = do\n  [a, b] <- map read . words <$> getLine :: IO [Integer]\n  print (a + b)',
    WA: 'main :: IO ()\nmain = do\n  [a, b] <- map read . words <$> getLine :: IO [Integer]\n  print (a - b)',
    CE: 'main = do\n  let x = :: Int\n  print x',
    RE: 'main :: IO ()\nmain = print (head ([] :: [Int]))',
    TLE: 'loop :: Int -> Int\nloop x = loop (x + 1)\nmain :: IO ()\nmain = print (loop 0)',
  },
  ocaml: {
    AC: 'let () = Scanf.scanf " %d %d" (fun a b -> Printf.printf "%d\\n" (a + b))',
    WA: 'let () = Scanf.scanf " %d %d" (fun a b -> Printf.printf "%d\\n" (a - b))',
    CE: 'let () = print_int "s"',
    RE: 'let () = failwith "boom"',
    TLE: 'let rec loop x = loop (x + 1)\nlet () = loop 0',
  },
  fortran: {
    AC: 'program main\n  integer(kind=8) :: a, b\n  read(*,*) a, b\n  write(*,"(I0)") a + b\nend program main',
    WA: 'program main\n  integer(kind=8) :: a, b\n  read(*,*) a, b\n  write(*,"(I0)") a - b\nend program main',
    CE: 'program main\n  integer :: a =\nend program main',
    RE: 'program main\n  error stop 3\nend program main',
    TLE: 'program main\n  integer(kind=8) :: x\n  x = 0\n  do while (x >= 0)\n    x = x + 1\n    if (x > 1000) x = 0\n  end do\nend program main',
  },
  ada: {
    AC: 'with Ada.Long_Long_Integer_Text_IO; use Ada.Long_Long_Integer_Text_IO;\nprocedure Main is\n  A, B : Long_Long_Integer;\nbegin\n  Get (A); Get (B);\n  Put (A + B, Width => 0);\nend Main;',
    WA: 'with Ada.Long_Long_Integer_Text_IO; use Ada.Long_Long_Integer_Text_IO;\nprocedure Main is\n  A, B : Long_Long_Integer;\nbegin\n  Get (A); Get (B);\n  Put (A - B, Width => 0);\nend Main;',
    CE: 'procedure Main is\nbegin\n  X := ;\nend Main;',
    RE: 'procedure Main is\nbegin\n  raise Program_Error;\nend Main;',
    TLE: 'procedure Main is\n  X : Long_Long_Integer := 0;\n  pragma Volatile (X);\nbegin\n  loop\n    X := X + 1;\n    if X > 1000 then X := 0; end if;\n  end loop;\nend Main;',
  },
  d: {
    AC: 'import std.stdio;\nvoid main() { long a, b; readf(" %d %d", &a, &b); writeln(a + b); }',
    WA: 'import std.stdio;\nvoid main() { long a, b; readf(" %d %d", &a, &b); writeln(a - b); }',
    CE: 'void main() { int x = "s"; }',
    RE: 'void main() { throw new Exception("boom"); }',
    TLE: 'void main() { ulong x = 0; while (x != ulong.max) { x = x + 1; if (x > 1000) x = 0; } }',
  },
  erlang: {
    AC: '-module(main).\n-export([main/0]).\nmain() -> {ok, [A, B]} = io:fread("", "~d ~d"), io:format("~w~n", [A + B]).',
    WA: '-module(main).\n-export([main/0]).\nmain() -> {ok, [A, B]} = io:fread("", "~d ~d"), io:format("~w~n", [A - B]).',
    CE: '-module(main).\n-export([main/0]).\nmain() -> X = .',
    RE: '-module(main).\n-export([main/0]).\nmain() -> erlang:error(boom).',
    TLE: '-module(main).\n-export([main/0]).\nloop(X) -> loop(X + 1).\nmain() -> loop(0).',
  },
};

/** The programs of a language id: its family's (C ids share C's, C++ ids C++'s). */
export function programsFor(id: string): Programs | undefined {
  if (/^c(\d+)?(-o2)?$/.test(id)) return PROGRAMS.c;
  if (/^cpp(\d+)?(-o2)?$/.test(id)) return PROGRAMS.cpp;
  return PROGRAMS[id];
}
