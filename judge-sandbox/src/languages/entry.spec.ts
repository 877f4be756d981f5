import { javaEntry, kotlinEntry, scalaEntry } from './entry';

describe('JVM entry points', () => {
  it('Java: the public class names the file, the class with main is run, with its package', () => {
    expect(javaEntry('package a.b;\npublic class Solution { public static void main(String[] x) {} }')).toEqual({
      sourceFile: 'Solution.java',
      entry: 'a.b.Solution',
    });
    // No public class: the first top-level class with main; a nested class with main does not count.
    expect(
      javaEntry(
        'class Helper { static class Inner { public static void main(String[] a) {} } }\nclass Prog { public static void main(String[] a) {} }',
      ),
    ).toEqual({ sourceFile: 'Main.java', entry: 'Prog' });
    expect(javaEntry('import java.util.*;\nclass A {}\nclass Prog { public static void main(String[] a) {} }')).toEqual({
      sourceFile: 'Main.java',
      entry: 'Prog',
    });
    // Words in comments and strings are not declarations.
    expect(
      javaEntry(
        '// public class Fake\n/* class Other { static void main( */\npublic class Main { static String s = "class X {"; public static void main(String[] a) {} }',
      ),
    ).toEqual({
      sourceFile: 'Main.java',
      entry: 'Main',
    });
  });

  it('Kotlin: a top-level main is MainKt, else the object with main', () => {
    expect(kotlinEntry('package x.y\nfun main() { println(1) }')).toEqual({ sourceFile: 'main.kt', entry: 'x.y.MainKt' });
    expect(kotlinEntry('object Prog { @JvmStatic fun main(args: Array<String>) {} }')).toEqual({ sourceFile: 'main.kt', entry: 'Prog' });
  });

  it('Scala: the object with main or extends App', () => {
    expect(scalaEntry('package p\nobject Util { def f = 1 }\nobject Run extends App { println(1) }')).toEqual({
      sourceFile: 'main.scala',
      entry: 'p.Run',
    });
    expect(scalaEntry('object Main { def main(args: Array[String]): Unit = () }')).toEqual({ sourceFile: 'main.scala', entry: 'Main' });
  });
});
