#!/usr/bin/env bash
# threadring entry point. Thin on purpose: find a JDK, build benchmarks.jar when it is missing
# or older than the sources, then hand over to the Java CLI (threadring.bench.cli.Cli), which
# validates options, pins cpus with taskset, runs JMH and writes results/.
set -euo pipefail

home=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
jar="$home/ring-bench/target/benchmarks.jar"
prog=benchmark.sh

die() { echo "$prog: $1" >&2; exit "${2:-1}"; }

java_feature() { # prints the feature release of a JDK home, or nothing
  "$1/bin/java" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

# The CLI runs on the first JDK >= 21 with javac (JAVA_HOME, then the usual install places); the
# JDKs a run measures are --jdk's (a release such as 21, or a home), which the CLI resolves.
host=""
for candidate in ${JAVA_HOME:+"$JAVA_HOME"} /usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* \
    "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
  [[ -x "$candidate/bin/java" && -x "$candidate/bin/javac" ]] || continue
  feature=$(java_feature "$candidate")
  if [[ -n "$feature" && "$feature" -ge 21 ]]; then host=$candidate; break; fi
done
[[ -n "$host" ]] || die "no JDK 21+ found (looked at JAVA_HOME, /usr/lib/jvm, /opt/java, ~/.sdkman); install one or set JAVA_HOME"
echo "$prog: using JDK $host ($("$host/bin/java" -version 2>&1 | head -n 1))" >&2

case "${1:-}" in -h|--help|help) exec "$host/bin/java" -cp "$jar" threadring.bench.cli.Cli -h 2>/dev/null || true ;; esac

if [[ ! -f "$jar" ]] || [[ -n "$(find "$home" \( -path "$home/results" -o -path "$home/.jdks" \) -prune -o \
      \( -name pom.xml -o -path '*/src/main/*' \) -newer "$jar" -print -quit)" ]]; then
  command -v mvn >/dev/null || die "benchmarks.jar needs building and Maven (mvn 3.8+) is not on PATH"
  echo "$prog: building benchmarks.jar (mvn -q -DskipTests package) ..." >&2
  (cd "$home" && mvn -B -q -Dstyle.color=never -DskipTests package) >&2 || die "build failed (run 'mvn -DskipTests package' to see why)"
fi

# JDK 23+ warns on every sun.misc.Unsafe memory access (Akka, Pekko, Scala 3, JMH): allowed, so that
# the console shows the tool's own lines; older JDKs do not know the flag.
quiet=()
[[ "$(java_feature "$host")" -ge 23 ]] && quiet=(--sun-misc-unsafe-memory-access=allow)
# The echo server at 10,000 connections holds a file per connection, in the server and in wrk: the
# soft limit of open files goes up to the hard one (the tool says so if that is still too low).
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec "$host/bin/java" "${quiet[@]}" -Dthreadring.home="$home" -Dthreadring.prog="$prog" -cp "$jar" threadring.bench.cli.Cli "$@"
